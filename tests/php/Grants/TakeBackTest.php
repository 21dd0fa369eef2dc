<?php
/**
 * Refunds, cancellations and take-backs take every seat nobody started.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Grants;

use InvalidArgumentException;
use LibraryPortal\Core\Seats\AuditEntry;
use LibraryPortal\Core\Seats\GrantService;
use LibraryPortal\Grants\GrantTexts;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * GrantService::take_back() on real rows, read back through the REST routes the owner and the
 * team members use (docs/rules/seats-and-sharing.md, "Grants and audit trail (wp-admin, WP-CLI)").
 */
final class TakeBackTest extends TestCase {

	/**
	 * The user's library by item, through the route.
	 *
	 * @param int $user_id User.
	 * @return array<int, array<string, mixed>>
	 */
	private function library( int $user_id ): array {
		return Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $user_id )->get_data()['data'] );
	}

	/**
	 * POST revoke-share/{id} as the owner's browser (cookie and nonce).
	 *
	 * @param int $seat    Seat (share ID).
	 * @param int $user_id Who revokes.
	 */
	private function revoke( int $seat, int $user_id ): \WP_REST_Response {
		return $this->rest_as_browser( 'POST', '/library/v2/revoke-share/' . $seat, $user_id, $this->browser_nonce( $user_id ) );
	}

	/**
	 * A user's notifications (newest first).
	 *
	 * @param int $user_id User.
	 * @return \LibraryPortal\Core\Notices\Notification[]
	 */
	private function notifications( int $user_id ): array {
		return $this->services()->notifications->page_for_user( $user_id, 1, 20, true )->notifications;
	}

	/**
	 * The trail of a grant as action => count.
	 *
	 * @param int $grant Grant.
	 * @return array<string, int>
	 */
	private function trail( int $grant ): array {
		return array_count_values( array_map( static fn( AuditEntry $row ) => $row->action, $this->services()->seat_audit->for_grant( $grant ) ) );
	}

	public function test_two_seats_shared_and_not_started_are_taken_back_and_their_members_told_why(): void {
		$grants  = $this->services()->grants;
		$owner   = $this->make_user( 'subscriber', array( 'display_name' => 'Olivia Owner' ) );
		$members = array( $this->make_user(), $this->make_user() );
		$item    = Library::item( 'Refunded Workshop' );
		$grant   = $grants->grant( $owner, $item, 2, 0, '', 'woocommerce', 'order:1:item:2', 0 );
		$seats   = array_map( static fn( int $member ) => Library::share( $owner, $member, $item ), $members );
		$this->assertArrayHasKey( $item, $this->library( $members[0] ) );

		$result = $grants->take_back( $grant, null, 0, GrantService::REASON_REFUNDED );

		$this->assertSame( array( 2, 0 ), array( $result->taken(), $result->kept ) );
		$this->assertEqualsCanonicalizing( $seats, $result->taken_ids );
		$this->assertSame( array( 'available' => 0, 'assigned' => 0, 'activated' => 0 ), Library::seat_states( $item ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->assertTrue( $grants->find( $grant )->ended() );
		foreach ( $members as $member ) {
			$this->assertArrayNotHasKey( $item, $this->library( $member ), 'the member lost the item' );
			$told = $this->notifications( $member );
			$this->assertCount( 1, $told );
			$this->assertSame( array( GrantService::NOTICE_TAKEN_BACK, $item, $owner ), array( $told[0]->type, $told[0]->related_product_id, $told[0]->related_user_id ) );
			$this->assertSame( 'The license of "Refunded Workshop" that Olivia Owner shared with you was taken back because its purchase was refunded. It is no longer in your library.', $told[0]->message );
		}

		// The owner cannot get the seats back by revoking: they went with the refund.
		foreach ( $seats as $seat ) {
			$revoked = $this->revoke( $seat, $owner );
			$this->assertSame( array( 404, 'share_not_found' ), array( $revoked->get_status(), $revoked->get_data()['code'] ) );
		}
		$this->assertSame( 0, $this->library( $owner )[ $item ]['available_licenses'] ?? 0 );
		$this->assertNull( $this->services()->licenses->seat_to_activate( $owner, $owner, $item, '', time() ), 'nothing left to activate' );

		$this->assertSame( array( GrantService::GRANT => 1, GrantService::END => 1, GrantService::TAKE_BACK => 2 ), $this->trail( $grant ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$rows = array_values( array_filter( $this->services()->seat_audit->for_grant( $grant ), static fn( AuditEntry $row ) => GrantService::TAKE_BACK === $row->action ) );
		$this->assertEqualsCanonicalizing( $seats, array_map( static fn( AuditEntry $row ) => $row->license_id, $rows ) );
		$this->assertStringContainsString( '"state":"assigned"', $rows[0]->details );
		$this->assertStringContainsString( '"reason":"refunded"', $rows[0]->details );
		$shown = array_map( array( GrantTexts::class, 'details_text' ), $this->services()->seat_audit->for_grant( $grant ) );
		$this->assertContains( 'Grant ended (refunded): its seats nobody started are taken back', $shown, 'the audit trail screen says it' );
		$this->assertContains( 'Seat shared with ' . get_userdata( $members[0] )->user_email . ', not started, removed (refunded)', $shown );
	}

	public function test_started_seats_stay_with_who_started_them_and_a_second_take_back_changes_nothing(): void {
		$grants = $this->services()->grants;
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Half used' );
		$grant  = $grants->grant( $owner, $item, 5, 0, '', 'admin', '', 0 );
		$mine   = Library::activate_own( $owner, $item );
		$theirs = Library::share( $owner, $member, $item );
		$this->services()->licenses->activate_seat( $theirs, $member, time() );
		$waiting = $this->make_user();
		Library::share( $owner, $waiting, $item );

		$result = $grants->take_back( $grant, null, 9 );

		$this->assertSame( array( 3, 2 ), array( $result->taken(), $result->kept ) );
		$this->assertSame( 2, $grants->find( $grant )->quantity );
		$this->assertSame( array( $mine, $theirs ), array_map( static fn( $seat ) => $seat->id, $this->services()->licenses->seats_of_grant( $grant ) ) );
		$this->assertSame( 1, $this->library( $member )[ $item ]['active_licenses'], 'the member keeps the seat they started' );
		$this->assertSame( array( 'The license of "Half used" that ' . get_userdata( $owner )->display_name . ' shared with you was taken back because the site took the purchase back. It is no longer in your library.' ), array_map( static fn( $notice ) => $notice->message, $this->notifications( $waiting ) ) );
		$this->assertSame( array(), $this->notifications( $member ), 'who started keeps it and is not told' );

		$again = $grants->take_back( $grant, null, 9 );
		$this->assertSame( array( 0, 2 ), array( $again->taken(), $again->kept ) );
		$this->assertSame( array( GrantService::GRANT => 1, GrantService::END => 1, GrantService::TAKE_BACK => 3 ), $this->trail( $grant ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->assertSame( array( 9 ), array_values( array_unique( array_map( static fn( AuditEntry $row ) => $row->actor_id, array_slice( $this->services()->seat_audit->for_grant( $grant ), 1 ) ) ) ) );
	}

	public function test_a_counted_take_back_takes_available_seats_first_then_shared_ones_and_keeps_the_grant(): void {
		$grants = $this->services()->grants;
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Counted' );
		$grant  = $grants->grant( $owner, $item, 4, 0, '', 'admin', '', 0 );
		Library::activate_own( $owner, $item );
		Library::share( $owner, $member, $item );

		$two = $grants->take_back( $grant, 2, 0 );
		$this->assertSame( array( 2, 0 ), array( $two->taken(), $two->kept ) );
		$this->assertSame( array( 'available' => 0, 'assigned' => 1, 'activated' => 1 ), Library::seat_states( $item ), 'available ones first' ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.

		$two = $grants->take_back( $grant, 2, 0 );
		$this->assertSame( array( 1, 1 ), array( $two->taken(), $two->kept ), 'then the shared one; the started one stays' );
		$this->assertFalse( $grants->find( $grant )->ended(), 'a counted take-back leaves the grant live' );
		$this->assertSame( 1, $grants->find( $grant )->quantity );
		$this->assertArrayNotHasKey( $item, $this->library( $member ) );
		foreach ( array( 0, 2 ) as $count ) {
			try {
				$grants->take_back( $grant, $count, 0 );
				$this->fail( "$count: refusal expected" );
			} catch ( InvalidArgumentException $refused ) {
				$this->assertStringContainsString( 'from 1 to 1', $refused->getMessage() );
			}
		}
	}

	public function test_a_later_revoke_of_a_seat_of_a_taken_back_grant_deletes_it(): void {
		global $wpdb;
		$grants   = $this->services()->grants;
		$owner    = $this->make_user();
		$member   = $this->make_user();
		$stranger = $this->make_user();
		$item     = Library::item( 'Raced' );
		$grant    = $grants->grant( $owner, $item, 2, 0, '', 'admin', '', 0 );
		$licenses = $this->services()->licenses;
		// An accept that wins the seat between the take-back's read and its DELETE (a real interleaving:
		// the accept's conditional UPDATE runs just before the take-back's first DELETE).
		$raced = 0;
		$race  = static function ( string $sql ) use ( &$raced, $licenses, $owner, $member ): string {
			if ( ! $raced && preg_match( '/^DELETE FROM \S+lp_licenses\S* WHERE id = (\d+) AND grant_id/', $sql, $seat ) ) {
				$raced = (int) $seat[1];
				$licenses->share_seat( $raced, $owner, $member, time() );
			}
			return $sql;
		};
		add_filter( 'query', $race );
		$result = $grants->take_back( $grant, null, 0, GrantService::REASON_CANCELLED );
		remove_filter( 'query', $race );
		$this->assertNotSame( 0, $raced, 'the race ran' );
		$this->assertSame( array( 1, 1 ), array( $result->taken(), $result->kept ) );
		$this->assertSame( array( 'available' => 0, 'assigned' => 1, 'activated' => 0 ), Library::seat_states( $item ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.

		$foreign = $this->revoke( $raced, $stranger );
		$this->assertSame( array( 404, 'share_not_found' ), array( $foreign->get_status(), $foreign->get_data()['code'] ) );
		$this->assertSame( 401, $this->rest_as_browser( 'POST', '/library/v2/revoke-share/' . $raced, $owner, null )->get_status(), 'no nonce: logged out' );
		$this->assertSame( 1, Library::seat_states( $item )['assigned'], 'neither changed the seat' );

		$revoked = $this->revoke( $raced, $owner );

		$this->assertSame( 200, $revoked->get_status() );
		$this->assertSame( 0, $revoked->get_data()['data']['available_licenses'], 'deleted, not made available' );
		$this->assertSame( array( 'available' => 0, 'assigned' => 0, 'activated' => 0 ), Library::seat_states( $item ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->assertSame( 0, $grants->find( $grant )->quantity );
		$this->assertArrayNotHasKey( $item, $this->library( $member ) );
		$this->assertSame( 1, $this->trail( $grant )[ GrantService::REVOKE_DELETE ] ?? 0 );
		$this->assertContains( 'Shared seat of an ended grant revoked from ' . get_userdata( $member )->user_email . ' and deleted', array_map( array( GrantTexts::class, 'details_text' ), $this->services()->seat_audit->for_grant( $grant ) ) );
		$this->assertSame( 0, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE id = %d', $wpdb->prefix . 'lp_licenses', $raced ) ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test reads the table itself.
	}

	public function test_a_revoke_on_a_live_grant_still_makes_the_seat_available(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Live' );
		$this->services()->grants->grant( $owner, $item, 1, 0, '', 'admin', '', 0 );
		$seat = Library::share( $owner, $this->make_user(), $item );

		$revoked = $this->revoke( $seat, $owner );

		$this->assertSame( array( 200, 1 ), array( $revoked->get_status(), $revoked->get_data()['data']['available_licenses'] ) );
	}

	public function test_a_refunded_membership_grant_no_longer_makes_a_member(): void {
		$grants = $this->services()->grants;
		$owner  = $this->make_user();
		$item   = Library::item( 'Membership', 'membership' );
		$grant  = $grants->grant( $owner, $item, 2, time() + 30 * DAY_IN_SECONDS, '', 'woocommerce', 'order:7:item:8', 0 );
		Library::activate_own( $owner, $item );
		$this->assertTrue( $this->rest( 'GET', '/library/v2/user', array(), $owner )->get_data()['data']['is_member'] );

		$grants->take_back( $grant, null, 0, GrantService::REASON_REFUNDED );

		$this->assertSame( 1, Library::seat_states( $item )['activated'], 'the started seat stays' );
		$user = $this->rest( 'GET', '/library/v2/user', array(), $owner )->get_data()['data'];
		$this->assertSame( array( false, 0 ), array( $user['is_member'], $user['member_expiry'] ) );
	}
}
