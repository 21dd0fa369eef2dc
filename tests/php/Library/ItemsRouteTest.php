<?php
/**
 * GET /library/v2/items/ on real rows.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Library;

use LibraryPortal\Core\Rows\ItemStatus;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The items reply for owners, team members and member-only users, and who may see what.
 */
final class ItemsRouteTest extends TestCase {

	private const ROUTE = '/library/v2/items';

	public function test_logged_out_gets_401(): void {
		$response = $this->rest( 'GET', self::ROUTE );

		$this->assertSame( 401, $response->get_status() );
		$this->assertSame( 'rest_forbidden', $response->as_error()->get_error_code() );
	}

	public function test_cookie_without_nonce_counts_as_logged_out(): void {
		$owner = $this->make_user();
		Library::grant( $owner, Library::item( 'Private Training' ) );

		$response = $this->rest_as_browser( 'GET', self::ROUTE, $owner, null );

		$this->assertSame( 401, $response->get_status() );
		$this->assertStringNotContainsString( 'Private Training', (string) wp_json_encode( $response->get_data() ) );
	}

	public function test_bad_nonce_gets_403(): void {
		$owner = $this->make_user();

		$response = $this->rest_as_browser( 'GET', self::ROUTE, $owner, 'not-a-nonce' );

		$this->assertSame( 403, $response->get_status() );
		$this->assertSame( 'rest_cookie_invalid_nonce', $response->as_error()->get_error_code() );
	}

	public function test_owner_sees_counts_shares_progress_and_certificate(): void {
		$owner  = $this->make_user( 'subscriber', array( 'display_name' => 'Olivia Owner' ) );
		$member = $this->make_user(
			'subscriber',
			array(
				'display_name' => "Theo\u{0007} Teammate",
				'user_email'   => 'theo@example.com',
			)
		);
		$item   = Library::item( 'Trauma-Informed Care', 'on-demand-workshop', 2 );
		Library::grant( $owner, $item, 3, time() + 3600 );
		Library::activate_own( $owner, $item );
		Library::share( $owner, $member, $item );
		$this->services()->progress->record( $owner, $item, 0, 100, time() );
		$this->services()->progress->record( $owner, $item, 1, 50, time() );
		$this->services()->certificates->issue( $owner, $item, 90, time() );

		$response = $this->rest( 'GET', self::ROUTE, array(), $owner );
		$data     = $response->get_data();
		$row      = Library::by_product( $data['data'] )[ $item ];

		$this->assertSame( 200, $response->get_status() );
		$this->assertTrue( $data['success'] );
		$this->assertSame( 'Trauma-Informed Care', $row['title'] );
		$this->assertSame( 'On-Demand Workshop', $row['content_type_label'] );
		$this->assertSame( array( 3, 1, 1, 0 ), array( $row['total_licenses'], $row['active_licenses'], $row['available_licenses'], $row['expired_licenses'] ) );
		$this->assertTrue( $row['activated'] );
		$this->assertGreaterThan( 0, $row['activated_at'] );
		$this->assertSame( 0, $row['share_user_id'] );
		$this->assertNull( $row['share_user'] );
		$this->assertSame(
			array(
				$member => array(
					'name'  => 'Theo Teammate',
					'email' => 'theo@example.com',
				),
			),
			$row['shared_with'],
			'Control characters are stripped from names.'
		);
		$this->assertSame( 75, $row['video_data']['progress']['count'], 'Overall progress is the average of the parts.' );
		$this->assertCount( 2, $row['video_data']['progress']['parts'] );
		$code = $this->services()->certificates->for_user_item( $owner, $item )->code;
		$this->assertSame( home_url( '/certificate/' . $code . '/download' ), $row['video_data']['pdf'], 'pdf is the download address.' );
		$this->assertSame( ItemStatus::COMPLETED, $row['status'] );
		$this->assertSame( ItemStatus::COMPLETED, $row['playback_status'], 'Your Progress reads the same status as a team row.' );
		$this->assertSame( $this->services()->certificates->for_user_item( $owner, $item )->issued_at, $row['video_data']['completed_at'] );
		$this->assertSame( $owner, $row['user_id'] );
		$this->assertCount( 3, $row['licenses'] );
	}

