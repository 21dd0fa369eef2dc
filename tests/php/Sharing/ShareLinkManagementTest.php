<?php
/**
 * Managed share links: one working link per item, renew, withdraw, revoked recipients,
 * e-mailed links used once, and the daily purge.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Sharing;

use LibraryPortal\Core\Database\Schema;
use LibraryPortal\Core\Seats\ShareLinks;
use LibraryPortal\Lifecycle\Installer;
use LibraryPortal\Sharing\ShareLinkPurge;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Over real REST dispatch (docs/rules/seats-and-sharing.md, "Sharing seats").
 */
final class ShareLinkManagementTest extends TestCase {

	use ServesRequests;

	/**
	 * The owner's link reply for an item.
	 *
	 * @param int                  $owner  Owner.
	 * @param int                  $item   Item.
	 * @param array<string, mixed> $params Body.
	 * @return array{link: string, expires_at: int, code: string}
	 */
	private function link( int $owner, int $item, array $params = array() ): array {
		$reply = $this->send( 'POST', '/library/v2/share-link/' . $item, $owner, $params );
		$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
		$data = $reply->get_data()['data'];
		$this->assertSame( array( 'link', 'expires_at', 'expires_date' ), array_keys( $data ) );
		$this->assertSame( wp_date( (string) get_option( 'date_format' ), $data['expires_at'] ), $data['expires_date'], 'The date as the site writes it.' );
		preg_match( '#/shareseats/([A-Za-z0-9_-]+)/$#', $data['link'], $match );
		$this->assertNotEmpty( $match );
		return array_merge( $data, array( 'code' => $match[1] ) );
	}

	/**
	 * An accept's status and code (or message on success).
	 *
	 * @param int    $user User.
	 * @param string $code Link code.
	 * @return array{0: int, 1: string}
	 */
	private function accept( int $user, string $code ): array {
		$data = $this->send( 'POST', '/library/v2/accept-share', $user, array( 'encoded' => $code ) )->get_data();
		return array( $data['success'] ? 200 : (int) $data['data']['status'], $data['success'] ? $data['data']['message'] : $data['error_code'] );
	}

