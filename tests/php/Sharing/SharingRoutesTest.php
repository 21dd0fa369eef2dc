<?php
/**
 * The sharing routes: links, accept, dismiss, request, revoke, share data.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Sharing;

use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Every rule of sharing's server side (docs/rules/seats-and-sharing.md, "Sharing seats") that one request at a time can show; the races are in
 * ParallelSharingTest, e-mail in ShareEmailsTest.
 */
final class SharingRoutesTest extends TestCase {

	use ServesRequests;

	/**
	 * A new share link's code for an owner's item.
	 *
	 * @param int $owner Owner.
	 * @param int $item  Item.
	 */
	private function link( int $owner, int $item ): string {
		$reply = $this->send( 'POST', '/library/v2/share-link/' . $item, $owner );
		$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
		$this->assertMatchesRegularExpression( '#/shareseats/([A-Za-z0-9_-]+)/$#', $reply->get_data()['data']['link'] );
		preg_match( '#/shareseats/([A-Za-z0-9_-]+)/$#', $reply->get_data()['data']['link'], $match );
		return $match[1];
	}

	/**
	 * Notifications of a user, newest first.
	 *
	 * @param int $user User.
	 * @return array<int, array<string, mixed>>
	 */
	private function notifications( int $user ): array {
		return $this->send( 'GET', '/library/v2/notifications', $user )->get_data()['data']['notifications'];
	}