	public function test_team_member_sees_the_received_seat_only(): void {
		$owner  = $this->make_user(
			'subscriber',
			array(
				'display_name' => 'Olivia Owner',
				'user_email'   => 'olivia@example.com',
			)
		);
		$member = $this->make_user();
		$other  = $this->make_user( 'subscriber', array( 'user_email' => 'someone-else@example.com' ) );
		$item   = Library::item( 'Clinical Documentation' );
		Library::grant( $owner, $item, 3 );
		Library::share( $owner, $member, $item );
		Library::share( $owner, $other, $item );

		$items = $this->rest( 'GET', self::ROUTE, array(), $member )->get_data()['data'];

		$this->assertCount( 1, $items );
		$row = $items[0];
		$this->assertSame( $owner, $row['share_user_id'] );
		$this->assertSame(
			array(
				'name'  => 'Olivia Owner',
				'email' => 'olivia@example.com',
			),
			$row['share_user']
		);
		$this->assertSame( array( 1, 0, 0 ), array( $row['total_licenses'], $row['available_licenses'], $row['active_licenses'] ) );
		$this->assertSame( array(), $row['shared_with'], 'A team member never sees who else the owner shared with.' );
		$this->assertStringNotContainsString( 'someone-else@example.com', (string) wp_json_encode( $items ) );
		$this->assertSame( 'shared', $row['access'] );
		$this->assertSame( ItemStatus::NOT_STARTED, $row['status'] );
	}

	public function test_member_only_user_gets_membership_and_member_items(): void {
		$user       = $this->make_user();
		$ends       = time() + 30 * DAY_IN_SECONDS;
		$membership = Library::item( 'Professional Membership', 'membership' );
		$webinar    = Library::item( 'Member Webinar', 'on-demand-webinar' );
		Library::grant( $user, $membership, 1, $ends );
		Library::grant( $user, $webinar, 1, $ends, 'member' );

		$rows = Library::by_product( $this->rest( 'GET', self::ROUTE, array(), $user )->get_data()['data'] );

		$this->assertSame( ItemStatus::MEMBERSHIP, $rows[ $membership ]['status'] );
		$this->assertSame( 'member', $rows[ $webinar ]['tag'] );
		$this->assertSame( ItemStatus::MEMBER_PRODUCT, $rows[ $webinar ]['status'] );
		$this->assertSame( 'member', $rows[ $webinar ]['access'] );
		$this->assertSame( $ends, $rows[ $webinar ]['expiry'] );
	}

	public function test_statuses_on_real_rows(): void {
		$owner    = $this->make_user();
		$member   = $this->make_user();
		$shared   = Library::item( 'All Shared' );
		$expired  = Library::item( 'Old Workshop', 'workshop' );
		$manual   = Library::item( 'Workbook', 'e-manual' );
		$testable = Library::item( 'Almost Done', 'webinar' );
		Library::grant( $owner, $shared, 1 );
		Library::share( $owner, $member, $shared );
		Library::grant( $owner, $expired, 2, time() - 10 );
		Library::grant( $owner, $manual, 5 );
		Library::grant( $owner, $testable, 1 );
		$this->services()->progress->record( $owner, $testable, 0, 95, time() );

		$rows = Library::by_product( $this->rest( 'GET', self::ROUTE, array(), $owner )->get_data()['data'] );

		$this->assertSame( ItemStatus::SHARED, $rows[ $shared ]['status'] );
		$this->assertSame( ItemStatus::EXPIRED, $rows[ $expired ]['status'] );
		$this->assertSame( 2, $rows[ $expired ]['expired_licenses'] );
		$this->assertSame( 'no_license', $rows[ $expired ]['access'] );
		$this->assertSame( ItemStatus::PURCHASED, $rows[ $manual ]['status'] );
		$this->assertSame( 5, $rows[ $manual ]['available_licenses'] );
		$this->assertSame( ItemStatus::TAKE_TEST, $rows[ $testable ]['status'] );

		// Your Progress: the playback status, whatever the list says.
		$this->assertSame( ItemStatus::NOT_STARTED, $rows[ $shared ]['playback_status'] );
		$this->assertSame( ItemStatus::EXPIRED, $rows[ $expired ]['playback_status'], 'An expired row says so, not Not Started.' );
		$this->assertSame( ItemStatus::TAKE_TEST, $rows[ $testable ]['playback_status'] );
		$this->assertSame( 0, $rows[ $testable ]['video_data']['completed_at'], 'No certificate, no completion date.' );
		$this->services()->progress->record( $owner, $shared, 0, 40, time() );
		$rows = Library::by_product( $this->rest( 'GET', self::ROUTE, array(), $owner )->get_data()['data'] );
		$this->assertSame( ItemStatus::IN_PROGRESS, $rows[ $shared ]['playback_status'], 'A cached reply is rebuilt after progress.' );
	}