	/**
	 * The share-link rows, by ID.
	 *
	 * @return array<int, array<string, int|string>>
	 */
	private function link_rows(): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT id, recipient_email, created_at, revoked_at, used_at FROM %i ORDER BY id', ( new Schema( $wpdb ) )->table( 'share_links' ) ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQLPlaceholders -- the test reads the table itself; %i is newer than WPCS 2.3.
		return array_column( $rows, null, 'id' );
	}

	public function test_a_recipient_whose_share_was_revoked_cannot_take_a_seat_again_with_the_same_link(): void {
		$owner  = $this->make_user( 'subscriber', array( 'display_name' => 'Olivia Owner' ) );
		$member = $this->make_user();
		$item   = Library::item( 'Revocable' );
		Library::grant( $owner, $item, 3 );
		$code = $this->link( $owner, $item )['code'];
		$this->assertSame( array( 200, 'Successfully added to your library!' ), $this->accept( $member, $code ) );
		$seat    = $this->send( 'GET', '/library/v2/videosharedata/' . $item, $owner )->get_data()['data']['share_data'][0]['share_id'];
		$revoked = $this->send( 'POST', '/library/v2/revoke-share/' . $seat, $owner );
		$this->assertSame( 'Access revoked. The license is available again.', $revoked->get_data()['data']['message'] );

		$again = $this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $code ) );

		$this->assertSame( array( 409, 'share_revoked' ), array( $again->get_status(), $again->get_data()['error_code'] ) );
		$this->assertSame( 'Olivia Owner took this license back from you, so this link no longer works for you. Ask them if you need access again.', $again->get_data()['message'] );
		$this->assertSame(
			array(
				'available' => 3,
				'assigned'  => 0,
				'activated' => 0,
			),
			Library::seat_states( $item ),
			'No seat taken.'
		);
		$this->assertSame( array( 200, 'Successfully added to your library!' ), $this->accept( $this->make_user(), $code ), 'The link still works for the rest of the team.' );

		// The owner decides to give it back: a link made after the revoke works for them again.
		$this->assertSame( array( 200, 'Successfully added to your library!' ), $this->accept( $member, $this->link( $owner, $item, array( 'renew' => true ) )['code'] ) );
	}

	public function test_the_owner_gets_the_same_working_link_until_it_is_renewed(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'One link' );
		Library::grant( $owner, $item, 3 );

		$first  = $this->link( $owner, $item );
		$second = $this->link( $owner, $item );

		$this->assertSame( $first, $second, 'The same code and expiry.' );
		$this->assertSame( 30 * DAY_IN_SECONDS, $first['expires_at'] - (int) current( $this->link_rows() )['created_at'] );
		$this->assertCount( 1, $this->link_rows(), 'One stored link.' );

		$renewed = $this->link( $owner, $item, array( 'renew' => true ) );

		$this->assertNotSame( $first['code'], $renewed['code'] );
		$this->assertGreaterThanOrEqual( $first['expires_at'], $renewed['expires_at'] );
		$this->assertSame( array( 410, 'revoked_link' ), $this->accept( $member, $first['code'] ), 'The old link is withdrawn.' );
		$this->assertSame( $renewed, $this->link( $owner, $item ), 'The new one is now the working link.' );
		$this->assertSame( array( 200, 'Successfully added to your library!' ), $this->accept( $member, $renewed['code'] ) );
	}

	/**
	 * Renewals go through a per-user gate (one per RENEW_SECONDS, whatever the
	 * item); a refused one answers 429 with Retry-After and changes nothing, and the audit trail
	 * keeps one row for the owner's links of an item made in a row.
	 */
	public function test_renewals_are_gated_per_user_and_counted_on_one_audit_row(): void {
		global $wpdb;
		$owner = $this->make_user();
		$item  = Library::item( 'Gated renewals' );
		$other = Library::item( 'Another item' );
		Library::grant( $owner, $item, 3 );
		Library::grant( $owner, $other, 3 );
		$first   = $this->link( $owner, $item );
		$renewed = $this->link( $owner, $item, array( 'renew' => true ) );
		$rows    = $this->link_rows();

		foreach ( array( $item, $other ) as $target ) {
			$again = $this->send( 'POST', '/library/v2/share-link/' . $target, $owner, array( 'renew' => true ) );
			$this->assertSame( array( 429, 'renew_too_soon' ), array( $again->get_status(), $again->get_data()['error_code'] ), "item $target" );
			$wait = (int) $again->get_headers()['Retry-After'];
			$this->assertGreaterThan( 0, $wait );
			$this->assertLessThanOrEqual( ShareLinks::RENEW_SECONDS, $wait );
			$this->assertSame( sprintf( 'You made a new link a moment ago. Please try again in %d seconds.', $wait ), $again->get_data()['message'] );
		}
		$this->assertSame( $rows, $this->link_rows(), 'A refused renewal withdraws and makes nothing.' );
		$this->assertSame( $renewed, $this->link( $owner, $item ), 'The working link is still the renewed one.' );
		$this->assertNotSame( $first['code'], $renewed['code'] );

		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET requested_at = requested_at - %d WHERE requester_id = %d', $wpdb->prefix . 'lp_license_requests', ShareLinks::RENEW_SECONDS, $owner ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQLPlaceholders -- the test ages its own row; %i is newer than WPCS 2.3.
		$third = $this->link( $owner, $item, array( 'renew' => true ) );
		$this->assertNotSame( $renewed['code'], $third['code'], 'After the gate\'s seconds a renewal goes on.' );

		$audit = $this->services()->seat_audit->page( $owner, 50 );
		$this->assertCount( 1, $audit, 'three links of one item in a row: one audit row' );
		$this->assertSame( array( ShareLinks::AUDIT_ACTION, true, 3 ), array( $audit[0]->action, $audit[0]->details()['renewed'], $audit[0]->details()['links'] ) );
	}

	public function test_an_expired_link_is_replaced_and_another_owners_link_is_their_own(): void {
		$owner = $this->make_user();
		$other = $this->make_user();
		$item  = Library::item( 'Aging' );
		Library::grant( $owner, $item, 2 );
		Library::grant( $other, $item, 2 );
		$old = $this->services()->share_links->issue( $owner, $item, time() - 31 * DAY_IN_SECONDS );

		$mine   = $this->link( $owner, $item );
		$theirs = $this->link( $other, $item );

		$this->assertNotSame( $old, $mine['code'], 'An expired link is never handed out again.' );
		$this->assertNotSame( $mine['code'], $theirs['code'] );
	}

	public function test_delete_withdraws_the_owners_working_links_of_the_item_and_nothing_else(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Withdrawn' );
		$kept   = Library::item( 'Kept' );
		Library::grant( $owner, $item, 3 );
		Library::grant( $owner, $kept, 3 );
		$links  = $this->services()->share_links;
		$copied = $this->link( $owner, $item )['code'];
		$mailed = $links->issue( $owner, $item, time(), 'max@example.com' );
		$other  = $this->link( $owner, $kept )['code'];

		$reply = $this->send( 'DELETE', '/library/v2/share-link/' . $item, $owner );

		$this->assertSame( 200, $reply->get_status() );
		$this->assertSame( 2, $reply->get_data()['data']['withdrawn'] );
		$this->assertSame( array( 410, 'revoked_link' ), $this->accept( $member, $copied ) );
		$this->assertSame( array( 410, 'revoked_link' ), $this->accept( $member, $mailed ) );
		$this->assertSame( array( 200, 'Successfully added to your library!' ), $this->accept( $member, $other ), "Another item's link still works." );
		$this->assertSame( 0, $this->send( 'DELETE', '/library/v2/share-link/' . $item, $owner )->get_data()['data']['withdrawn'], 'Withdrawn once.' );
		$this->assertNotSame( $copied, $this->link( $owner, $item )['code'], 'The next link is a new one.' );
	}

	public function test_an_emailed_link_gives_one_seat_once(): void {
		$owner = $this->make_user();
		$max   = $this->make_user();
		$ann   = $this->make_user();
		$item  = Library::item( 'Mailed' );
		Library::grant( $owner, $item, 3 );
		$code = $this->services()->share_links->issue( $owner, $item, time(), 'max@example.com' );

		$this->assertSame( array( 200, 'Successfully added to your library!' ), $this->accept( $max, $code ) );
		$this->assertSame( array( 410, 'used_link' ), $this->accept( $ann, $code ), 'Forwarded, it takes no second seat.' );
		$this->assertSame( array( 410, 'used_link' ), $this->accept( $max, $code ), 'Used up, for its recipient too (who keeps the seat).' );
		$this->assertSame(
			array(
				'available' => 2,
				'assigned'  => 1,
				'activated' => 0,
			),
			Library::seat_states( $item )
		);
	}

	public function test_an_emailed_link_that_gave_no_seat_stays_usable(): void {
		$owner = $this->make_user();
		$first = $this->make_user();
		$max   = $this->make_user();
		$item  = Library::item( 'Full up' );
		Library::grant( $owner, $item, 1 );
		$code = $this->services()->share_links->issue( $owner, $item, time(), 'max@example.com' );
		Library::share( $owner, $first, $item );

		$this->assertSame( array( 409, 'no_licenses' ), $this->accept( $max, $code ) );
		$this->send( 'POST', '/library/v2/revoke-share/' . $this->send( 'GET', '/library/v2/videosharedata/' . $item, $owner )->get_data()['data']['share_data'][0]['share_id'], $owner );

		$this->assertSame( array( 200, 'Successfully added to your library!' ), $this->accept( $max, $code ) );
	}

	public function test_the_link_routes_refuse_logged_out_no_nonce_bad_nonce_and_someone_elses_item(): void {
		$owner    = $this->make_user();
		$stranger = $this->make_user();
		$member   = $this->make_user();
		$item     = Library::item( 'Guarded' );
		Library::grant( $owner, $item, 2 );
		$code  = $this->link( $owner, $item )['code'];
		$route = '/library/v2/share-link/' . $item;

		foreach ( array( array( 'POST', array( 'renew' => true ) ), array( 'DELETE', array() ) ) as list( $method, $params ) ) {
			$this->assertSame( 401, $this->send( $method, $route, 0, $params )->get_status(), "logged out: $method" );
			$this->assertSame( 401, $this->rest_as_browser( $method, $route, $owner, null, $params )->get_status(), "no nonce: $method" );
			$this->assertSame( 403, $this->rest_as_browser( $method, $route, $owner, 'not-a-nonce', $params )->get_status(), "bad nonce: $method" );
			$foreign = $this->send( $method, $route, $stranger, $params );
			$this->assertSame( array( 404, 'item_not_found' ), array( $foreign->get_status(), $foreign->get_data()['error_code'] ), "someone else's: $method" );
		}
		$bad = $this->send( 'POST', $route, $owner, array( 'renew' => 'maybe' ) );
		$this->assertSame( array( 400, 'rest_invalid_param' ), array( $bad->get_status(), $bad->get_data()['error_code'] ) );
		$this->assertSame( 400, $this->send( 'DELETE', '/library/v2/share-link/0', $owner )->get_status() );

		$this->assertSame( $code, $this->link( $owner, $item )['code'], 'Nothing withdrew or replaced the owner\'s link.' );
		$this->assertSame( array( 200, 'Successfully added to your library!' ), $this->accept( $member, $code ) );
	}

	public function test_the_purge_deletes_only_expired_and_withdrawn_rows(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Purged' );
		Library::grant( $owner, $item, 5 );
		$links   = $this->services()->share_links;
		$now     = time();
		$expired = $links->issue( $owner, $item, $now - 31 * DAY_IN_SECONDS );
		$old     = $links->issue( $owner, $item, $now - 31 * DAY_IN_SECONDS, 'old@example.com' );
		$live    = $this->link( $owner, $item )['code'];
		$mailed  = $links->issue( $owner, $item, $now, 'max@example.com' );
		$used    = $links->issue( $owner, $item, $now, 'ann@example.com' );
		$this->accept( $this->make_user(), $used );
		$renewed = $this->link( $owner, $item, array( 'renew' => true ) )['code'];
		$this->assertCount( 6, $this->link_rows() );

		do_action( ShareLinkPurge::HOOK ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the constant holds library_portal_purge_share_links; what either scheduler runs.

		$left = $this->link_rows();
		$this->assertCount( 3, $left, 'The working, e-mailed and used (unexpired) links stay.' );
		$this->assertSame( array( 'max@example.com', 'ann@example.com', '' ), array_values( array_map( static fn( $row ) => $row['recipient_email'], array_filter( $left, static fn( $row ) => 0 === (int) $row['revoked_at'] ) ) ) );
		$this->assertSame( $renewed, $this->link( $owner, $item )['code'] );
		$member = $this->make_user();
		$this->assertSame( array( 410, 'expired_link' ), $this->accept( $member, $expired ) );
		$this->assertSame( array( 410, 'expired_link' ), $this->accept( $member, $old ) );
		$this->assertSame( array( 410, 'revoked_link' ), $this->accept( $member, $live ), 'A purged withdrawn link still says it was withdrawn.' );
		$this->assertSame( array( 410, 'used_link' ), $this->accept( $member, $used ) );
		$this->assertSame( array( 200, 'Successfully added to your library!' ), $this->accept( $member, $mailed ) );
	}

	public function test_activation_schedules_the_purge_with_the_scheduler_present_and_deactivation_removes_it(): void {
		ShareLinkPurge::unschedule();

		Installer::activate();

		if ( ShareLinkPurge::action_scheduler_available() ) {
			$this->assertTrue( as_has_scheduled_action( ShareLinkPurge::HOOK, array(), ShareLinkPurge::GROUP ), 'Action Scheduler, where WooCommerce brings it.' );
			$this->assertFalse( wp_next_scheduled( ShareLinkPurge::HOOK ) );
		} else {
			$this->assertSame( 'daily', wp_get_schedule( ShareLinkPurge::HOOK ) );
		}
		Installer::activate();
		$this->assertLessThanOrEqual( 1, count( array_filter( _get_cron_array(), static fn( $hooks ) => isset( $hooks[ ShareLinkPurge::HOOK ] ) ) ), 'Scheduled once.' );

		Installer::deactivate();

		$this->assertFalse( wp_next_scheduled( ShareLinkPurge::HOOK ) );
		if ( ShareLinkPurge::action_scheduler_available() ) {
			$this->assertFalse( as_has_scheduled_action( ShareLinkPurge::HOOK, array(), ShareLinkPurge::GROUP ) );
		}
	}

	public function test_an_upgrade_schedules_the_purge(): void {
		ShareLinkPurge::unschedule();
		update_option( Installer::VERSION_OPTION, Schema::VERSION - 1 );

		Installer::maybe_upgrade();

		$this->assertSame( Schema::VERSION, (int) get_option( Installer::VERSION_OPTION ) );
		$scheduled = ShareLinkPurge::action_scheduler_available()
			? as_has_scheduled_action( ShareLinkPurge::HOOK, array(), ShareLinkPurge::GROUP )
			: false !== wp_next_scheduled( ShareLinkPurge::HOOK );
		$this->assertTrue( $scheduled );
	}

	public function test_wp_cron_runs_the_purge_daily_when_chosen(): void {
		ShareLinkPurge::unschedule();

		ShareLinkPurge::schedule( false );
		ShareLinkPurge::schedule( false );

		$this->assertSame( 'daily', wp_get_schedule( ShareLinkPurge::HOOK ) );
		$this->assertCount( 1, array_filter( _get_cron_array(), static fn( $hooks ) => isset( $hooks[ ShareLinkPurge::HOOK ] ) ), 'Scheduled once.' );
		if ( ShareLinkPurge::action_scheduler_available() ) {
			$this->assertFalse( as_has_scheduled_action( ShareLinkPurge::HOOK, array(), ShareLinkPurge::GROUP ), 'Not in both.' );
		}
		ShareLinkPurge::unschedule();
		$this->assertFalse( wp_next_scheduled( ShareLinkPurge::HOOK ) );
	}

	public function test_action_scheduler_runs_the_purge_daily_where_it_is_loaded(): void {
		if ( ! ShareLinkPurge::action_scheduler_available() ) {
			$this->markTestSkipped( 'Action Scheduler comes with WooCommerce: set LP_WOOCOMMERCE_DIR (CONTRIBUTING.md).' );
		}
		ShareLinkPurge::unschedule();
		ShareLinkPurge::schedule( false );

		ShareLinkPurge::schedule( true );
		ShareLinkPurge::schedule( true );

		$this->assertFalse( wp_next_scheduled( ShareLinkPurge::HOOK ), 'The WP-Cron copy went.' );
		$actions = as_get_scheduled_actions(
			array(
				'hook'   => ShareLinkPurge::HOOK,
				'group'  => ShareLinkPurge::GROUP,
				'status' => \ActionScheduler_Store::STATUS_PENDING,
			)
		);
		$this->assertCount( 1, $actions, 'Scheduled once.' );
		$schedule = current( $actions )->get_schedule();
		$this->assertInstanceOf( \ActionScheduler_IntervalSchedule::class, $schedule );
		$this->assertSame( DAY_IN_SECONDS, (int) $schedule->get_recurrence() );
		ShareLinkPurge::unschedule();
		$this->assertFalse( as_has_scheduled_action( ShareLinkPurge::HOOK, array(), ShareLinkPurge::GROUP ) );
	}

	public function test_init_schedules_a_missing_wp_cron_event_where_there_is_no_action_scheduler(): void {
		if ( ShareLinkPurge::action_scheduler_available() ) {
			$this->markTestSkipped( 'With Action Scheduler loaded, init asks nothing (a query per request).' );
		}
		ShareLinkPurge::unschedule();
		$this->assertNotFalse( has_action( 'init', array( ShareLinkPurge::class, 'ensure_scheduled' ) ) );

		ShareLinkPurge::ensure_scheduled();

		$this->assertSame( 'daily', wp_get_schedule( ShareLinkPurge::HOOK ) );
	}
}
