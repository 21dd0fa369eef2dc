<?php
/**
 * POST library/v2/notifications/hide/{id} and POST library/v2/notifications/read-all.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Notifications;

use LibraryPortal\Platform\Rest\Limits;
use LibraryPortal\Tests\Fixtures\Inbox;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Hiding one and marking all read change only the caller's own rows and answer the unread,
 * visible count after the change.
 */
final class HideAndReadAllTest extends TestCase {

	use ServesRequests;

	private const HIDE     = '/library/v2/notifications/hide/';
	private const READ_ALL = '/library/v2/notifications/read-all';

	/**
	 * A notification row as stored: [read_status, hide_status].
	 *
	 * @param int $id Notification.
	 * @return int[]
	 */
	private static function flags( int $id ): array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT read_status, hide_status FROM %i WHERE id = %d', $wpdb->prefix . 'lp_notifications', $id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test reads the table itself.
		return array( (int) $row['read_status'], (int) $row['hide_status'] );
	}

	public function test_hiding_one_removes_it_from_the_list_and_answers_the_unread_count(): void {
		$user = $this->make_user();
		$ids  = Inbox::fill( $user, 3 );

		$reply = $this->send( 'POST', self::HIDE . $ids[1], $user );

		$this->assertSame( 200, $reply->get_status() );
		$this->assertSame(
			array(
				'success' => true,
				'data'    => array( 'unread' => 2 ),
			),
			$reply->get_data()
		);
		$this->assert_matches_schema( $reply, '/library/v2/notifications/hide/(?P<id>\d+)' );
		$this->assertSame( array( 0, 1 ), self::flags( $ids[1] ) );
		$list = $this->send( 'GET', '/library/v2/notifications', $user )->get_data()['data'];
		$this->assertSame( array( $ids[2], $ids[0] ), array_column( $list['notifications'], 'id' ) );
		$this->assertSame( 2, $list['total'] );
	}

	public function test_hiding_an_already_hidden_one_again_is_still_a_success(): void {
		$user = $this->make_user();
		$ids  = Inbox::fill( $user, 2 );
		$this->send( 'POST', self::HIDE . $ids[0], $user );

		$again = $this->send( 'POST', self::HIDE . $ids[0], $user );

		$this->assertSame( 200, $again->get_status() );
		$this->assertSame( 1, $again->get_data()['data']['unread'] );
		$this->assertSame( array( 0, 1 ), self::flags( $ids[0] ) );
	}

	public function test_read_all_marks_every_own_notification_read_and_answers_zero(): void {
		$user  = $this->make_user();
		$other = $this->make_user();
		$ids   = Inbox::fill( $user, 3 );
		$kept  = Inbox::fill( $other, 2 );
		$this->send( 'POST', self::HIDE . $ids[0], $user );

		$reply = $this->send( 'POST', self::READ_ALL, $user );

		$this->assertSame( 200, $reply->get_status() );
		$this->assertSame(
			array(
				'success' => true,
				'data'    => array( 'unread' => 0 ),
			),
			$reply->get_data()
		);
		$this->assert_matches_schema( $reply, self::READ_ALL );
		$this->assertSame( array( array( 1, 1 ), array( 1, 0 ), array( 1, 0 ) ), array_map( array( self::class, 'flags' ), $ids ), 'Hidden ones are read too.' );
		$this->assertSame( array( array( 0, 0 ), array( 0, 0 ) ), array_map( array( self::class, 'flags' ), $kept ), 'Another user\'s stay unread.' );
		$this->assertSame( 2, $this->services()->notifications->unread_count( $other ) );
		$this->assertSame( 0, $this->send( 'POST', self::READ_ALL, $user )->get_data()['data']['unread'], 'Again: nothing to do, still 200.' );
	}

	public function test_a_notification_arriving_after_read_all_counts_as_unread(): void {
		$user = $this->make_user();
		Inbox::fill( $user, 2 );
		$this->send( 'POST', self::READ_ALL, $user );

		list( $new, $extra ) = Inbox::fill( $user, 2 );

		$this->assertSame( 1, $this->send( 'POST', self::HIDE . $extra, $user )->get_data()['data']['unread'], 'The new one is unread; the hidden one does not count.' );
		$this->assertSame( array( 0, 0 ), self::flags( $new ) );
	}

	public function test_another_users_notification_or_a_missing_one_answers_404_and_changes_nothing(): void {
		global $wpdb;
		$user    = $this->make_user();
		$other   = $this->make_user();
		$mine    = Inbox::fill( $user, 1 )[0];
		$theirs  = Inbox::fill( $other, 1 )[0];
		$missing = 1 + (int) $wpdb->get_var( $wpdb->prepare( 'SELECT MAX(id) FROM %i', $wpdb->prefix . 'lp_notifications' ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test reads the table itself.

		foreach ( array( $theirs, $missing ) as $id ) {
			$reply = $this->send( 'POST', self::HIDE . $id, $user );
			$this->assertSame( 404, $reply->get_status(), "id $id" );
			$this->assertSame( 'notification_not_found', $reply->get_data()['error_code'] );
			$this->assertFalse( $reply->get_data()['success'] );
			$this->assertSame( 404, $reply->get_data()['data']['status'] );
		}

		$this->assertSame( array( 0, 0 ), self::flags( $theirs ), 'The other user\'s row is untouched.' );
		$this->assertSame( array( 0, 0 ), self::flags( $mine ) );
		$this->assertSame( 1, $this->send( 'GET', '/library/v2/notifications', $other )->get_data()['data']['total'] );
	}

	public function test_invalid_ids_are_refused_before_the_route_runs(): void {
		$user = $this->make_user();

		foreach ( array( '0', (string) ( Limits::MAX_ID + 1 ) ) as $id ) {
			$reply = $this->send( 'POST', self::HIDE . $id, $user );
			$this->assertSame( 400, $reply->get_status(), "id $id" );
			$this->assertSame( 'rest_invalid_param', $reply->get_data()['error_code'] );
		}
		$this->assertSame( 404, $this->send( 'POST', self::HIDE . 'abc', $user )->get_status(), 'Not a route.' );
		$this->assertSame( 404, $this->send( 'GET', self::HIDE . '1', $user )->get_status(), 'POST only.' );
	}

	public function test_both_routes_refuse_logged_out_no_nonce_and_a_bad_nonce(): void {
		$user = $this->make_user();
		$id   = Inbox::fill( $user, 1 )[0];

		foreach ( array( self::HIDE . $id, self::READ_ALL ) as $route ) {
			$this->assertSame( 401, $this->send( 'POST', $route, 0 )->get_status(), "logged out: $route" );
			$this->assertSame( 401, $this->rest_as_browser( 'POST', $route, $user, null )->get_status(), "no nonce: $route" );
			$this->assertSame( 403, $this->rest_as_browser( 'POST', $route, $user, 'not-a-nonce' )->get_status(), "bad nonce: $route" );
		}
		$this->assertSame( array( 0, 0 ), self::flags( $id ), 'Nothing changed.' );

		$nonce = $this->browser_nonce( $user );
		$this->assertSame( 200, $this->rest_as_browser( 'POST', self::HIDE . $id, $user, $nonce )->get_status() );
		$this->assertSame( 200, $this->rest_as_browser( 'POST', self::READ_ALL, $user, $nonce )->get_status() );
		$this->assertSame( array( 1, 1 ), self::flags( $id ) );
	}
}
