<?php
/**
 * The daily "licenses expiring this month" notices.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Notifications;

use LibraryPortal\Core\Rows\Expiry;
use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Lifecycle\Installer;
use LibraryPortal\Notifications\ExpiryNoticeRepository;
use LibraryPortal\Notifications\ExpiryNotices;
use LibraryPortal\Platform\Queue;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\RunsBackgroundJobs;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Each grant whose unexpired licenses end this calendar month (site time zone) is told to its
 * owner once, however often or in parallel the job runs; the cron event lives while the plugin
 * is active.
 */
final class ExpiryNoticesTest extends TestCase {

	use ServesRequests;
	use RunsBackgroundJobs;

	protected function set_up() {
		parent::set_up();
		update_option( 'date_format', 'F j, Y' );
		update_option( 'timezone_string', 'UTC' );
	}

	protected function tear_down() {
		parent::tear_down();
		// Activation and deactivation rewrote the stored rules (rolled back) and this process's.
		( new Routes( $this->services()->settings ) )->add_rewrite_rules();
		$GLOBALS['wp_rewrite']->flush_rules( false );
	}

	/**
	 * Unix seconds of a site-local time.
	 *
	 * @param string $local E.g. '2030-06-15 12:00'.
	 */
	private static function local( string $local ): int {
		return ( new \DateTimeImmutable( $local, wp_timezone() ) )->getTimestamp();
	}

	/**
	 * A user's notifications of one type, as the route lists them.
	 *
	 * @param int $user_id User.
	 * @return array<int, array<string, mixed>>
	 */
	private function notices( int $user_id ): array {
		$list = $this->send( 'GET', '/library/v2/notifications', $user_id, array( 'include_hidden' => true ) )->get_data()['data']['notifications'];
		return array_values( array_filter( $list, static fn( array $n ): bool => 'licenses_expiring' === $n['type'] ) );
	}

	public function test_each_grant_ending_this_month_is_notified_once_and_no_other(): void {
		$owner    = $this->make_user();
		$other    = $this->make_user();
		$workshop = Library::item( 'Trauma & Recovery' );
		$webinar  = Library::item( 'Ethics Update' );
		$now      = self::local( '2030-06-15 12:00' );
		Library::grant( $owner, $workshop, 3, self::local( '2030-06-28 09:00' ) );
		Library::grant( $owner, $webinar, 1, self::local( '2030-06-20 09:00' ) );
		Library::grant( $other, $webinar, 2, self::local( '2030-06-30 23:59' ) );
		Library::grant( $owner, $webinar, 4, self::local( '2030-07-01 00:00' ) ); // Next month.
		Library::grant( $owner, $workshop, 5, self::local( '2030-06-10 09:00' ) ); // Already expired this month.
		Library::grant( $owner, $workshop, 6 ); // Never.
		Library::grant( $owner, $workshop, 7, Expiry::NEVER_LEGACY );
		$service = $this->services()->expiry_notices;

		$this->assertSame( 3, $service->send( $now ) );
		$this->assertSame( 0, $service->send( $now ), 'A second run the same day sends nothing.' );
		$this->assertSame( 0, $service->send( self::local( '2030-06-29 08:00' ) ), 'Nor a run later in the month.' );

		$mine = $this->notices( $owner );
		$this->assertSame(
			array(
				'Your 1 license of "Ethics Update" expires on June 20, 2030.',
				'Your 3 licenses of "Trauma & Recovery" expire on June 28, 2030.',
			),
			array_column( $mine, 'message' )
		);
		$this->assertSame( array( $webinar, $workshop ), array_column( $mine, 'related_product_id' ) );
		$this->assertSame( array( $now, $now ), array_column( $mine, 'timestamp' ) );
		$theirs = $this->notices( $other );
		$this->assertSame( array( 'Your 2 licenses of "Ethics Update" expire on June 30, 2030.' ), array_column( $theirs, 'message' ) );
	}

