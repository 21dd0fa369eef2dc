<?php
/**
 * POST /library/v2/video/progress/{product_id}
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Core\Rows\Access;
use LibraryPortal\Core\Rows\ProgressRules;
use LibraryPortal\Tests\Fixtures\LearningMedia;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Fixtures\WatchingClock;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The progress rule (docs/contract.md): 5% steps in 0-100, never lowered, no jump beyond what
 * the real time allows, seat activation at 5%, overall = average of the parts.
 */
final class ProgressRouteTest extends TestCase {

	use ServesRequests;

	private const PATTERN = '/library/v2/video/progress/(?P<product_id>\d+)';

	/**
	 * Reports progress.
	 *
	 * @param int $user     User.
	 * @param int $item     Item.
	 * @param int $progress Percent.
	 * @param int $part     Part.
	 */
	private function report( int $user, int $item, int $progress, int $part = 0 ): \WP_REST_Response {
		return $this->send(
			'POST',
			'/library/v2/video/progress/' . $item,
			$user,
			array(
				'progress' => $progress,
				'part'     => $part,
			)
		);
	}

	/**
	 * The stored percent of a part, read from the table (null: no row).
	 *
	 * @param int $user Item.
	 * @param int $item Item.
	 * @param int $part Part.
	 */
	private function stored( int $user, int $item, int $part = 0 ): ?int {
		$parts = $this->services()->progress->for_item( $user, $item );
		return isset( $parts[ $part ] ) ? $parts[ $part ]->percent : null;
	}

	/**
	 * Moves a part's times (last raise and watching clock) back, as if that much real time had
	 * passed since.
	 *
	 * @param int $user    User.
	 * @param int $item    Item.
	 * @param int $part    Part.
	 * @param int $seconds Seconds back.
	 */
	private function age( int $user, int $item, int $part, int $seconds ): void {
		WatchingClock::age( $user, $item, $seconds, $part );
	}

	/**
	 * A user with an activated seat of a 3-part item of 100 s parts.
	 *
	 * @return array{0: int, 1: int} User and item.
	 */
	private function learner(): array {
		$user = $this->make_user();
		$item = LearningMedia::item( 'Workshop ' . wp_generate_password( 4, false ) );
		Library::grant( $user, $item );
		Library::activate_own( $user, $item );
		return array( $user, $item );
	}

	public function test_only_whole_steps_and_existing_parts_are_taken(): void {
		list( $user, $item ) = $this->learner();

		foreach ( array( 7, 101, 105, -5 ) as $bad ) {
			$response = $this->report( $user, $item, $bad );
			$this->assertSame( 400, $response->get_status(), "progress $bad" );
			$this->assertSame( 'invalid_progress', $response->get_data()['error_code'], "progress $bad" );
		}
		$this->assertSame( 'Progress must be a whole 5% step between 0 and 100.', $this->report( $user, $item, 7 )->get_data()['message'] );
		$this->assertSame( 'invalid_part', $this->report( $user, $item, 5, 3 )->get_data()['error_code'] );
		$this->assertSame( 400, $this->report( $user, $item, 5, 3 )->get_status() );
		$this->assertSame( 400, $this->report( $user, $item, 5, 1001 )->get_status(), 'Beyond the schema bound.' );
		$this->assertNull( $this->stored( $user, $item ), 'Nothing was written.' );
	}

	public function test_a_first_report_may_spend_only_the_tolerance_and_starts_the_clock(): void {
		list( $user, $item ) = $this->learner();

		$refused = $this->report( $user, $item, 25 );
		$this->assertSame( 409, $refused->get_status() );
		$this->assertSame( 'progress_too_fast', $refused->get_data()['error_code'] );
		$this->assertSame( 20, $refused->get_data()['data']['allowed_percent'], 'The 10 s loan at 2x: 20 s of a 100 s part.' );
		$this->assertSame( 0, $this->stored( $user, $item ), 'The refused first report anchored the clock at 0.' );

		$accepted = $this->report( $user, $item, 5 );
		$this->assertSame( 200, $accepted->get_status() );
		$this->assert_matches_schema( $accepted, self::PATTERN );
		$this->assertSame( 5, $this->stored( $user, $item ) );
		$this->assertSame( array( 5, 0, 0 ), array_column( $accepted->get_data()['data']['progress']['parts'], 'count' ) );
	}

