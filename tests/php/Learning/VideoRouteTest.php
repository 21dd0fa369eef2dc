<?php
/**
 * GET /library/v2/video/{id}
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Core\Rows\Access;
use LibraryPortal\Tests\Fixtures\LearningMedia;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Every access case; without access no address of any file leaves the server.
 */
final class VideoRouteTest extends TestCase {

	use ServesRequests;

	/**
	 * Route of an item.
	 *
	 * @param int $item Item.
	 */
	private static function route( int $item ): string {
		return '/library/v2/video/' . $item;
	}

	/**
	 * The reply's data after checking it is a success.
	 *
	 * @param int    $user  User.
	 * @param int    $item  Item.
	 * @param string $query Query string.
	 * @return array<string, mixed>
	 */
	private function video( int $user, int $item, string $query = '' ): array {
		$response = $this->send( 'GET', self::route( $item ) . $query, $user );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assert_matches_schema( $response, '/library/v2/video/(?P<id>\\d+)' );
		return $response->get_data()['data'];
	}

	/**
	 * Asserts a refusal carries no address of any file.
	 *
	 * @param \WP_REST_Response $response Reply.
	 * @param int               $status   Expected status.
	 * @param string            $code     Expected error code.
	 */
	private function assert_refused_without_addresses( $response, int $status, string $code ): void {
		$this->assertSame( $status, $response->get_status() );
		$this->assertSame( $code, $response->get_data()['error_code'] );
		$body = (string) wp_json_encode( $response->get_data() );
		foreach ( array( '.m3u8', '.vtt', 'handout', '/quiz/', 'lp-media' ) as $address ) {
			$this->assertStringNotContainsString( $address, $body );
		}
	}

	public function test_an_owner_who_can_activate_watches_without_files(): void {
		$user = $this->make_user();
		$item = LearningMedia::item( 'Workshop' );
		Library::grant( $user, $item, 2 );

		$video = $this->video( $user, $item );

		$this->assertSame( Access::CAN_ACTIVATE, $video['access'] );
		$this->assertCount( 3, $video['parts'] );
		$this->assertSame( '', $video['url'] );
		$this->assertStringEndsWith( '/part-1/index.m3u8', $video['parts'][1]['url'] );
		$this->assertSame( array( 0, 1, 2 ), array_column( $video['parts'], 'index' ) );
		$this->assertSame( 100, $video['parts'][0]['duration'] );
		$this->assertSame( '', $video['attachment'], 'A download would spend a seat: no link before activation.' );
		$this->assertSame( home_url( '/quiz/' . $item ), $video['quiz_link'] );
		$this->assertSame( 2, $video['max_playback_rate'] );
		$this->assertSame( 'hss-' . $item, $video['hss_video_id'] );
		$this->assertSame( array( 0, 1, 2 ), array_column( $video['subtitles'], 'part' ) );
		$this->assertSame( rest_url( 'library/v2/subtitles/' . $item . '/2' ), $video['subtitles'][2]['url'] );
		$this->assertSame( 'en', $video['subtitles'][0]['language'] );
		$this->assertFalse( $video['test']['ready'] );
		$this->assertTrue( $video['test']['available'] );
		$this->assertSame( 'You need to watch at least 95% of each part before taking the test. Incomplete parts: Part 1 (0%), Part 2 (0%), Part 3 (0%)', $video['test']['message'] );
	}

	public function test_an_activated_seat_opens_the_attachment(): void {
		$user = $this->make_user();
		$item = LearningMedia::item( 'Webinar', 1, 60, 'on-demand-webinar' );
		Library::grant( $user, $item );
		Library::activate_own( $user, $item );

		$video = $this->video( $user, $item );

		$this->assertSame( Access::ACTIVATED, $video['access'] );
		$this->assertStringEndsWith( '/handout.pdf', $video['attachment'] );
		$this->assertStringEndsWith( '/index.m3u8', $video['url'] );
		$this->assertCount( 1, $video['parts'] );
		$this->assertSame( $video['url'], $video['parts'][0]['url'] );
		$this->assertSame( 'Webinar', $video['parts'][0]['title'] );
		$this->assertSame( 60, $video['parts'][0]['duration'] );
		$this->assertSame( 'You need to watch at least 95% of the video before taking the test.', $video['test']['message'] );
	}