	public function test_next_months_grant_is_notified_next_month_and_this_months_not_again(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Supervision' );
		Library::grant( $owner, $item, 2, self::local( '2030-06-28 09:00' ) );
		Library::grant( $owner, $item, 4, self::local( '2030-07-10 09:00' ) );
		$service = $this->services()->expiry_notices;

		$this->assertSame( 1, $service->send( self::local( '2030-06-15 12:00' ) ) );
		$this->assertSame( 1, $service->send( self::local( '2030-07-01 00:30' ) ) );
		$this->assertSame( 0, $service->send( self::local( '2030-07-02 00:30' ) ) );

		$this->assertSame(
			array(
				'Your 4 licenses of "Supervision" expire on July 10, 2030.',
				'Your 2 licenses of "Supervision" expire on June 28, 2030.',
			),
			array_column( $this->notices( $owner ), 'message' )
		);
	}

	public function test_the_same_expiry_is_one_notice_even_when_the_job_runs_twice(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Bought Twice' );
		$ends  = self::local( '2030-06-28 09:00' );
		Library::grant( $owner, $item, 2, $ends );
		Library::grant( $owner, $item, 3, $ends + HOUR_IN_SECONDS ); // A second order, the same day.
		$service = $this->services()->expiry_notices;

		$this->assertSame( 1, $service->send( self::local( '2030-06-15 12:00' ) ) );
		$this->assertSame( 0, $service->send( self::local( '2030-06-15 12:05' ) ), 'The job ran again.' );
		$this->assertSame( 0, $service->send( self::local( '2030-06-16 12:00' ) ), 'And the next day.' );

		$notices = $this->notices( $owner );
		$this->assertSame( array( 'Your 5 licenses of "Bought Twice" expire on June 28, 2030.' ), array_column( $notices, 'message' ) );
		$this->assertSame( array( $item ), array_column( $notices, 'related_product_id' ), 'The notice links to its item.' );
	}

	public function test_a_changed_time_zone_does_not_tell_the_same_expiry_again(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Month Edge' );
		$ends  = strtotime( '2030-07-01 02:00:00 UTC' );
		Library::grant( $owner, $item, 1, $ends );
		$service = $this->services()->expiry_notices;

		update_option( 'timezone_string', 'America/New_York' ); // June 30, 22:00 on the site: due in June.
		$this->assertSame( 1, $service->send( strtotime( '2030-06-30 20:00:00 UTC' ) ) );
		update_option( 'timezone_string', 'UTC' ); // Now it ends in July, and July has begun.
		$this->assertSame( 0, $service->send( strtotime( '2030-07-01 00:30:00 UTC' ) ) );

		$this->assertCount( 1, $this->notices( $owner ) );
	}

	public function test_the_month_is_the_sites_calendar_month(): void {
		update_option( 'timezone_string', 'Pacific/Auckland' ); // UTC+12 in June.
		$owner = $this->make_user();
		$item  = Library::item( 'Late Night' );
		Library::grant( $owner, $item, 1, strtotime( '2030-06-30 11:00:00 UTC' ) ); // June 30, 23:00 on the site.
		Library::grant( $owner, $item, 2, strtotime( '2030-06-30 13:00:00 UTC' ) ); // July 1, 01:00 on the site.

		$this->assertSame( 1, $this->services()->expiry_notices->send( strtotime( '2030-06-15 00:00:00 UTC' ) ) );
		$this->assertSame( array( 'Your 1 license of "Late Night" expires on June 30, 2030.' ), array_column( $this->notices( $owner ), 'message' ) );
	}

	public function test_overlapping_runs_send_each_notice_once(): void {
		global $wpdb;
		$owner = $this->make_user();
		$now   = self::local( '2030-06-15 12:00' );
		foreach ( array( 'One', 'Two', 'Three' ) as $title ) {
			Library::grant( $owner, Library::item( $title ), 1, self::local( '2030-06-25 12:00' ) );
		}
		$repository  = new ExpiryNoticeRepository( $wpdb );
		$month_start = self::local( '2030-06-01 00:00' );
		// A second run read the due list before the first claimed anything.
		$seen_by_second = $repository->due( $now, $month_start, self::local( '2030-07-01 00:00' ) );
		$this->assertCount( 3, $seen_by_second );

		$this->assertSame( 3, $this->services()->expiry_notices->send( $now ) );

		foreach ( $seen_by_second as $grant ) {
			$this->assertFalse( $repository->claim( $grant['grant_id'], $month_start, $now + 5 ), 'The claim is taken.' );
		}
		$this->assertCount( 3, $this->notices( $owner ) );
	}