	public function test_posting_100_at_once_is_refused_now_and_after_any_pause(): void {
		// Parts of 1,000 s: the 10 s tolerance is 1%, so a few seconds of a slow run change no figure.
		$user = $this->make_user();
		$item = LearningMedia::item( 'Long workshop', 3, 1000 );
		Library::grant( $user, $item );
		Library::activate_own( $user, $item );
		$this->assertSame( 200, $this->report( $user, $item, 0 )->get_status(), 'Play: the clock starts.' );

		$refused = $this->report( $user, $item, 100 );
		$this->assertSame( 409, $refused->get_status() );
		$this->assertSame( 'This progress cannot be saved: more of the video was marked as watched than the time since the last report allows.', $refused->get_data()['message'] );
		$this->assertSame( 0, $refused->get_data()['data']['allowed_percent'], 'The 10 s loan is 2% of 1,000 s: rounded down, no step.' );
		$this->assertSame( 0, $this->stored( $user, $item ) );

		// Time away from the player is no watching: a silence does not count.
		foreach ( array( 400, 7 * DAY_IN_SECONDS ) as $pause ) {
			$this->age( $user, $item, 0, $pause );
			$later = $this->report( $user, $item, 100 );
			$this->assertSame( 409, $later->get_status(), "after $pause s" );
			$this->assertSame( 0, $later->get_data()['data']['allowed_percent'], "after $pause s" );
		}
		$this->assertSame( 0, $this->stored( $user, $item ) );
		// Watching: reports 20 s apart. 40 s + the loan at 2x is 100 s of video: 10%.
		foreach ( array( 20, 20 ) as $seconds ) {
			$this->age( $user, $item, 0, $seconds );
			$this->assertSame( 200, $this->report( $user, $item, 0 )->get_status() );
		}
		$this->assertSame( 10, $this->report( $user, $item, 100 )->get_data()['data']['allowed_percent'] );
		$this->assertSame( 200, $this->report( $user, $item, 10 )->get_status() );
		$this->assertSame( 10, $this->stored( $user, $item ) );
	}

	public function test_an_unknown_duration_is_held_to_the_default_pace(): void {
		$user = $this->make_user();
		$item = LearningMedia::item( 'No duration', 1, 0, 'on-demand-webinar' );
		Library::grant( $user, $item );
		Library::activate_own( $user, $item );

		// 20 quick reports: nothing (they were 100% before).
		for ( $i = 0; $i < 20; $i++ ) {
			$this->report( $user, $item, (int) $this->stored( $user, $item ) + 5 );
		}
		$this->assertSame( 0, $this->stored( $user, $item ) );

		// One step per 60 s of watching (the setting's default), the 10 s loan included.
		foreach ( array( 20, 20 ) as $seconds ) {
			$this->age( $user, $item, 0, $seconds );
			$this->assertSame( 409, $this->report( $user, $item, 5 )->get_status() );
		}
		$this->age( $user, $item, 0, 10 );
		$this->assertSame( 200, $this->report( $user, $item, 5 )->get_status(), '50 s + the 10 s loan.' );
		$this->assertSame( 409, $this->report( $user, $item, 10 )->get_status() );

		// The setting sets the pace.
		$this->services()->settings->update( array( 'unknown_length_pace' => 5 ) );
		$this->assertSame( 5, $this->services()->settings->get( 'unknown_length_pace' ) );
	}

	public function test_a_lower_or_equal_report_is_accepted_and_changes_nothing(): void {
		list( $user, $item ) = $this->learner();
		$this->report( $user, $item, 5 );
		// 25 s, not 30: a second passing on a slow machine would make the gap a new session
		// (over ProgressLimit::SESSION_GAP_SECONDS), which allows one step only.
		$this->age( $user, $item, 0, 25 );
		$this->assertSame( 200, $this->report( $user, $item, 50 )->get_status() );

		$lower = $this->report( $user, $item, 20 );

		$this->assertSame( 200, $lower->get_status() );
		$this->assertSame( 50, $this->stored( $user, $item ) );
		$this->assertSame( 50, $lower->get_data()['data']['progress']['parts'][0]['count'] );
		$this->assertNull( $lower->get_data()['data']['item'], 'Nothing moved: the progress alone.' );
		$this->assertSame( 200, $this->report( $user, $item, 50 )->get_status() );
		$this->assertSame( 50, $this->stored( $user, $item ) );
	}