	public function test_a_site_can_sign_the_playlist_addresses(): void {
		$user = $this->make_user();
		$item = LearningMedia::item( 'Signed webinar', 1, 60, 'on-demand-webinar' );
		Library::grant( $user, $item );
		add_filter( 'library_portal_video_url', static fn( string $url, int $product_id, int $part, int $user_id ) => "$url?token=$product_id-$part-$user_id", 10, 4 );

		$video = $this->video( $user, $item );

		$this->assertStringEndsWith( "/index.m3u8?token=$item-0-$user", $video['url'] );
		$this->assertSame( $video['url'], $video['parts'][0]['url'] );
	}

	public function test_a_member_item_opens_with_the_member_row(): void {
		$user = $this->make_user();
		$item = LearningMedia::item( 'Member workshop' );
		Library::grant( $user, $item, 1, 0, 'member' );

		$this->assertSame( Access::MEMBER, $this->video( $user, $item )['access'] );
		$this->assertSame( Access::MEMBER, $this->video( $user, $item, '?tag=member' )['access'] );
	}

	public function test_a_team_member_watches_a_shared_seat(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = LearningMedia::item( 'Shared workshop' );
		Library::grant( $owner, $item, 2 );
		Library::share( $owner, $member, $item );

		$video = $this->video( $member, $item );

		$this->assertSame( Access::SHARED, $video['access'] );
		$this->assertSame( '', $video['attachment'] );
		$this->assertNotSame( '', $video['parts'][0]['url'] );
	}

	public function test_a_contract_member_watches_with_or_without_the_contract_id(): void {
		$user      = $this->make_user();
		$item      = LearningMedia::item( 'Contract workshop' );
		$contracts = $this->services()->contracts;
		$contract  = $contracts->create( array( 'title' => 'Clinic' ), time() );
		$other     = $contracts->create( array( 'title' => 'Other clinic' ), time() );
		$contracts->add_member( $contract, $user );
		$contracts->add_item( $contract, $item );

		$this->assertSame( Access::CONTRACT, $this->video( $user, $item )['access'] );
		$this->assertSame( Access::CONTRACT, $this->video( $user, $item, '?contract=' . $contract )['access'] );
		$this->assertStringEndsWith( '/handout.pdf', $this->video( $user, $item, '?contract=' . $contract )['attachment'] );

		$elsewhere = $this->send( 'GET', self::route( $item ) . '?contract=' . $other, $user );
		$this->assertSame( 404, $elsewhere->get_status(), 'Not a member of that contract: the same 404 as a missing item.' );
		$this->assertSame( 'item_not_found', $elsewhere->get_data()['error_code'] );
	}

	public function test_expired_seats_give_no_access_and_no_addresses(): void {
		$user = $this->make_user();
		$item = LearningMedia::item( 'Expired workshop' );
		Library::grant( $user, $item, 1, time() - 10 );

		$response = $this->send( 'GET', self::route( $item ), $user );

		$this->assert_refused_without_addresses( $response, 403, 'no_license' );
		$this->assertSame( "You don't have access to view this video. Purchase or activate a license to gain access.", $response->get_data()['message'] );
	}

	public function test_an_owner_who_shared_every_seat_has_no_access(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = LearningMedia::item( 'All shared' );
		Library::grant( $owner, $item, 1 );
		Library::share( $owner, $member, $item );

		$this->assert_refused_without_addresses( $this->send( 'GET', self::route( $item ), $owner ), 403, 'no_license' );
	}

	public function test_a_type_without_video_has_no_video_details(): void {
		$user = $this->make_user();
		$item = Library::item( 'Manual', 'e-manual' );
		Library::grant( $user, $item );
		Library::activate_own( $user, $item );

		$response = $this->send( 'GET', self::route( $item ), $user );

		$this->assertSame( 404, $response->get_status() );
		$this->assertSame( 'no_video', $response->get_data()['error_code'] );
		$this->assertSame( "This content type doesn't have video details available.", $response->get_data()['message'] );
	}