	/**
	 * @group queries
	 */
	public function test_one_select_for_all_owners_then_a_claim_and_an_insert_per_notice(): void {
		$now = self::local( '2030-06-15 12:00' );
		foreach ( array( 2, 6 ) as $owners ) {
			for ( $i = 0; $i < $owners; $i++ ) {
				Library::grant( $this->make_user(), Library::item( "Item $owners-$i" ), 2, self::local( '2030-06-25 12:00' ) );
			}
			$service = $this->services()->expiry_notices;
			$sent    = 0;
			// wpdb reads a table's columns once per process before its first insert: not the job's cost.
			$GLOBALS['wpdb']->get_col_charset( $GLOBALS['wpdb']->prefix . 'lp_notifications', 'message' );
			$queries = $this->count_queries(
				static function () use ( $service, $now, &$sent ) {
					$sent = $service->send( $now );
				}
			);
			$this->assertSame( $owners, $sent );
			$this->assertSame( 1 + 2 * $owners, $queries, "$owners owners" );
		}
	}

	public function test_the_daily_event_comes_with_activation_and_goes_with_deactivation(): void {
		wp_clear_scheduled_hook( ExpiryNotices::HOOK );

		Installer::activate();

		$this->assertNotFalse( wp_next_scheduled( ExpiryNotices::HOOK ) );
		$this->assertSame( 'daily', wp_get_schedule( ExpiryNotices::HOOK ) );
		Installer::activate();
		$this->assertCount( 1, array_filter( _get_cron_array(), static fn( $hooks ) => isset( $hooks[ ExpiryNotices::HOOK ] ) ), 'Scheduled once.' );

		Installer::deactivate();

		$this->assertFalse( wp_next_scheduled( ExpiryNotices::HOOK ) );
	}

	public function test_init_schedules_a_missing_event_and_the_hook_runs_the_job(): void {
		wp_clear_scheduled_hook( ExpiryNotices::HOOK );
		$this->assertNotFalse( has_action( 'init', array( ExpiryNotices::class, 'schedule' ) ) );

		ExpiryNotices::schedule();

		$this->assertNotFalse( wp_next_scheduled( ExpiryNotices::HOOK ) );
		$owner = $this->make_user();
		Library::grant( $owner, Library::item( 'Due Now' ), 1, Expiry::next_month_start( time(), wp_timezone() ) - 1 );
		do_action( ExpiryNotices::HOOK ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the constant holds library_portal_expiry_notices.
		$this->assertCount( 1, $this->notices( $owner ) );
	}

	public function test_a_full_run_queues_the_next_one_and_an_owners_item_stays_in_one_notice(): void {
		$ends   = Expiry::next_month_start( time(), wp_timezone() ) - HOUR_IN_SECONDS;
		$item   = Library::item( 'Batched' );
		$owners = array();
		for ( $i = 0; $i < 5; $i++ ) {
			$owners[] = $this->make_user();
		}
		sort( $owners );
		foreach ( $owners as $owner ) {
			Library::grant( $owner, $item, 1, $ends );
		}
		Library::grant( $owners[1], $item, 2, $ends ); // Two purchases, one notice: split by a limit of 2.
		$service = new ExpiryNotices( new \LibraryPortal\Notifications\ExpiryNoticeRepository( $GLOBALS['wpdb'] ), $this->services()->notifier, new Queue(), 2 );
		add_action( ExpiryNotices::MORE_HOOK, array( $service, 'run' ) );

		$this->assertSame( 1, $service->send( time() ), 'The first owner; the second owner\'s item waits, whole.' );
		$this->assertCount( 1, $this->queued_jobs( ExpiryNotices::MORE_HOOK ), 'The next run is queued (runner: ' . Queue::runner() . ').' );
		$runs = 0;
		while ( $this->queued_jobs( ExpiryNotices::MORE_HOOK ) && $runs < 10 ) {
			$runs += $this->run_queued_jobs( ExpiryNotices::MORE_HOOK );
		}

		$this->assertSame( array( 1, 1, 1, 1, 1 ), array_map( fn( int $owner ): int => count( $this->notices( $owner ) ), $owners ) );
		$this->assertStringContainsString( 'Your 3 licenses of "Batched"', $this->notices( $owners[1] )[0]['message'] );
		$this->assertSame( 0, $service->send( time() ), 'Nothing is left.' );
		$this->assertSame( array(), $this->queued_jobs( ExpiryNotices::MORE_HOOK ) );
	}
}
