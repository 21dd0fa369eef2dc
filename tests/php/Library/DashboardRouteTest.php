<?php
/**
 * GET dashboard/.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Library;

use LibraryPortal\Library\DashboardController;
use LibraryPortal\Library\DashboardStats;
use LibraryPortal\Services;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The dashboard's figures are decided on the server, each equal to what its list filter shows,
 * and cost the same number of queries for a team of 10 and of 1,000.
 */
final class DashboardRouteTest extends TestCase {

	use ServesRequests;

	private const ROUTE = '/library/v2/dashboard';

	/**
	 * Figures of a reply.
	 *
	 * @param int $user_id User.
	 * @return array<string, mixed>
	 */
	private function figures( int $user_id ): array {
		$reply = $this->send( 'GET', self::ROUTE, $user_id );
		$this->assertSame( 200, $reply->get_status() );
		return $reply->get_data()['data'];
	}

	public function test_library_figures_count_the_rows_their_list_filter_shows(): void {
		$owner = $this->make_user();
		$now   = time();
		foreach ( array( 'workshop', 'on-demand', 'on-demand-workshop' ) as $type ) {
			Library::grant( $owner, Library::item( "A $type", $type ), 1 );
		}
		$expired_workshop = Library::item( 'Old workshop', 'workshop' );
		Library::grant( $owner, $expired_workshop, 1, $now - DAY_IN_SECONDS );
		$webinar = Library::item( 'Webinar', 'webinar' );
		Library::grant( $owner, $webinar, 3 );
		Library::activate_own( $owner, $webinar );
		Services::on( $GLOBALS['wpdb'] )->certificates->issue( $owner, $webinar, 90, $now );
		Library::grant( $owner, Library::item( 'Manual', 'e-manual' ), 1 );
		Library::grant( $owner, Library::item( 'Course', 'e-course' ), 1 );

		$f = $this->figures( $owner );

		$this->assertSame( 4, $f['onDemandWorkshops'], 'Three workshop types, the expired one included (it is under Expired Items).' );
		$this->assertSame( array( 1, 1, 1 ), array( $f['webinars'], $f['eManuals'], $f['completedTrainings'] ) );
		$this->assertSame( array( 1, 5 ), array( $f['completedVideos'], $f['totalVideos'] ) );
		$this->assertNull( $f['membershipExpiry'], 'No membership: N/A.' );
		$this->assertSame( 7, $f['remainingLicenses'], 'Unclaimed seats of every row with a Share button: one each for the three workshops, the manual and the course, two of the webinar (the owner took one); none of the expired workshop.' );
		$this->assertSame( array( 0, 0, 0 ), array( $f['totalSharedUsers'], $f['completedUsersThisYear'], $f['completionRate'] ) );
		$this->assertTrue( $f['canShare'] );

		$rows = $this->send( 'GET', '/library/v2/items', $owner )->get_data()['data'];
		foreach ( array( 'onDemandWorkshops', 'webinars', 'eManuals', 'completedTrainings' ) as $figure ) {
			$filter = $f['filters'][ $figure ];
			$shown  = array_filter(
				$rows,
				static fn( array $row ): bool => ( ! $filter['types'] || in_array( $row['content_type'], $filter['types'], true ) )
					&& ( 'all' === $filter['status'] || $row['status'] === $filter['status'] )
			);
			$this->assertCount( $f[ $figure ], $shown, "$figure equals the rows its filter shows" );
		}
		$this->assertSame(
			array(
				'types'  => array(),
				'status' => 'expired',
			),
			$f['filters']['expiringLicensesThisMonth']
		);
	}

	public function test_team_figures_come_from_the_callers_own_team(): void {
		$owner    = $this->make_user();
		$first    = $this->make_user();
		$second   = $this->make_user();
		$workshop = Library::item( 'Negotiation', 'workshop' );
		$webinar  = Library::item( 'Pricing', 'webinar' );
		Library::grant( $owner, $workshop, 3 );
		Library::grant( $owner, $webinar, 2 );
		Library::share( $owner, $first, $workshop );
		Library::share( $owner, $second, $workshop );
		Library::share( $owner, $first, $webinar );
		$certificates = Services::on( $GLOBALS['wpdb'] )->certificates;
		$certificates->issue( $first, $workshop, 90, time() );
		$certificates->issue( $second, $workshop, 90, strtotime( '-1 year', (int) strtotime( wp_date( 'Y' ) . '-01-01' ) ) );

		$f = $this->figures( $owner );

		$this->assertSame( 2, $f['totalSharedUsers'] );
		$this->assertSame( 1, $f['completedUsersThisYear'], 'The second member finished last year.' );
		$this->assertSame( 67, $f['completionRate'], 'Two of three trainings, rounded.' );
		$this->assertSame( 2, $f['remainingLicenses'], 'One unclaimed seat of each training.' );

		$member = $this->figures( $first );
		$this->assertSame( array( 0, 0 ), array( $member['totalSharedUsers'], $member['completionRate'] ), 'A member sees no team of their own.' );
	}