	public function test_two_writers_keep_the_larger_value(): void {
		list( $user, $item ) = $this->learner();
		$this->report( $user, $item, 5 );
		$this->age( $user, $item, 0, 25 ); // 22 s unspent (3 s went on the 5%) + the loan, at 2x: 60% more.

		// Two tabs: both judged against the same stored row; the later, smaller write loses.
		$this->assertSame( 200, $this->report( $user, $item, 50 )->get_status() );
		$this->assertSame( 200, $this->report( $user, $item, 30 )->get_status() );

		$this->assertSame( 50, $this->stored( $user, $item ) );
	}

	public function test_overall_is_the_average_of_the_parts_and_the_test_opens_at_95_each(): void {
		list( $user, $item ) = $this->learner();
		$progress            = $this->services()->progress;
		$progress->record( $user, $item, 0, 100, time() );
		$progress->record( $user, $item, 1, 90, time() - 50 );

		$reply = $this->report( $user, $item, 95, 1 )->get_data()['data'];

		$this->assertSame( array( 100, 95, 0 ), array_column( $reply['progress']['parts'], 'count' ) );
		$this->assertSame( 65, $reply['progress']['count'] );
		$this->assertSame( 65, Library::by_product( $this->send( 'GET', '/library/v2/items', $user )->get_data()['data'] )[ $item ]['video_data']['progress']['count'] );
		$this->assertFalse( $reply['test']['ready'] );
		$this->assertSame( array( 2 ), array_column( $reply['test']['incomplete_parts'], 'index' ) );
	}

	public function test_five_percent_activates_an_available_seat_once(): void {
		$user = $this->make_user();
		$item = LearningMedia::item( 'Activating workshop' );
		Library::grant( $user, $item, 3 );

		$zero = $this->report( $user, $item, 0 )->get_data()['data'];
		$this->assertFalse( $zero['activated'] );
		$this->assertSame( Access::CAN_ACTIVATE, $zero['item']['access'] );

		$first = $this->report( $user, $item, ProgressRules::ACTIVATION_PERCENT )->get_data()['data'];
		$this->assertTrue( $first['activated'] );
		$this->assertTrue( $first['item']['activated'] );
		$this->assertSame( Access::ACTIVATED, $first['item']['access'] );
		$this->assertSame( 2, $first['item']['available_licenses'] );
		$this->assertSame( 1, $first['item']['active_licenses'] );

		$this->age( $user, $item, 0, 20 );
		$second = $this->report( $user, $item, 10 )->get_data()['data'];
		$this->assertFalse( $second['activated'] );
		$this->assertNull( $second['item'], 'An activated seat: the progress alone.' );
		$this->assertSame( 2, Library::by_product( $this->send( 'GET', '/library/v2/items', $user )->get_data()['data'] )[ $item ]['available_licenses'] );
	}

	public function test_five_percent_activates_a_shared_seat(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = LearningMedia::item( 'Shared activating workshop' );
		Library::grant( $owner, $item, 2 );
		Library::share( $owner, $member, $item );

		$reply = $this->report( $member, $item, 5 )->get_data()['data'];

		$this->assertTrue( $reply['activated'] );
		$this->assertSame( Access::ACTIVATED, $reply['item']['access'] );
		$owner_row = Library::by_product( $this->send( 'GET', '/library/v2/items', $owner )->get_data()['data'] )[ $item ];
		$this->assertSame( 1, $owner_row['available_licenses'], "The owner's free seat stays free." );
		$this->assertTrue( $owner_row['licenses'][0]['activated'] || $owner_row['licenses'][1]['activated'] );
	}

