<?php
/**
 * GET /library/v2/notifications/.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Notifications;

use LibraryPortal\Platform\Rest\Limits;
use LibraryPortal\Tests\Fixtures\Inbox;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Paged notifications of the current user only.
 */
final class NotificationsRouteTest extends TestCase {

	private const ROUTE = '/library/v2/notifications';

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
		$ids  = Inbox::fill( $user, 12 );

		$first  = $this->rest( 'GET', self::ROUTE, array(), $user )->get_data()['data'];
		$second = $this->rest( 'GET', self::ROUTE, array( 'page' => 2 ), $user )->get_data()['data'];

		$this->assertSame( array( 12, 1, 10, 2, 12 ), array( $first['total'], $first['page'], $first['per_page'], $first['total_pages'], $first['unread'] ) );
		$this->assertCount( 10, $first['notifications'] );
		$this->assertSame( $ids[11], $first['notifications'][0]['id'] );
		$this->assertSame(
			array(
				'id'                 => $ids[11],
				'message'            => 'Message 12',
				'hide_status'        => false,
				'read_status'        => false,
				'timestamp'          => 1_800_000_720,
				'type'               => 'share_accepted',
				'related_product_id' => 0,
				'related_user_id'    => 0,
				'link'               => '',
				'date'               => wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), 1_800_000_720 ),
			),
			$first['notifications'][0]
		);
		$this->assertSame( array( $ids[1], $ids[0] ), array_column( $second['notifications'], 'id' ) );
	}

	public function test_each_notification_links_to_its_item_in_the_sites_date_format(): void {
		update_option( 'date_format', 'd/m/Y' );
		update_option( 'time_format', 'H:i' );
		update_option( 'timezone_string', 'UTC' );
		$user     = $this->make_user();
		$notifier = $this->services()->notifier;
		foreach ( array( 'licenses_expiring' => 41, 'share_accepted' => 42, 'license_taken_back' => 43, 'share_received' => 0 ) as $type => $item ) { // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound
			$notifier->notify(
				array(
					'user_id'            => $user,
					'type'               => $type,
					'message'            => $type,
					'related_product_id' => $item,
				),
				1_800_000_000
			);
		}

		$links = array_column( $this->rest( 'GET', self::ROUTE, array(), $user )->get_data()['data']['notifications'], 'link', 'message' );
		$dates = array_unique( array_column( $this->rest( 'GET', self::ROUTE, array(), $user )->get_data()['data']['notifications'], 'date' ) );

		$this->assertSame( home_url( '/my-account/library/videos/41' ), $links['licenses_expiring'] );
		$this->assertSame( home_url( '/my-account/library/videos/42?tab=share-details' ), $links['share_accepted'], 'News about a share opens its Share Details.' );
		$this->assertSame( '', $links['license_taken_back'], 'The item is no longer in the library.' );
		$this->assertSame( '', $links['share_received'], 'No item, no link.' );
		$this->assertSame( array( '15/01/2027 08:00' ), array_values( $dates ) );
	}

	public function test_hidden_ones_only_on_request(): void {
		global $wpdb;
		$user = $this->make_user();
		$ids  = Inbox::fill( $user, 3 );
		$wpdb->update( $wpdb->prefix . 'lp_notifications', array( 'hide_status' => 1 ), array( 'id' => $ids[0] ) );

		$wpdb->update( $wpdb->prefix . 'lp_notifications', array( 'read_status' => 1 ), array( 'id' => $ids[1] ) );

		$visible = $this->rest( 'GET', self::ROUTE, array(), $user )->get_data()['data'];
		$all     = $this->rest( 'GET', self::ROUTE, array( 'include_hidden' => 'true' ), $user )->get_data()['data'];
		$this->assertSame( array( 2, 1 ), array( $visible['total'], $visible['unread'] ) );
		$this->assertSame( array( 3, 1 ), array( $all['total'], $all['unread'] ), 'The bell counts visible unread rows, whatever the list shows.' );
	}

	public function test_someone_elses_notifications_never_appear(): void {
		$user  = $this->make_user();
		$other = $this->make_user();
		Inbox::fill( $other, 4 );

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

	public function test_every_integer_argument_has_a_maximum(): void {
		$user = $this->make_user();
		Inbox::fill( $user, 3 );

		foreach ( array( '9223372036854775807', '9223372036854775808', (string) ( Limits::MAX_PAGE + 1 ), '1e30' ) as $page ) {
			$response = $this->rest( 'GET', self::ROUTE . '?page=' . $page, array(), $user );
			$this->assertSame( 400, $response->get_status(), "page=$page" );
			$this->assertSame( 'rest_invalid_param', $response->as_error()->get_error_code() );
		}
		$last = $this->rest( 'GET', self::ROUTE, array( 'page' => Limits::MAX_PAGE ), $user );
		$this->assertSame( 200, $last->get_status() );
		$this->assertSame( array(), $last->get_data()['data']['notifications'] );
		$this->assertSame( Limits::MAX_PAGE, $last->get_data()['data']['page'] );

		$routes = rest_get_server()->get_routes( 'library/v2' );
		foreach ( $routes as $route => $handlers ) {
			foreach ( $handlers as $handler ) {
				foreach ( (array) ( $handler['args'] ?? array() ) as $name => $arg ) {
					if ( 'integer' === ( $arg['type'] ?? '' ) ) {
						$this->assertArrayHasKey( 'minimum', $arg, "$route $name" );
						$this->assertArrayHasKey( 'maximum', $arg, "$route $name" );
					}
				}
			}
		}
	}

	public function test_messages_are_stored_and_sent_as_plain_text(): void {
		global $wpdb;
		$user   = $this->make_user();
		$id     = $this->services()->notifier->notify(
			array(
				'user_id' => $user,
				'type'    => 'share_accepted',
				'message' => 'Theo <strong>accepted</strong><script>alert(1)</script><img src=x onerror=alert(2)> &lt;b&gt;Fish &amp; Chips&lt;/b&gt; for 5 < 6',
			),
			time()
		);
		$stored = (string) $wpdb->get_var( $wpdb->prepare( "SELECT message FROM {$wpdb->prefix}lp_notifications WHERE id = %d", $id ) );

		$this->assertSame( 'Theo accepted Fish & Chips for 5 < 6', $stored );

		// A row written as HTML by an earlier version is sent as text too.
		$wpdb->insert(
			$wpdb->prefix . 'lp_notifications',
			array(
				'user_id'    => $user,
				'type'       => 'legacy',
				'message'    => 'Old <a href="https://evil.example/">link</a> &lt;i&gt;x&lt;/i&gt;',
				'created_at' => time() - 60,
			)
		);
		$reply = $this->rest( 'GET', self::ROUTE, array(), $user )->get_data()['data']['notifications'];

		$this->assertSame( array( 'Theo accepted Fish & Chips for 5 < 6', 'Old link x' ), array_column( $reply, 'message' ) );
		foreach ( $reply as $notification ) {
			$this->assertDoesNotMatchRegularExpression( '#<[a-z/!]#i', $notification['message'] );
		}
	}
}
