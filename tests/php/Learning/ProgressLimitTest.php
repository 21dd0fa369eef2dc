<?php
/**
 * The jump rule's arithmetic.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Learning\PartProgress;
use LibraryPortal\Learning\ProgressLimit;
use LibraryPortal\Learning\ProgressRules;
use LibraryPortal\Tests\Support\TestCase;

/**
 * A report that opens a watching session (first, or over 30 s after the part's previous report)
 * may go one step; within a session: session percent + ceil_to_5( ( session seconds *
 * MAX_PLAYBACK_RATE + TOLERANCE_SECONDS ) / duration * 100 ).
 */
final class ProgressLimitTest extends TestCase {

	/**
	 * A part in a watching session.
	 *
	 * @param int $percent         Stored percent.
	 * @param int $session_percent Percent the session opened at.
	 * @param int $session_age     Seconds since the session opened.
	 * @param int $report_age      Seconds since the previous report.
	 * @param int $now             Unix seconds.
	 */
	private static function watching( int $percent, int $session_percent, int $session_age, int $report_age, int $now ): PartProgress {
		return new PartProgress( $percent, $now - $report_age, $now - $report_age, $now - $session_age, $session_percent );
	}

	public function test_the_rule_constants_are_the_players(): void {
		$this->assertSame( 2, ProgressRules::MAX_PLAYBACK_RATE );
		$this->assertSame( 10, ProgressRules::TOLERANCE_SECONDS );
		$this->assertSame( 30, ProgressLimit::SESSION_GAP_SECONDS );
	}

	public function test_steps(): void {
		$this->assertTrue( ProgressLimit::is_step( 0 ) );
		$this->assertTrue( ProgressLimit::is_step( 100 ) );
		$this->assertFalse( ProgressLimit::is_step( 7 ) );
		$this->assertFalse( ProgressLimit::is_step( 105 ) );
		$this->assertFalse( ProgressLimit::is_step( -5 ) );
	}

	public function test_a_session_opens_with_the_first_report_and_after_more_than_30_s_of_silence(): void {
		$now = 1000000;

		$this->assertTrue( ProgressLimit::opens_session( null, $now ) );
		$this->assertTrue( ProgressLimit::opens_session( new PartProgress( 40, $now - 5 ), $now ), 'A row without a watching clock (written before it existed).' );
		$this->assertFalse( ProgressLimit::opens_session( self::watching( 40, 40, 100, 30, $now ), $now ), '30 s: still watching.' );
		$this->assertTrue( ProgressLimit::opens_session( self::watching( 40, 40, 100, 31, $now ), $now ) );
		$this->assertFalse( ProgressLimit::opens_session( self::watching( 40, 40, 0, -60, $now ), $now ), 'A report from the future is no silence.' );
	}

	public function test_a_new_session_allows_one_step_however_old_the_row(): void {
		$now  = 1000000;
		$week = 7 * DAY_IN_SECONDS;

		$this->assertSame( 5, ProgressLimit::allowed( null, 100, $now ), 'No row: one step.' );
		$this->assertSame( 35, ProgressLimit::allowed( self::watching( 30, 30, $week, $week, $now ), 100, $now ), 'A week later: one step, not 100.' );
		$this->assertSame( 35, ProgressLimit::allowed( new PartProgress( 30, $now - $week ), 100, $now ), 'An old row without a clock: one step.' );
		$this->assertSame( 100, ProgressLimit::allowed( self::watching( 100, 100, 60, 60, $now ), 100, $now ), 'Capped at 100.' );
	}

	public function test_within_a_session_the_sessions_wall_time_at_2x_counts(): void {
		$now = 1000000;

		$this->assertSame( 15, ProgressLimit::allowed( self::watching( 5, 5, 0, 0, $now ), 100, $now ), 'The tolerance alone: 10 s of 100 s.' );
		$this->assertSame( 20, ProgressLimit::allowed( self::watching( 5, 5, 1, 1, $now ), 100, $now ), '12 s: 12% rounds up to 15%.' );
		$this->assertSame( 60, ProgressLimit::allowed( self::watching( 0, 0, 30, 5, $now ), 120, $now ), '30 s at 2x + 10 s = 70 s of 120 s: 58.3% rounds up to 60%.' );
		$this->assertSame( 45, ProgressLimit::allowed( self::watching( 40, 20, 100, 5, $now ), 1000, $now ), 'From the percent the session opened at, not from the last raise: 20 + 21% rounded up to 25%.' );
		$this->assertSame( 40, ProgressLimit::allowed( self::watching( 40, 20, 0, 0, $now ), 1000, $now ), 'Never below what is stored.' );
		$this->assertSame( 55, ProgressLimit::allowed( self::watching( 50, 50, 20, 5, $now ), 0, $now ), 'Unknown duration: one step.' );
	}

	public function test_reporting_more_often_earns_no_more(): void {
		$now = 1000000;
		// One hour part: 60 s of a session at 2x + 10 s is 3.6%: one step, however many reports.
		$every_second = self::watching( 5, 5, 60, 1, $now );
		$every_five   = self::watching( 5, 5, 60, 5, $now );

		$this->assertSame( 10, ProgressLimit::allowed( $every_second, 3600, $now ) );
		$this->assertSame( 10, ProgressLimit::allowed( $every_five, 3600, $now ) );
	}
}