	public function test_an_item_no_longer_published_takes_no_report(): void {
		foreach ( array( 'trash', 'draft' ) as $status ) {
			list( $user, $item ) = $this->learner();
			$this->assertSame( 200, $this->report( $user, $item, 5 )->get_status() );
			wp_update_post(
				array(
					'ID'          => $item,
					'post_status' => $status,
				)
			);
			wp_cache_flush(); // As the next request finds it on a site without a persistent object cache.

			$response = $this->report( $user, $item, 10 );

			$this->assertSame( 404, $response->get_status(), $status );
			$this->assertSame( 'item_not_found', $response->get_data()['error_code'], $status );
			$this->assertSame( 5, $this->stored( $user, $item ), $status . ': nothing written' );
		}
		$page = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => 'Not an item',
			)
		);
		$this->assertSame( 404, $this->report( $this->make_user(), (int) $page, 5 )->get_status(), 'A page is no item.' );
	}

	public function test_no_access_logged_out_no_nonce_and_someone_elses_item(): void {
		list( $user, $item ) = $this->learner();
		$stranger            = $this->make_user();
		$expired             = $this->make_user();
		Library::grant( $expired, $item, 1, time() - 1 );
		$route = '/library/v2/video/progress/' . $item;
		$body  = array( 'progress' => 5 );

		$this->assertSame( 401, $this->report( 0, $item, 5 )->get_status() );
		$this->assertSame( 401, $this->rest_as_browser( 'POST', $route, $user, null, $body )->get_status() );
		$this->assertSame( 404, $this->report( $stranger, $item, 5 )->get_status() );
		$this->assertSame( 'item_not_found', $this->report( $stranger, $item, 5 )->get_data()['error_code'] );
		$this->assertSame( 'no_license', $this->report( $expired, $item, 5 )->get_data()['error_code'] );
		$this->assertSame( 403, $this->report( $expired, $item, 5 )->get_status() );
		$this->assertNull( $this->stored( $stranger, $item ) );
		$this->assertNull( $this->stored( $expired, $item ) );
		$this->assertNull( $this->stored( $user, $item ), 'Refused requests wrote nothing.' );

		$this->assertSame( 200, $this->rest_as_browser( 'POST', $route, $user, $this->browser_nonce( $user ), $body )->get_status() );
		$this->assertSame( 5, $this->stored( $user, $item ) );
	}

	public function test_the_reply_carries_the_list_row_built_afresh_whenever_the_status_moves(): void {
		list( $user, $item ) = $this->learner();
		$listed              = function () use ( $user, $item ): array {
			return Library::by_product( $this->send( 'GET', '/library/v2/items', $user )->get_data()['data'] )[ $item ];
		};

		// The first progress moves the status: the whole row, as GET items/ builds it.
		$this->assertSame( 'not-started', $listed()['status'] );
		$first = $this->report( $user, $item, 5 )->get_data()['data'];
		$this->assertSame( 'in-progress', $first['item']['status'] );
		$this->assertEquals( $listed(), $first['item'] );
		$this->services()->progress->record( $user, $item, 2, 100, time() - 500 );
		// A raise that keeps the status: the progress alone, the list's own figures.
		$this->age( $user, $item, 0, 25 );
		$raised = $this->report( $user, $item, 30 )->get_data()['data'];
		$this->assertNull( $raised['item'] );
		$this->assertSame( $item, $raised['product_id'] );
		$this->assertSame( array( 30, 0, 100 ), array_column( $raised['progress']['parts'], 'count' ) );
		$this->assertSame( 43, $raised['progress']['count'] );
		$this->assertEquals( $listed()['video_data']['progress'], $raised['progress'] );

		// The raise that opens the test changes the status: the whole row again.
		$this->services()->progress->record( $user, $item, 1, 100, time() - 500 );
		$this->services()->progress->record( $user, $item, 0, 90, time() - 500 );
		$this->age( $user, $item, 0, 40 ); // The learner comes back: a new session, one step.
		$this->assertSame( 'in-progress', $listed()['status'] );
		$ready = $this->report( $user, $item, 95 )->get_data()['data'];
		$this->assertSame( 'take-test', $ready['item']['status'] );
		$this->assertTrue( $ready['test']['ready'] );
		$this->assertEquals( $listed(), $ready['item'] );
	}

	/**
	 * Every kind of row a learner reports on, report after report: a reply without the row never
	 * hides a moved status, and its progress is the list's.
	 */
	public function test_a_reply_without_the_row_means_the_listed_status_stayed(): void {
		$owner       = $this->make_user();
		$member      = $this->make_user();
		$certified   = $this->make_user();
		$subscriber  = $this->make_user();
		$item        = LearningMedia::item( 'Kinds workshop', 3 );
		$member_item = LearningMedia::item( 'Member workshop', 3 );
		Library::grant( $owner, $item, 2 );
		Library::activate_own( $owner, $item );
		Library::share( $owner, $member, $item );
		Library::grant( $certified, $item );
		Library::activate_own( $certified, $item );
		$this->services()->certificates->issue( $certified, $item, 90, time() );
		Library::grant( $subscriber, $member_item, 1, 0, 'member' );

		$cases = array(
			'owner, activated seat' => array( $owner, $item, '' ),
			'member of a team'      => array( $member, $item, '' ),
			'certificate earned'    => array( $certified, $item, '' ),
			'membership item'       => array( $subscriber, $member_item, 'member' ),
		);
		$kinds = array();
		foreach ( $cases as $label => list( $user, $product, $tag ) ) {
			$route  = '/library/v2/video/progress/' . $product . ( '' === $tag ? '' : '?tag=' . $tag );
			$listed = function () use ( $user, $product, $tag ): array {
				foreach ( $this->send( 'GET', '/library/v2/items', $user )->get_data()['data'] as $row ) {
					if ( $row['product_id'] === $product && $row['tag'] === $tag ) {
						return $row;
					}
				}
				$this->fail( 'no listed row' );
			};
			foreach ( array( 0, 1, 2 ) as $part ) {
				foreach ( array( 5, 50, 95, 100 ) as $step => $percent ) {
					WatchingClock::age( $user, $product, 0 === $step ? 40 : 25 ); // The item's clock: every part.
					$before = $listed();
					$reply  = $this->send(
						'POST',
						$route,
						$user,
						array(
							'progress' => 0 === $step ? 5 : $percent,
							'part'     => $part,
						)
					);
					$this->assertSame( 200, $reply->get_status(), $label );
					$data  = $reply->get_data()['data'];
					$after = $listed();
					if ( null === $data['item'] ) {
						$kinds[ $label ]['progress only'] = true;
						$this->assertSame( $before['status'], $after['status'], $label );
						$this->assertSame( $before['playback_status'], $after['playback_status'], $label );
						$this->assertEquals( $after['video_data']['progress'], $data['progress'], $label );
					} else {
						$kinds[ $label ]['whole row'] = true;
						$this->assertEquals( $after, $data['item'], $label );
					}
				}
			}
		}
		foreach ( $cases as $label => $case ) {
			$this->assertArrayHasKey( 'progress only', $kinds[ $label ], $label . ': the short reply was used' );
		}
	}

	/**
	 * @group queries
	 */
	public function test_a_report_costs_at_most_12_queries_whatever_the_librarys_size(): void {
		$counts = array();
		foreach ( array( 5, 1000 ) as $size ) {
			$user = $this->make_user();
			\LibraryPortal\Dev\DemoSeeder::create()->seed_library_for( $user, $size );
			$item = LearningMedia::item( 'Counted ' . $size );
			Library::grant( $user, $item );
			Library::activate_own( $user, $item );
			$this->report( $user, $item, 5 );
			$this->age( $user, $item, 0, 20 );
			$this->send( 'GET', '/library/v2/items', $user ); // The list was open: its cache is warm.
			$nonce = $this->browser_nonce( $user );
			// The whole request as a browser sends it (cookie, nonce) on a cold object cache, as on
			// a site without a persistent one: authentication, the item's rows, the judgement, the write.
			$request         = function ( int $progress ) use ( $user, $item, $nonce ): int {
				wp_cache_flush();
				$GLOBALS['wp_rest_server'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound -- a new request gets a new server.
				return $this->count_queries(
					function () use ( $user, $item, $nonce, $progress ): void {
						$this->assertSame( 200, $this->rest_as_browser( 'POST', '/library/v2/video/progress/' . $item, $user, $nonce, array( 'progress' => $progress ) )->get_status() );
					}
				);
			};
			$counts[ $size ] = array(
				'raise'   => $request( 30 ),
				'nothing' => $request( 30 ),
				'bare'    => $this->count_queries(
					function () use ( $user, $nonce ): void {
						wp_cache_flush();
						$GLOBALS['wp_rest_server'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound -- a new request gets a new server.
						$this->rest_as_browser( 'GET', '/wp/v2/users/me', $user, $nonce );
					}
				),
			);
		}
		fwrite( STDERR, sprintf( "\n[video/progress queries: %s]\n", wp_json_encode( $counts ) ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- the measured figures, for the report.
		$this->assertSame( $counts[5], $counts[1000] );
		// Counted beyond the bare request on the same site (3 queries alone, 12 with WooCommerce's
		// rest_api_init: docs/rules/platform.md, "Performance"). The short path (docs/rules/learning-and-progress.md,
		// "Cost of a report: the short path"): one read of the item with its meta, the progress and the seats
		// (CombinedRead); the write and who shared the learner a seat (their team version moves:
		// "The team version"). No library version is written: the kept list is checked against
		// the progress rows. A report that raises nothing: the read and the clock's write.
		$this->assertLessThanOrEqual( 3, $counts[1000]['raise'] - $counts[1000]['bare'] );
		$this->assertLessThanOrEqual( 2, $counts[1000]['nothing'] - $counts[1000]['bare'] );
	}
}
