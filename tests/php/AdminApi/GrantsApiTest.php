<?php
/**
 * The site owner's REST API: library-admin/v1/grants.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\AdminApi;

use LibraryPortal\AdminApi\GrantsController;
use LibraryPortal\Core\AdminCapabilities;
use LibraryPortal\Core\Site\SiteDate;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;
use WP_REST_Response;

/**
 * Grants listed, given, extended and taken back by the owner's own tools: only with the Grants
 * capability, validated as the Grants screen validates (nothing written on a refusal), every
 * reply as its schema says, lists paged the WordPress way.
 */
final class GrantsApiTest extends TestCase {

	private const BASE = '/' . GrantsController::NAMESPACE . '/grants';

	/**
	 * Every route with a request that would succeed for an admin.
	 *
	 * @param int $grant A grant.
	 * @param int $item  An item.
	 * @param int $owner A user.
	 * @return array<string, array{0: string, 1: string, 2: array<string, mixed>}>
	 */
	private static function routes( int $grant, int $item, int $owner ): array {
		return array(
			'list'      => array( 'GET', self::BASE, array() ),
			'create'    => array(
				'POST',
				self::BASE,
				array(
					'owner'    => (string) $owner,
					'product'  => $item,
					'quantity' => 2,
				),
			),
			'one'       => array( 'GET', self::BASE . '/' . $grant, array() ),
			'extend'    => array( 'POST', self::BASE . '/' . $grant . '/extend', array( 'expires' => gmdate( 'Y-m-d', time() + 400 * DAY_IN_SECONDS ) ) ),
			'take back' => array( 'POST', self::BASE . '/' . $grant . '/take-back', array( 'count' => 1 ) ),
		);
	}

	/**
	 * Validates a reply against the route's schema.
	 *
	 * @param WP_REST_Response $reply  Reply.
	 * @param string           $route  Route as registered.
	 * @param bool             $list   A list of items.
	 */
	private function assert_schema( WP_REST_Response $reply, string $route, bool $list = false ): void {
		$schema = call_user_func( rest_get_server()->get_route_options( $route )['schema'] );
		if ( $list ) {
			$schema = array(
				'type'  => 'array',
				'items' => $schema,
			);
		}
		$data  = json_decode( (string) wp_json_encode( $reply->get_data() ), true );
		$valid = rest_validate_value_from_schema( $data, $schema, 'reply' );
		$this->assertTrue( $valid, is_wp_error( $valid ) ? $valid->get_error_message() : '' );
	}

	/**
	 * Grants of an owner in the table.
	 *
	 * @param int $owner Owner.
	 */
	private static function grants_of( int $owner ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE owner_id = %d', $wpdb->prefix . 'lp_grants', $owner ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3.
	}

	public function test_logged_out_a_cookie_without_its_nonce_a_customer_and_a_wrong_capability_are_refused_and_change_nothing(): void {
		$owner    = $this->make_user();
		$item     = Library::item( 'API refusals ' . wp_generate_password( 4, false ) );
		$grant    = Library::grant( $owner, $item, 3 );
		$customer = $this->make_user();
		$editor   = $this->make_user( 'editor' );
		$contract = $this->make_user( 'editor' );
		get_userdata( $contract )->add_cap( AdminCapabilities::CONTRACTS );
		$admin = $this->make_user( 'administrator' );
		$this->assertTrue( user_can( $admin, AdminCapabilities::GRANTS ) );

		foreach ( self::routes( $grant, $item, $owner ) as $label => list( $method, $route, $params ) ) {
			wp_set_current_user( 0 );
			$this->assertSame( 401, $this->rest( $method, $route, $params )->get_status(), "$label logged out" );
			$this->assertSame( 401, $this->rest_as_browser( $method, $route, $admin, null, $params )->get_status(), "$label: an admin's cookie without its nonce" );
			foreach ( array(
				'customer'         => $customer,
				'editor'           => $editor,
				'contracts editor' => $contract,
			) as $who => $user ) {
				$reply = $this->rest( $method, $route, $params, $user );
				$this->assertSame( 403, $reply->get_status(), "$label as $who" );
				$this->assertSame( 'rest_forbidden', $reply->get_data()['code'] );
			}
		}
		$this->assertSame( 1, self::grants_of( $owner ), 'no grant given' );
		$this->assertSame(
			array(
				'available' => 3,
				'assigned'  => 0,
				'activated' => 0,
			),
			Library::seat_states( $item ),
			'no seat taken back'
		);
	}

