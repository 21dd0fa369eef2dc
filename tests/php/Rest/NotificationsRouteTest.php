<?php
/**
 * GET /library/v2/notifications/.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Rest;

use LibraryPortal\Plugin;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Paged notifications of the current user only.
 */
final class NotificationsRouteTest extends TestCase {

	private const ROUTE = '/library/v2/notifications';

	/**
	 * Adds N notifications for a user, one a minute apart (the last is the newest).
	 *
	 * @param int $user_id User.
	 * @param int $count   How many.
	 * @return int[] IDs, oldest first.
	 */
	private function notify( int $user_id, int $count ): array {
		$ids = array();
		for ( $i = 1; $i <= $count; $i++ ) {
			$ids[] = Plugin::instance()->notifications->add(
				array(
					'user_id' => $user_id,
					'type'    => 'share_accepted',
					'message' => "Message <strong>$i</strong>",
				),
				1_800_000_000 + 60 * $i
			);
		}
		return $ids;
	}

	public function test_logged_out_gets_401(): void {
		$this->assertSame( 401, $this->rest( 'GET', self::ROUTE )->get_status() );
	}

	public function test_cookie_without_nonce_counts_as_logged_out_and_bad_nonce_is_403(): void {
		$user = $this->make_user();

		$this->assertSame( 401, $this->rest_as_browser( 'GET', self::ROUTE, $user, null )->get_status() );
		$this->assertSame( 403, $this->rest_as_browser( 'GET', self::ROUTE, $user, 'forged' )->get_status() );
		$this->assertSame( 200, $this->rest_as_browser( 'GET', self::ROUTE, $user, $this->browser_nonce( $user ) )->get_status() );
	}

	public function test_pages_newest_first_with_the_spec_fields(): void {
		$user = $this->make_user();
		$ids  = $this->notify( $user, 12 );

		$first  = $this->rest( 'GET', self::ROUTE, array(), $user )->get_data()['data'];
		$second = $this->rest( 'GET', self::ROUTE, array( 'page' => 2 ), $user )->get_data()['data'];

		$this->assertSame( array( 12, 1, 10, 2 ), array( $first['total'], $first['page'], $first['per_page'], $first['total_pages'] ) );
		$this->assertCount( 10, $first['notifications'] );
		$this->assertSame( $ids[11], $first['notifications'][0]['id'] );
		$this->assertSame(
			array(
				'id'                 => $ids[11],
				'message'            => 'Message <strong>12</strong>',
				'hide_status'        => false,
				'read_status'        => false,
				'timestamp'          => 1_800_000_720,
				'type'               => 'share_accepted',
				'related_product_id' => 0,
				'related_user_id'    => 0,
			),
			$first['notifications'][0]
		);
		$this->assertSame( array( $ids[1], $ids[0] ), array_column( $second['notifications'], 'id' ) );
	}

	public function test_hidden_ones_only_on_request(): void {
		global $wpdb;
		$user = $this->make_user();
		$ids  = $this->notify( $user, 3 );
		$wpdb->update( $wpdb->prefix . 'lp_notifications', array( 'hide_status' => 1 ), array( 'id' => $ids[0] ) );

		$this->assertSame( 2, $this->rest( 'GET', self::ROUTE, array(), $user )->get_data()['data']['total'] );
		$this->assertSame( 3, $this->rest( 'GET', self::ROUTE, array( 'include_hidden' => 'true' ), $user )->get_data()['data']['total'] );
	}

	public function test_someone_elses_notifications_never_appear(): void {
		$user  = $this->make_user();
		$other = $this->make_user();
		$this->notify( $other, 4 );

		$data = $this->rest( 'GET', self::ROUTE, array(), $user )->get_data()['data'];

		$this->assertSame( array(), $data['notifications'] );
		$this->assertSame( 0, $data['total'] );
	}

	public function test_invalid_arguments_are_refused(): void {
		$user = $this->make_user();

		$this->assertSame( 400, $this->rest( 'GET', self::ROUTE, array( 'page' => 0 ), $user )->get_status() );
		$this->assertSame( 400, $this->rest( 'GET', self::ROUTE, array( 'per_page' => 500 ), $user )->get_status() );
		$this->assertSame( 'rest_invalid_param', $this->rest( 'GET', self::ROUTE, array( 'page' => 'two' ), $user )->as_error()->get_error_code() );
	}
}