	public function test_can_share_follows_the_purchases_and_the_setting(): void {
		$member_only = $this->make_user();
		Library::grant( $member_only, Library::item( 'Member video', 'workshop' ), 1, 0, 'member' );
		Library::grant( $member_only, Library::item( 'Membership', 'membership' ), 1 );
		$this->assertFalse( $this->figures( $member_only )['canShare'], 'Member items and one seat bought for oneself: no "share with your team" text.' );

		$received = $this->make_user();
		$sharer   = $this->make_user();
		$pack     = Library::item( 'Shared pack', 'workshop' );
		Library::grant( $sharer, $pack, 3 );
		Library::share( $sharer, $received, $pack );
		$this->assertFalse( $this->figures( $received )['canShare'], 'A team member with the one seat they were given.' );

		$owner = $this->make_user();
		Library::grant( $owner, Library::item( 'Team pack', 'workshop' ), 5 );
		$this->assertTrue( $this->figures( $owner )['canShare'] );
		update_option( 'library_portal_settings', array_merge( (array) get_option( 'library_portal_settings', array() ), array( 'share_users' => false ) ) );
		$this->assertFalse( $this->figures( $owner )['canShare'], 'Manage My Team is off on this site.' );
	}

	public function test_contract_rows_are_left_to_their_contract_and_a_contract_only_library_opens_there(): void {
		$services = Services::on( $GLOBALS['wpdb'] );
		$member   = $this->make_user();
		$contract = $services->contracts->create( array( 'title' => 'Riverside' ), time() );
		$services->contracts->add_member( $contract, $member );
		$services->contracts->add_item( $contract, Library::item( 'Contract workshop', 'workshop' ) );

		$f = $this->figures( $member );
		$this->assertSame( 0, $f['onDemandWorkshops'], 'The contract\'s workshop is in /contract/{id}, not in the list these figures open.' );
		$this->assertSame( $contract, $f['contractHome'] );

		Library::grant( $member, Library::item( 'Own workshop', 'workshop' ), 1 );
		$f = $this->figures( $member );
		$this->assertSame( 1, $f['onDemandWorkshops'] );
		$this->assertNull( $f['contractHome'], 'With a library of their own, the user starts on the dashboard.' );
	}

	public function test_logged_out_without_a_nonce_and_with_a_bad_nonce_are_refused(): void {
		$user = $this->make_user();
		$this->assertSame( 401, $this->send( 'GET', self::ROUTE, 0 )->get_status() );
		$this->assertSame( 401, $this->rest_as_browser( 'GET', self::ROUTE, $user, null )->get_status() );
		$this->assertSame( 403, $this->rest_as_browser( 'GET', self::ROUTE, $user, 'not-a-nonce' )->get_status() );
		$this->assertSame( 200, $this->rest_as_browser( 'GET', self::ROUTE, $user, $this->browser_nonce( $user ) )->get_status() );
	}

	public function test_the_reply_matches_its_schema(): void {
		$owner = $this->make_user();
		Library::grant( $owner, Library::item( 'Team pack', 'workshop' ), 5 );
		$services = Services::on( $GLOBALS['wpdb'] );
		$schema   = ( new DashboardController( $services->dashboard, $services->settings ) )->get_item_schema();
		$valid    = rest_validate_value_from_schema( $this->send( 'GET', self::ROUTE, $owner )->get_data(), $schema );
		$this->assertTrue( $valid, is_wp_error( $valid ) ? $valid->get_error_message() : '' );
	}

	public function test_the_year_starts_in_site_time(): void {
		update_option( 'timezone_string', 'Pacific/Auckland' );
		$new_year = ( new \DateTimeImmutable( '2031-01-01 00:00:00', wp_timezone() ) )->getTimestamp();
		$this->assertSame( $new_year, DashboardStats::year_start( $new_year + HOUR_IN_SECONDS ) );
		$this->assertSame( $new_year, DashboardStats::year_start( $new_year + 200 * DAY_IN_SECONDS ) );
		$this->assertLessThan( $new_year, DashboardStats::year_start( $new_year - 60 ), 'A minute before midnight in Auckland is last year.' );
	}

	public function test_the_summary_equals_the_team_reply(): void {
		$owner = $this->make_user();
		\LibraryPortal\Dev\DemoSeeder::create()->seed_team( $owner, 12, 'same' );
		$team = $this->send( 'GET', '/library/v2/shareduserscontent', $owner )->get_data()['data'];
		delete_transient( \LibraryPortal\Core\Rows\TeamReplyCache::TRANSIENT . $owner ); // Built afresh, not the copy the reply kept.
		$summary = Services::on( $GLOBALS['wpdb'] )->team_reply->summary( $owner, 0 );
		$this->assertSame( count( $team ), $summary['members'] );
		$this->assertSame( array_sum( array_column( $team, 'completed_count' ) ), $summary['completed'] );
		$this->assertSame( array_sum( array_column( $team, 'total_count' ) ), $summary['assigned'] );
		$this->assertSame( count( array_filter( $team, static fn( array $m ): bool => $m['completed_count'] > 0 ) ), $summary['completed_since'] );
		$this->assertSame( 0, Services::on( $GLOBALS['wpdb'] )->team_reply->summary( $owner, time() + HOUR_IN_SECONDS )['completed_since'], 'Nobody completed after now.' );
	}

	/**
	 * @group queries
	 */
	public function test_the_query_count_is_the_same_for_10_and_1000_members(): void {
		$counts = array();
		foreach ( array( 10, 1000 ) as $size ) {
			$owner = $this->make_user();
			\LibraryPortal\Dev\DemoSeeder::create()->seed_team( $owner, $size, 'dash-' . $size );
			$this->send( 'GET', self::ROUTE, $owner ); // Builds the library cache.
			$counts[ $size ] = $this->count_queries( fn() => $this->send( 'GET', self::ROUTE, $owner ) );
			$this->assertSame( $size, $this->figures( $owner )['totalSharedUsers'] );
		}
		fwrite( STDERR, sprintf( "\n[dashboard queries: %s]\n", wp_json_encode( $counts ) ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- the measured figures, for the report.
		$this->assertSame( $counts[10], $counts[1000] );
	}
}