	public function test_progress_rows_without_watching_have_their_real_state(): void {
		$owner      = $this->make_user();
		$membership = Library::item( 'Professional Membership', 'membership' );
		$course     = Library::item( 'Ethics Online', 'e-course' );
		$program    = Library::item( 'Trauma Professional', 'certificate-self-guided' );
		$old        = Library::item( 'Old Course', 'e-course' );
		Library::grant( $owner, $membership, 1, time() + DAY_IN_SECONDS );
		Library::grant( $owner, $course, 1 );
		Library::grant( $owner, $program, 1 );
		Library::grant( $owner, $old, 1, time() - 10 );

		$rows = Library::by_product( $this->rest( 'GET', self::ROUTE, array(), $owner )->get_data()['data'] );

		$this->assertSame( 'active', $rows[ $membership ]['playback_status'] );
		$this->assertSame( ItemStatus::PURCHASED, $rows[ $course ]['playback_status'] );
		$this->assertSame( ItemStatus::PURCHASED, $rows[ $program ]['playback_status'] );
		$this->assertSame( ItemStatus::EXPIRED, $rows[ $old ]['playback_status'] );
	}

	public function test_another_users_items_never_appear(): void {
		$owner    = $this->make_user();
		$stranger = $this->make_user();
		$mine     = Library::item( 'Mine' );
		$theirs   = Library::item( 'Theirs' );
		Library::grant( $owner, $mine, 2 );
		Library::grant( $stranger, $theirs, 2 );
		$this->services()->progress->record( $stranger, $mine, 0, 50, time() );

		$owner_rows    = Library::by_product( $this->rest( 'GET', self::ROUTE, array(), $owner )->get_data()['data'] );
		$stranger_rows = Library::by_product( $this->rest( 'GET', self::ROUTE, array(), $stranger )->get_data()['data'] );

		$this->assertSame( array( $mine ), array_keys( $owner_rows ) );
		$this->assertSame( 0, $owner_rows[ $mine ]['video_data']['progress']['count'], "Someone else's progress is not mine." );
		$this->assertSame( array( $theirs ), array_keys( $stranger_rows ) );
	}

	public function test_unpublished_items_are_left_out(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Withdrawn' );
		Library::grant( $owner, $item );
		wp_update_post(
			array(
				'ID'          => $item,
				'post_status' => 'draft',
			)
		);

		$this->assertSame( array(), $this->rest( 'GET', self::ROUTE, array(), $owner )->get_data()['data'] );
	}

	public function test_contract_items_appear_for_members_only(): void {
		$member    = $this->make_user();
		$outsider  = $this->make_user();
		$contracts = $this->services()->contracts;
		$contract  = $contracts->create( array( 'title' => 'Riverside' ), time() );
		$item      = Library::item( 'Contract Workshop', 'workshop' );
		$contracts->add_member( $contract, $member );
		$contracts->add_item( $contract, $item );

		$rows = $this->rest( 'GET', self::ROUTE, array(), $member )->get_data()['data'];

		$this->assertCount( 1, $rows );
		$this->assertSame( array( 'contract', $contract, 'contract' ), array( $rows[0]['tag'], $rows[0]['contract_id'], $rows[0]['access'] ) );
		$this->assertSame( array(), $this->rest( 'GET', self::ROUTE, array(), $outsider )->get_data()['data'] );
	}