	public function test_logged_out_without_nonce_and_someone_elses_item(): void {
		$owner    = $this->make_user();
		$stranger = $this->make_user();
		$item     = LearningMedia::item( 'Private workshop' );
		Library::grant( $owner, $item );

		$this->assertSame( 401, $this->send( 'GET', self::route( $item ), 0 )->get_status() );
		$this->assertSame( 401, $this->rest_as_browser( 'GET', self::route( $item ), $owner, null )->get_status() );
		$this->assertSame( 200, $this->rest_as_browser( 'GET', self::route( $item ), $owner, $this->browser_nonce( $owner ) )->get_status() );

		$theirs  = $this->send( 'GET', self::route( $item ), $stranger );
		$missing = $this->send( 'GET', self::route( $item + 1000 ), $stranger );
		$this->assert_refused_without_addresses( $theirs, 404, 'item_not_found' );
		$this->assertSame( 404, $missing->get_status() );
		$this->assertSame( str_replace( (string) $item, 'X', $theirs->get_data()['message'] ), str_replace( (string) ( $item + 1000 ), 'X', $missing->get_data()['message'] ) );
	}

	public function test_progress_and_test_readiness_follow_the_stored_parts(): void {
		$user = $this->make_user();
		$item = LearningMedia::item( 'Watched workshop' );
		Library::grant( $user, $item );
		Library::activate_own( $user, $item );
		$progress = $this->services()->progress;
		$progress->record( $user, $item, 0, 100, time() );
		$progress->record( $user, $item, 1, 40, time() );

		$video = $this->video( $user, $item );

		$this->assertSame( array( 100, 40, 0 ), array_column( $video['progress']['parts'], 'count' ) );
		$this->assertSame( 47, $video['progress']['count'] );
		$this->assertSame( array( 1, 2 ), array_column( $video['test']['incomplete_parts'], 'index' ) );

		$progress->record( $user, $item, 1, 95, time() );
		$progress->record( $user, $item, 2, 100, time() );
		$this->assertTrue( $this->video( $user, $item )['test']['ready'] );
	}