	public function test_an_admin_gives_a_grant_that_the_learner_sees_in_the_library(): void {
		$admin   = $this->make_user( 'administrator' );
		$learner = $this->make_user( 'subscriber', array( 'user_email' => 'api-learner@example.com' ) );
		$item    = Library::item( 'API granted ' . wp_generate_password( 4, false ) );

		$reply = $this->rest(
			'POST',
			self::BASE,
			array(
				'owner'    => 'api-learner@example.com',
				'product'  => $item,
				'quantity' => 3,
				'expires'  => '2035-06-28',
			),
			$admin
		);

		$this->assertSame( 201, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
		$this->assert_schema( $reply, self::BASE );
		$data = $reply->get_data();
		$this->assertSame( array( $learner, $item, 3, 'api', 'active' ), array( $data['owner']['id'], $data['product']['id'], $data['quantity'], $data['source'], $data['state'] ) );
		$this->assertSame( 3, $data['seats']['available'] );
		$this->assertSame( rest_url( GrantsController::NAMESPACE . '/grants/' . $data['id'] ), $reply->get_headers()['Location'] );
		$this->assertSame( gmdate( 'Y-m-d\TH:i:s\Z', SiteDate::end_of_day( '2035-06-28' ) ), $data['expires_at'] );

		$rows = $this->rest( 'GET', '/library/v2/items', array(), $learner )->get_data()['data'];
		$this->assertContains( $item, array_column( $rows, 'product_id' ), 'the learner sees it' );
	}

	public function test_bad_input_is_refused_with_the_grants_screens_words_and_nothing_is_written(): void {
		$admin = $this->make_user( 'administrator' );
		$owner = $this->make_user();
		$item  = Library::item( 'API validated ' . wp_generate_password( 4, false ) );
		$draft = wp_insert_post(
			array(
				'post_type'   => 'library_item',
				'post_title'  => 'Draft item',
				'post_status' => 'draft',
			)
		);
		$good  = array(
			'owner'    => (string) $owner,
			'product'  => $item,
			'quantity' => 1,
		);
		$cases = array(
			'no owner'       => array( array( 'owner' => 'nobody@example.com' ) + $good, 'No user with that ID, e-mail or login.' ),
			'a draft item'   => array( array( 'product' => $draft ) + $good, 'Choose a published library item.' ),
			'zero seats'     => array( array( 'quantity' => 0 ) + $good, null ),
			'too many seats' => array( array( 'quantity' => 1001 ) + $good, null ),
			'a past date'    => array( array( 'expires' => '2001-01-01' ) + $good, 'The expiry date must be in the future, or never.' ),
			'no such day'    => array( array( 'expires' => '2031-02-30' ) + $good, 'The date must be a real date (YYYY-MM-DD).' ),
			'not a date'     => array( array( 'expires' => 'tomorrow' ) + $good, null ),
			'a bad tag'      => array( array( 'tag' => 'gold' ) + $good, null ),
		);
		foreach ( $cases as $label => list( $params, $message ) ) {
			$reply = $this->rest( 'POST', self::BASE, $params, $admin );
			$this->assertSame( 400, $reply->get_status(), $label );
			$this->assertSame( 'rest_invalid_param', $reply->get_data()['code'], $label );
			if ( null !== $message ) {
				$this->assertSame( $message, $reply->get_data()['message'], $label );
			}
		}
		$this->assertSame( 0, self::grants_of( $owner ) );

		$grant  = Library::grant( $owner, $item, 2, time() + 30 * DAY_IN_SECONDS );
		$before = $this->rest( 'GET', self::BASE . '/' . $grant, array(), $admin )->get_data();
		$sooner = $this->rest( 'POST', self::BASE . "/$grant/extend", array( 'expires' => gmdate( 'Y-m-d', time() + 2 * DAY_IN_SECONDS ) ), $admin );
		$this->assertSame( 400, $sooner->get_status(), 'an extension must lengthen it' );
		$this->assertSame( $before, $this->rest( 'GET', self::BASE . '/' . $grant, array(), $admin )->get_data() );
		$this->assertSame( 400, $this->rest( 'POST', self::BASE . "/$grant/take-back", array( 'count' => 3 ), $admin )->get_status(), 'more seats than it has' );
		$this->assertSame( 2, Library::seat_states( $item )['available'] );
		foreach ( array( array( 'GET', '' ), array( 'POST', '/extend' ), array( 'POST', '/take-back' ) ) as list( $method, $tail ) ) {
			$this->assertSame( 404, $this->rest( $method, self::BASE . '/999999' . $tail, array( 'expires' => '' ), $admin )->get_status(), "$method$tail of no grant" );
		}
	}

	public function test_the_list_pages_with_its_totals_and_filters(): void {
		$admin = $this->make_user( 'administrator' );
		$owner = $this->make_user();
		$other = $this->make_user();
		$item  = Library::item( 'API listed ' . wp_generate_password( 4, false ) );
		$ids   = array();
		for ( $i = 0; $i < 5; $i++ ) {
			$ids[] = Library::grant( $owner, $item, 1 );
		}
		Library::grant( $other, $item, 1 );

		$first = $this->rest(
			'GET',
			self::BASE,
			array(
				'owner'    => $owner,
				'per_page' => 2,
			),
			$admin
		);
		$last  = $this->rest(
			'GET',
			self::BASE,
			array(
				'owner'    => $owner,
				'per_page' => 2,
				'page'     => 3,
			),
			$admin
		);

		$this->assertSame( 200, $first->get_status() );
		$this->assert_schema( $first, self::BASE, true );
		$this->assertSame( array( '5', '3' ), array( $first->get_headers()['X-WP-Total'], $first->get_headers()['X-WP-TotalPages'] ) );
		$listed = array_merge( array_column( $first->get_data(), 'id' ), array_column( $last->get_data(), 'id' ) );
		$this->assertSame( array( $ids[4], $ids[3], $ids[0] ), $listed, 'newest first, page by page' );
		$this->assertSame( 6, count( $this->rest( 'GET', self::BASE, array( 'product' => $item ), $admin )->get_data() ) );
		$this->assertSame( 400, $this->rest( 'GET', self::BASE, array( 'per_page' => 101 ), $admin )->get_status() );
		$this->assertSame( 400, $this->rest( 'GET', self::BASE, array( 'state' => 'lost' ), $admin )->get_status() );
	}

	public function test_an_extension_and_a_take_back_act_on_the_grant_and_say_what_they_did(): void {
		$admin   = $this->make_user( 'administrator' );
		$owner   = $this->make_user();
		$item    = Library::item( 'API changed ' . wp_generate_password( 4, false ) );
		$grant   = Library::grant( $owner, $item, 3, time() + 30 * DAY_IN_SECONDS );
		$started = Library::activate_own( $owner, $item );
		$later   = gmdate( 'Y-m-d', time() + 400 * DAY_IN_SECONDS );

		$extended = $this->rest( 'POST', self::BASE . "/$grant/extend", array( 'expires' => $later ), $admin );
		$this->assertSame( 200, $extended->get_status(), (string) wp_json_encode( $extended->get_data() ) );
		$this->assert_schema( $extended, self::BASE . '/(?P<id>\d+)/extend' );
		$this->assertSame( gmdate( 'Y-m-d\TH:i:s\Z', SiteDate::end_of_day( $later ) ), $extended->get_data()['expires_at'] );
		$never = $this->rest( 'POST', self::BASE . "/$grant/extend", array( 'expires' => '' ), $admin );
		$this->assertNull( $never->get_data()['expires_at'], 'empty: never' );

		$taken = $this->rest( 'POST', self::BASE . "/$grant/take-back", array(), $admin );
		$this->assertSame( 200, $taken->get_status(), (string) wp_json_encode( $taken->get_data() ) );
		$this->assert_schema( $taken, self::BASE . '/(?P<id>\d+)/take-back' );
		$data = $taken->get_data();
		$this->assertSame( 2, $data['taken'] );
		$this->assertNotContains( $started, $data['seat_ids'], 'a started seat stays' );
		$this->assertSame( 'ended', $data['grant']['state'] );
		$this->assertSame( 1, $data['grant']['seats']['activated'] );
	}
}