	/**
	 * @group queries
	 */
	public function test_query_count_does_not_grow_with_items(): void {
		$small = $this->make_user();
		$large = $this->make_user();
		$other = $this->make_user();
		\LibraryPortal\Dev\DemoSeeder::create()->seed_library_for( $small, 10 );
		\LibraryPortal\Dev\DemoSeeder::create()->seed_library_for( $large, 1000 );
		foreach ( array( $small, $large ) as $owner ) {
			$item = Library::item( 'Shared ' . $owner );
			Library::grant( $owner, $item, 2 );
			Library::share( $owner, $other, $item );
		}

		$count      = function ( int $user_id, bool $cached ): int {
			if ( ! $cached ) {
				$this->services()->library_cache->forget_users( $user_id );
			}
			return $this->count_queries(
				function () use ( $user_id ) {
					$this->assertSame( 200, $this->rest( 'GET', self::ROUTE, array(), $user_id )->get_status() );
				}
			);
		};
		$small_rows = count( $this->rest( 'GET', self::ROUTE, array(), $small )->get_data()['data'] );
		$large_rows = count( $this->rest( 'GET', self::ROUTE, array(), $large )->get_data()['data'] );

		$this->assertSame( 11, $small_rows );
		$this->assertSame( 1001, $large_rows );
		$built_small = $count( $small, false );
		$built_large = $count( $large, false );
		$this->assertSame( $built_small, $built_large, 'Same number of queries for 10 and 1,000 items when the library is built.' );
		$this->assertLessThanOrEqual( 12, $built_large );
		$hit = wp_using_ext_object_cache() ? 0 : 1; // A persistent object cache serves the kept reply itself.
		$this->assertSame( $hit, $count( $small, true ), 'A cached library is one query.' );
		$this->assertSame( $hit, $count( $large, true ) );
	}
	public function test_pages_on_request_cut_the_same_list_in_order_with_its_totals(): void {
		$owner = $this->make_user();
		$other = $this->make_user();
		\LibraryPortal\Dev\DemoSeeder::create()->seed_library_for( $owner, 25 );
		Library::grant( $other, Library::item( 'Someone Else Training' ) );
		$whole = $this->rest( 'GET', self::ROUTE, array(), $owner );

		$pages = array();
		foreach ( array( 1, 2, 3 ) as $page ) {
			$response = $this->rest(
				'GET',
				self::ROUTE,
				array(
					'per_page' => 10,
					'page'     => $page,
				),
				$owner
			);
			$this->assertSame( 200, $response->get_status() );
			$this->assertSame( array( '25', '3' ), array( $response->get_headers()['X-WP-Total'], $response->get_headers()['X-WP-TotalPages'] ) );
			$pages[] = $response->get_data()['data'];
		}

		$this->assertSame( array( 10, 10, 5 ), array_map( 'count', $pages ) );
		$this->assertSame( $whole->get_data()['data'], array_merge( ...$pages ), 'The pages, joined, are the whole list in its order.' );
		$this->assertArrayNotHasKey( 'X-WP-Total', $whole->get_headers(), 'Without per_page the reply is the whole list, as before.' );
		$this->assertNotContains( 'Someone Else Training', array_column( array_merge( ...$pages ), 'title' ) );
	}

	public function test_a_page_past_the_end_or_a_bad_size_is_refused_and_an_empty_library_has_one_empty_page(): void {
		$owner = $this->make_user();
		\LibraryPortal\Dev\DemoSeeder::create()->seed_library_for( $owner, 3 );
		$empty = $this->make_user();

		$past = $this->rest(
			'GET',
			self::ROUTE,
			array(
				'per_page' => 2,
				'page'     => 3,
			),
			$owner
		);
		$this->assertSame( array( 400, 'invalid_page_number' ), array( $past->get_status(), $past->as_error()->get_error_code() ) );
		foreach ( array( 0, 101, 'ten' ) as $size ) {
			$refused = $this->rest( 'GET', self::ROUTE, array( 'per_page' => $size ), $owner );
			$this->assertSame( array( 400, 'rest_invalid_param' ), array( $refused->get_status(), $refused->as_error()->get_error_code() ), "per_page {$size}" );
		}
		$none = $this->rest( 'GET', self::ROUTE, array( 'per_page' => 10 ), $empty );
		$this->assertSame( array( 200, array(), '0', '0' ), array( $none->get_status(), $none->get_data()['data'], $none->get_headers()['X-WP-Total'], $none->get_headers()['X-WP-TotalPages'] ) );
	}

	public function test_a_page_is_refused_logged_out_and_without_a_nonce(): void {
		$owner = $this->make_user();
		Library::grant( $owner, Library::item( 'Private Training' ) );

		$this->assertSame( 401, $this->rest( 'GET', self::ROUTE, array( 'per_page' => 1 ) )->get_status() );
		$browser = $this->rest_as_browser( 'GET', self::ROUTE, $owner, null, array( 'per_page' => 1 ) );
		$this->assertSame( 401, $browser->get_status() );
		$this->assertStringNotContainsString( 'Private Training', (string) wp_json_encode( $browser->get_data() ) );
	}

	/**
	 * @group queries
	 */
	public function test_a_page_of_a_kept_list_costs_what_the_whole_list_costs_whatever_its_size(): void {
		$small = $this->make_user();
		$large = $this->make_user();
		\LibraryPortal\Dev\DemoSeeder::create()->seed_library_for( $small, 10 );
		\LibraryPortal\Dev\DemoSeeder::create()->seed_library_for( $large, 1000 );
		$count = function ( int $user_id ): int {
			$this->rest( 'GET', self::ROUTE, array(), $user_id ); // Keeps the list.
			return $this->count_queries(
				function () use ( $user_id ) {
					$this->assertSame( 200, $this->rest( 'GET', self::ROUTE, array( 'per_page' => 100 ), $user_id )->get_status() );
				}
			);
		};

		$hit = wp_using_ext_object_cache() ? 0 : 1;
		$this->assertSame( $hit, $count( $small ) );
		$this->assertSame( $hit, $count( $large ) );
	}
}