	public function test_a_link_share_is_accepted_shown_to_the_owner_and_announced(): void {
		$owner  = $this->make_user( 'subscriber', array( 'display_name' => 'Olivia Owner' ) );
		$member = $this->make_user( 'subscriber', array( 'display_name' => 'Max Member' ) );
		$item   = Library::item( 'Negotiation Workshop', 'on-demand', 2 );
		Library::grant( $owner, $item, 3 );
		$this->assertTrue( Library::by_product( $this->send( 'GET', '/library/v2/items', $owner )->get_data()['data'] )[ $item ]['can_share'] );

		$reply = $this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $this->link( $owner, $item ) ) );

		$this->assertSame( 200, $reply->get_status() );
		$this->assertSame( 'Successfully added to your library!', $reply->get_data()['data']['message'] );
		$this->assertFalse( $reply->get_data()['data']['already'] );
		$this->assertSame(
			array(
				'available' => 2,
				'assigned'  => 1,
				'activated' => 0,
			),
			Library::seat_states( $item )
		);
		$row = Library::by_product( $this->send( 'GET', '/library/v2/items', $member )->get_data()['data'] )[ $item ];
		$this->assertSame( $owner, $row['share_user_id'], 'The member has the item, shared by the owner.' );
		$this->assertSame( 'Olivia Owner', $row['share_user']['name'] );
		$this->assertFalse( $row['can_share'], 'One license received by share cannot be passed on.' );
		$owned = Library::by_product( $this->send( 'GET', '/library/v2/items', $owner )->get_data()['data'] )[ $item ];
		$this->assertSame( 2, $owned['available_licenses'], 'The owner\'s cached library followed.' );

		$data = $this->send( 'GET', '/library/v2/videosharedata/' . $item, $owner )->get_data()['data'];
		$this->assertCount( 1, $data['share_data'] );
		$record = $data['share_data'][0];
		$this->assertSame( array( $member, 'Max Member', 'link', true, false ), array( $record['user_id'], $record['name'], $record['method'], $record['can_revoke'], $record['activated'] ) );
		$this->assertCount( 2, $record['video_data']['progress']['parts'] );
		$this->assertFalse( $record['video_data']['pdf'] );
		$this->assertSame( 2, $data['available_licenses'] );
		$this->assertTrue( $data['can_share'] );
		$this->assertSame( 100, $data['daily_remaining'] );

		$note = $this->notifications( $owner )[0];
		$this->assertSame( array( 'share_accepted', 'Max Member accepted your share of "Negotiation Workshop".' ), array( $note['type'], $note['message'] ) );
	}

	public function test_accepting_twice_keeps_one_seat_and_the_sharer_cannot_accept_their_own_link(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Budgeting' );
		Library::grant( $owner, $item, 3 );
		$code = $this->link( $owner, $item );

		$this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $code ) );
		$again = $this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $this->link( $owner, $item ) ) );
		$own   = $this->send( 'POST', '/library/v2/accept-share', $owner, array( 'encoded' => $code ) );

		$this->assertSame( 200, $again->get_status() );
		$this->assertTrue( $again->get_data()['data']['already'] );
		$this->assertSame( 'This training is already in your library.', $again->get_data()['data']['message'] );
		$this->assertSame( array( 400, 'own_share' ), array( $own->get_status(), $own->get_data()['error_code'] ) );
		$this->assertSame(
			array(
				'available' => 2,
				'assigned'  => 1,
				'activated' => 0,
			),
			Library::seat_states( $item )
		);
	}

	public function test_when_every_seat_is_claimed_the_spec_message_answers_and_notify_reaches_the_sharer_once_a_day(): void {
		$owner = $this->make_user( 'subscriber', array( 'display_name' => 'Olivia Owner' ) );
		$first = $this->make_user();
		$late  = $this->make_user( 'subscriber', array( 'display_name' => 'Lena Late' ) );
		$item  = Library::item( 'Leadership' );
		Library::grant( $owner, $item, 1 );
		$code = $this->link( $owner, $item );
		$this->send( 'POST', '/library/v2/accept-share', $first, array( 'encoded' => $code ) );

		$refused = $this->send( 'POST', '/library/v2/accept-share', $late, array( 'encoded' => $code ) );
		$request = $this->send( 'POST', '/library/v2/request-license', $late, array( 'encoded' => $code ) );
		$again   = $this->send( 'POST', '/library/v2/request-license', $late, array( 'encoded' => $code ) );

		$this->assertSame( array( 409, 'no_licenses', 'Sorry, all licenses have been claimed for this training.' ), array( $refused->get_status(), $refused->get_data()['error_code'], $refused->get_data()['message'] ) );
		$this->assertSame(
			array(
				'available' => 0,
				'assigned'  => 1,
				'activated' => 0,
			),
			Library::seat_states( $item )
		);
		$this->assertSame( 'Notification sent to Olivia Owner', $request->get_data()['data']['message'] );
		$this->assertSame( array( 429, 'request_too_soon' ), array( $again->get_status(), $again->get_data()['error_code'] ) );
		$this->assertSame( "You've already sent a request. Please try again in 24 hours.", $again->get_data()['message'] );
		// The second request may land a second or two after the first: the wait counts down from a day.
		$wait = (int) $again->get_headers()['Retry-After'];
		$this->assertGreaterThan( DAY_IN_SECONDS - 5, $wait );
		$this->assertLessThanOrEqual( DAY_IN_SECONDS, $wait );
		$requests = array_values( array_filter( $this->notifications( $owner ), static fn( $n ) => 'license_request' === $n['type'] ) );
		$this->assertCount( 1, $requests, 'Notified once.' );
		$this->assertStringStartsWith( 'Lena Late (', $requests[0]['message'] );

		// A day later the member may ask again.
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET requested_at = requested_at - %d', $wpdb->prefix . 'lp_license_requests', DAY_IN_SECONDS ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3.
		$this->assertSame( 200, $this->send( 'POST', '/library/v2/request-license', $late, array( 'encoded' => $code ) )->get_status() );
	}

	public function test_a_request_while_seats_are_left_is_refused(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Coaching' );
		Library::grant( $owner, $item, 1 ); // The last seat left is still one to accept.

		$reply = $this->send( 'POST', '/library/v2/request-license', $member, array( 'encoded' => $this->link( $owner, $item ) ) );

		$this->assertSame( array( 409, 'licenses_available' ), array( $reply->get_status(), $reply->get_data()['error_code'] ) );
		$this->assertSame( array(), $this->notifications( $owner ) );
	}

	public function test_forged_altered_expired_revoked_and_seatless_links_change_nothing(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Conflict' );
		$other  = Library::item( 'Other' );
		Library::grant( $owner, $item, 2 );
		Library::grant( $owner, $other, 1, time() - 10 ); // Expired: no seat to share.
		$code    = $this->link( $owner, $item );
		$payload = json_decode( base64_decode( strtr( $code, '-_', '+/' ) ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- the test alters a link.
		$encode  = static fn( array $p ): string => rtrim( strtr( base64_encode( (string) wp_json_encode( $p ) ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- the test forges a link.

		$cases = array(
			'forged'      => array( 'bm90LWEtbGluaw', 400, 'invalid_link' ),
			'altered'     => array( $encode( array_merge( $payload, array( 'product_id' => $other ) ) ), 400, 'invalid_link' ),
			'other_alpha' => array( '<script>', 400, 'invalid_link' ),
		);
		$links = $this->services()->share_links;
		$old   = $links->issue( $owner, $item, time() - 31 * DAY_IN_SECONDS );
		$gone  = $links->issue( $owner, $item, time() );
		$links->revoke( $owner, $links->resolve( $gone, time() )['link_id'], time() );
		$cases['expired']  = array( $old, 410, 'expired_link' );
		$cases['revoked']  = array( $gone, 410, 'revoked_link' );
		$cases['no_seats'] = array( $links->issue( $owner, $other, time() ), 410, 'no_seats' );

		foreach ( $cases as $case => list( $encoded, $status, $code_expected ) ) {
			foreach ( array( 'accept-share', 'dismiss-share', 'request-license' ) as $route ) {
				$reply = $this->send( 'POST', '/library/v2/' . $route, $member, array( 'encoded' => $encoded ) );
				if ( 'request-license' === $route && 'no_seats' === $case ) {
					$this->assertSame( 'Notification sent to ' . get_userdata( $owner )->display_name, $reply->get_data()['data']['message'] ?? '', 'A member may ask for more when every seat has expired.' );
					continue;
				}
				$this->assertSame( array( $status, $code_expected ), array( $reply->get_status(), $reply->get_data()['error_code'] ?? '' ), "$case $route" );
			}
		}
		$this->assertSame(
			array(
				'available' => 2,
				'assigned'  => 0,
				'activated' => 0,
			),
			Library::seat_states( $item )
		);
		$this->assertSame( 200, $this->send( 'POST', '/library/v2/dismiss-share', $member, array( 'encoded' => $code ) )->get_status() );
	}

	public function test_someone_with_their_own_license_does_not_spend_the_sharers(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Sales' );
		Library::grant( $owner, $item, 2 );
		Library::grant( $member, $item, 1 );

		$reply = $this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $this->link( $owner, $item ) ) );

		$this->assertSame( array( 409, 'already_owned' ), array( $reply->get_status(), $reply->get_data()['error_code'] ) );
	}

	public function test_revoke_frees_an_unstarted_seat_and_refuses_activated_expired_and_foreign_ones(): void {
		$owner    = $this->make_user();
		$stranger = $this->make_user();
		$members  = array( $this->make_user(), $this->make_user(), $this->make_user() );
		$item     = Library::item( 'Ethics' );
		Library::grant( $owner, $item, 3 );
		$expiring = Library::item( 'Expiring' );
		Library::grant( $owner, $expiring, 1, time() + 100 );
		$seats = array_map( static fn( int $m ) => Library::share( $owner, $m, $item ), $members );
		$old   = Library::share( $owner, $members[0], $expiring );
		$this->services()->licenses->activate_seat( $seats[1], $members[1], time() );
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET expires_at = %d WHERE id = %d', $wpdb->prefix . 'lp_licenses', time() - 5, $old ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3.

		$foreign   = $this->send( 'POST', '/library/v2/revoke-share/' . $seats[0], $stranger );
		$activated = $this->send( 'POST', '/library/v2/revoke-share/' . $seats[1], $owner );
		$expired   = $this->send( 'POST', '/library/v2/revoke-share/' . $old, $owner );
		$missing   = $this->send( 'POST', '/library/v2/revoke-share', $owner );
		$this->assertSame( array( 404, 'share_not_found' ), array( $foreign->get_status(), $foreign->get_data()['error_code'] ) );
		$this->assertSame( array( 409, 'license_activated', 'Cannot revoke an activated license. The user must complete the content first.' ), array( $activated->get_status(), $activated->get_data()['error_code'], $activated->get_data()['message'] ) );
		$this->assertSame( array( 409, 'share_expired' ), array( $expired->get_status(), $expired->get_data()['error_code'] ) );
		$this->assertSame( array( 400, 'Missing share ID' ), array( $missing->get_status(), $missing->get_data()['message'] ) );
		$this->assertSame(
			array(
				'available' => 0,
				'assigned'  => 2,
				'activated' => 1,
			),
			Library::seat_states( $item )
		);

		$done = $this->send( 'POST', '/library/v2/revoke-share/' . $seats[0], $owner );

		$this->assertSame( 200, $done->get_status() );
		$this->assertSame( 1, $done->get_data()['data']['available_licenses'] );
		$this->assertSame(
			array(
				'available' => 1,
				'assigned'  => 1,
				'activated' => 1,
			),
			Library::seat_states( $item )
		);
		$this->assertArrayNotHasKey( $item, Library::by_product( $this->send( 'GET', '/library/v2/items', $members[0] )->get_data()['data'] ), 'The member lost the item.' );
		$records = $this->send( 'GET', '/library/v2/videosharedata/' . $item, $owner )->get_data()['data']['share_data'];
		$this->assertEqualsCanonicalizing( array( $members[1], $members[2] ), array_column( $records, 'user_id' ), 'The revoked share is gone from the list.' );
		$this->assertSame( 404, $this->send( 'POST', '/library/v2/revoke-share/' . $seats[0], $owner )->get_status(), 'Revoked once.' );
	}

	public function test_share_rows_sort_by_expiry_descending_with_never_last(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Sorting' );
		Library::grant( $owner, $item, 1, 0 );
		Library::grant( $owner, $item, 1, time() + DAY_IN_SECONDS );
		Library::grant( $owner, $item, 1, time() + 9 * DAY_IN_SECONDS );
		foreach ( array( 1, 2, 3 ) as $n ) {
			$member = $this->make_user();
			$seat   = Library::share( $owner, $member, $item );
			$this->assertGreaterThan( 0, $seat, "Seat $n." );
		}

		$expiries = array_column( $this->send( 'GET', '/library/v2/videosharedata/' . $item, $owner )->get_data()['data']['share_data'], 'expiry' );

		$this->assertCount( 3, $expiries );
		$this->assertGreaterThan( $expiries[1], $expiries[0] );
		$this->assertSame( 0, $expiries[2], 'Never last.' );
	}

	public function test_member_and_contract_items_and_spent_seats_cannot_be_shared(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Member talk' );
		Library::grant( $owner, $item, 3, 0, 'member' );
		$full = Library::item( 'Full' );
		Library::grant( $owner, $full, 1 );
		Library::activate_own( $owner, $full );

		foreach ( array( $item, $full ) as $id ) {
			$link = $this->send( 'POST', '/library/v2/share-link/' . $id, $owner );
			$mail = $this->send(
				'POST',
				'/library/v2/send-share-emails',
				$owner,
				array(
					'emails'     => 'someone@example.com',
					'product_id' => $id,
				)
			);
			$this->assertSame( array( 409, 'cannot_share' ), array( $link->get_status(), $link->get_data()['error_code'] ) );
			$this->assertSame( array( 409, 'cannot_share' ), array( $mail->get_status(), $mail->get_data()['error_code'] ) );
		}
	}

	public function test_every_route_refuses_logged_out_no_nonce_and_someone_elses_item(): void {
		$owner  = $this->make_user();
		$other  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Private' );
		Library::grant( $owner, $item, 2 );
		$seat = Library::share( $owner, $member, $item );
		$code = $this->link( $owner, $item );

		$routes = array(
			array( 'GET', '/library/v2/videosharedata/' . $item, array() ),
			array( 'POST', '/library/v2/share-link/' . $item, array() ),
			array(
				'POST',
				'/library/v2/send-share-emails',
				array(
					'emails'     => 'x@example.com',
					'product_id' => $item,
				),
			),
			array( 'POST', '/library/v2/revoke-share/' . $seat, array() ),
			array( 'POST', '/library/v2/accept-share', array( 'encoded' => $code ) ),
			array( 'POST', '/library/v2/dismiss-share', array( 'encoded' => $code ) ),
			array( 'POST', '/library/v2/request-license', array( 'encoded' => $code ) ),
		);
		foreach ( $routes as list( $method, $route, $params ) ) {
			$this->assertSame( 401, $this->send( $method, $route, 0, $params )->get_status(), "logged out: $route" );
			$this->assertSame( 401, $this->rest_as_browser( $method, $route, $member, null, $params )->get_status(), "no nonce: $route" );
			$this->assertSame( 403, $this->rest_as_browser( $method, $route, $member, 'not-a-nonce', $params )->get_status(), "bad nonce: $route" );
		}
		foreach ( array_slice( $routes, 0, 4 ) as list( $method, $route, $params ) ) {
			$this->assertSame( 404, $this->send( $method, $route, $other, $params )->get_status(), "someone else's: $route" );
		}
		$this->assertSame(
			array(
				'available' => 1,
				'assigned'  => 1,
				'activated' => 0,
			),
			Library::seat_states( $item ),
			'Nothing changed.'
		);
	}

	/**
	 * @group queries
	 */
	public function test_the_share_data_costs_the_same_queries_for_5_and_200_shares(): void {
		$counts = array();
		foreach ( array( 5, 200 ) as $size ) {
			$owner = $this->make_user();
			$team  = \LibraryPortal\Dev\DemoSeeder::create()->seed_team( $owner, $size, 'counted-' . $size );
			$route = '/library/v2/videosharedata/' . $team['item'];
			$floor = $this->floor_queries( $owner );
			wp_cache_flush();
			$cold = $this->count_queries( fn() => $this->send( 'GET', $route, $owner ) ) - $floor;
			$data = $this->send( 'GET', $route, $owner )->get_data()['data'];
			$this->assertCount( $size, $data['share_data'] );
			$this->assertCount( intdiv( $size, 4 ), $data['mail_history'] );
			$certified = array_filter( $data['share_data'], static fn( $r ) => false !== $r['video_data']['pdf'] );
			$this->assertCount( intdiv( $size, 10 ), $certified, 'Each holder\'s own certificate, read in the same query.' );
			$counts[ $size ] = array(
				'cache_invalid' => $cold,
				'cache_valid'   => $this->count_queries( fn() => $this->send( 'GET', $route, $owner ) ),
			);
		}
		fwrite( STDERR, sprintf( "\n[videosharedata queries (cold: beyond the bare request's %d): %s]\n", $floor, wp_json_encode( $counts ) ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- the measured figures, for the report.
		$this->assertSame( $counts[5], $counts[200] );
		// Seats with their share rows, people, progress, certificates, the item's parts, history,
		// seat counts, the send gate and the pending invitations, each read once (cold: counted
		// beyond the bare request).
		$this->assertLessThanOrEqual( 9, $counts[200]['cache_valid'] );
		$this->assertLessThanOrEqual( 9, $counts[200]['cache_invalid'] );
	}
}
