<?php
/**
 * Schema 9: the progress table gains the watching clock.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Core\Database\Schema;
use LibraryPortal\Learning\ItemClock;
use LibraryPortal\Learning\ProgressLimit;
use LibraryPortal\Lifecycle\Installer;
use LibraryPortal\Tests\Support\TestCase;

/**
 * A site from schema 8 gains `progress.reported_at`, `session_started_at` and `session_percent`
 * through dbDelta (docs/rules/platform.md, "Migrations"); its stored progress is kept and, having no
 * clock, its next report opens a watching session. On MariaDB the ALTERs commit, so the test
 * writes no rows and leaves the table as the upgrade makes it.
 *
 * @group database
 */
final class WatchingClockUpgradeTest extends TestCase {

	private const CLOCK = array( 'reported_at', 'session_started_at', 'session_percent' );

	/**
	 * Column names of the progress table.
	 *
	 * @return string[]
	 */
	private static function columns(): array {
		global $wpdb;
		$table = $wpdb->prefix . 'lp_progress';
		return array_column( (array) $wpdb->get_results( "SHOW COLUMNS FROM {$table}", ARRAY_A ), 'Field' ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery -- our own table.
	}

	public function test_a_schema_8_site_gains_the_watching_clock(): void {
		global $wpdb;
		$table = $wpdb->prefix . 'lp_progress';
		foreach ( self::CLOCK as $column ) {
			$wpdb->query( "ALTER TABLE {$table} DROP COLUMN {$column}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery.SchemaChange
		}
		$this->assertSame( array(), array_intersect( self::CLOCK, self::columns() ) );
		update_option( Installer::VERSION_OPTION, 8 );

		Installer::maybe_upgrade();

		$this->assertSame( self::CLOCK, array_values( array_intersect( self::CLOCK, self::columns() ) ) );
		$this->assertSame( Schema::VERSION, (int) get_option( Installer::VERSION_OPTION ) );
	}

	public function test_progress_stored_before_the_clock_opens_a_session_on_its_next_report(): void {
		$user     = $this->make_user();
		$progress = $this->services()->progress;
		$progress->record( $user, 77, 0, 40, time() - 5 ); // As older code wrote it: no clock.

		$stored = $progress->for_item( $user, 77 )[0];

		$this->assertSame( array( 40, 0, 0 ), array( $stored->percent, $stored->reported_at, $stored->credited_until ) );
		$this->assertNull( ItemClock::of( array( $stored ) ), 'No clock: the next report starts one.' );
		$this->assertTrue( ProgressLimit::opens_session( null, time() ) );
		$credited = ProgressLimit::credited_until( null, 100, time() );
		$this->assertSame( 60, ProgressLimit::allowed( $stored->percent, $credited, 100, time() ), 'Nothing but the tolerance\'s loan: 10 s at 2x of 100 s.' );
	}
}