	public function test_the_list_says_take_test_only_when_the_test_opens(): void {
		$item     = LearningMedia::item( 'Nearly watched workshop' );
		$progress = $this->services()->progress;
		$status   = function ( int $user ) use ( $item ): string {
			return (string) Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $user )->get_data()['data'] )[ $item ]['status'];
		};

		$learner = function ( array $percents ) use ( $item, $progress ): int {
			$user = $this->make_user();
			Library::grant( $user, $item );
			Library::activate_own( $user, $item );
			foreach ( $percents as $part => $percent ) {
				$progress->record( $user, $item, $part, $percent, time() );
			}
			return $user;
		};

		// Average 95 (100, 100, 85), yet one part is below the gate: no Take Test in the list.
		$short = $learner( array( 100, 100, 85 ) );
		$this->assertFalse( $this->video( $short, $item )['test']['ready'] );
		$this->assertSame( 'in-progress', $status( $short ) );

		$ready = $learner( array( 95, 95, 95 ) );
		$this->assertTrue( $this->video( $ready, $item )['test']['ready'] );
		$this->assertSame( 'take-test', $status( $ready ) );
	}

	public function test_only_subtitles_matching_the_pattern_are_listed(): void {
		$user = $this->make_user();
		$item = LearningMedia::item( 'Subtitled', 1, 60, 'on-demand-webinar' );
		Library::grant( $user, $item );
		update_post_meta(
			$item,
			'_lp_subtitles',
			array(
				array(
					'url'      => 'https://example.com/files/captions.txt',
					'language' => 'en',
				),
				array(
					'url'      => LearningMedia::url( 'x/subtitles/fr.vtt' ),
					'language' => 'FR-fr',
				),
				array(
					'url'      => LearningMedia::url( 'x/subtitles/../secret.vtt' ),
					'language' => 'en',
				),
			)
		);

		$subtitles = $this->video( $user, $item )['subtitles'];

		$this->assertSame(
			array(
				array(
					'part'     => 0,
					'url'      => rest_url( 'library/v2/subtitles/' . $item . '/1' ),
					'language' => 'fr',
				),
			),
			$subtitles
		);
	}

	public function test_the_reply_says_whether_the_item_has_a_test_and_gives_a_passed_tests_certificate(): void {
		$user = $this->make_user();
		$item = LearningMedia::item( 'Tested workshop' );
		Library::grant( $user, $item );
		Library::activate_own( $user, $item );

		$before = $this->video( $user, $item );
		$this->assertTrue( $before['has_test'] );
		$this->assertNull( $before['certificate'], 'No certificate before the test is passed.' );

		$certificates = $this->services()->certificates;
		$this->assertTrue( $certificates->issue( $user, $item, 100, 1700000000 ) );
		$earned = $certificates->for_user_item( $user, $item );
		$this->assertNotNull( $earned );

		$after = $this->video( $user, $item );
		$this->assertSame(
			array(
				'code'         => $earned->code,
				'issued_at'    => 1700000000,
				'issued_date'  => wp_date( (string) get_option( 'date_format' ), 1700000000 ),
				'download_url' => home_url( '/certificate/' . $earned->code . '/download' ),
				'verify_url'   => home_url( '/certificate/verify/' . $earned->code ),
			),
			$after['certificate']
		);

		$certificates->revoke( $earned, time() );
		$this->assertNull( $this->video( $user, $item )['certificate'], 'A revoked certificate is not offered.' );

		$untested = LearningMedia::item( 'Untested webinar', 1, 60, 'on-demand-webinar' );
		delete_post_meta( $untested, '_lp_quiz' );
		Library::grant( $user, $untested );
		$plain = $this->video( $user, $untested );
		$this->assertFalse( $plain['has_test'] );
		$this->assertSame( '', $plain['quiz_link'] );
		$this->assertNull( $plain['certificate'] );
	}

	public function test_the_completed_state_is_not_given_to_someone_else_logged_out_or_without_nonce(): void {
		$owner = $this->make_user();
		$other = $this->make_user();
		$item  = LearningMedia::item( 'Certified workshop' );
		Library::grant( $owner, $item );
		Library::activate_own( $owner, $item );
		$this->services()->certificates->issue( $owner, $item, 100, time() );
		$code = (string) $this->services()->certificates->for_user_item( $owner, $item )?->code;

		$foreign = $this->send( 'GET', self::route( $item ), $other );
		$this->assertSame( 404, $foreign->get_status() );
		$this->assertStringNotContainsString( $code, (string) wp_json_encode( $foreign->get_data() ) );
		$this->assertSame( 401, $this->send( 'GET', self::route( $item ), 0 )->get_status() );
		$this->assertSame( 401, $this->rest_as_browser( 'GET', self::route( $item ), $owner, null )->get_status() );
	}

	/**
	 * @group queries
	 */
	public function test_the_number_of_queries_does_not_grow_with_the_library(): void {
		$counts = array();
		foreach ( array( 5, 60 ) as $size ) {
			$user = $this->make_user();
			\LibraryPortal\Dev\DemoSeeder::create()->seed_library_for( $user, $size );
			$item = LearningMedia::item( 'Counted ' . $size );
			Library::grant( $user, $item );
			$floor = $this->floor_queries( $user );
			wp_cache_flush();
			$cold = $this->count_queries( fn() => $this->send( 'GET', self::route( $item ), $user ) ) - $floor;
			$this->send( 'GET', '/library/v2/items', $user ); // The list was open: its cache is warm.
			wp_cache_flush();
			$counts[ $size ] = array(
				'cache_invalid' => $cold,
				'cache_valid'   => $this->count_queries( fn() => $this->send( 'GET', self::route( $item ), $user ) ) - $floor,
			);
		}
		fwrite( STDERR, sprintf( "\n[video/{id} queries beyond the bare request's %d: %s]\n", $floor, wp_json_encode( $counts ) ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- the measured figures, for the report.
		$this->assertSame( $counts[5], $counts[60] );
		// Cold object cache, counted beyond the bare REST request. The route never reads the cached
		// library (about 1 MB for 1,000 items): it builds this item's rows (seats, contracts, post,
		// post meta shared with ItemMedia, progress, certificates).
		$this->assertLessThanOrEqual( 4, $counts[60]['cache_valid'] );
		$this->assertLessThanOrEqual( 4, $counts[60]['cache_invalid'] );
	}
}
