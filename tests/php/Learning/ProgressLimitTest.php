<?php
/**
 * The jump rule's arithmetic.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Core\Rows\PartProgress;
use LibraryPortal\Core\Rows\ProgressRules;
use LibraryPortal\Learning\ItemClock;
use LibraryPortal\Learning\ProgressLimit;
use LibraryPortal\Tests\Support\TestCase;

/**
 * One clock per learner and item: a raise may spend the watching time since credited_until (time
 * between reports at most 30 s apart) at MAX_PLAYBACK_RATE, rounded down to a step, plus the
 * tolerance as a loan; a raise moves credited_until on by what it is worth.
 */
final class ProgressLimitTest extends TestCase {

	private const NOW = 1000000;

	/**
	 * The highest percent allowed now for a part at $stored with the item's clock.
	 *
	 * @param int            $stored Part's stored percent.
	 * @param ItemClock|null $clock  Item clock.
	 * @param int            $length Part length in seconds.
	 */
	private static function allowed( int $stored, ?ItemClock $clock, int $length ): int {
		return ProgressLimit::allowed( $stored, ProgressLimit::credited_until( $clock, $length, self::NOW ), $length, self::NOW );
	}

	public function test_the_rule_constants_are_the_players(): void {
		$this->assertSame( 2, ProgressRules::MAX_PLAYBACK_RATE );
		$this->assertSame( 10, ProgressRules::TOLERANCE_SECONDS );
		$this->assertSame( 30, ProgressLimit::SESSION_GAP_SECONDS );
		$this->assertLessThanOrEqual( 25, ProgressRules::HEARTBEAT_SECONDS, 'The player reports well within the session gap.' );
	}

	public function test_steps(): void {
		$this->assertTrue( ProgressLimit::is_step( 0 ) );
		$this->assertTrue( ProgressLimit::is_step( 100 ) );
		$this->assertFalse( ProgressLimit::is_step( 7 ) );
		$this->assertFalse( ProgressLimit::is_step( 105 ) );
		$this->assertFalse( ProgressLimit::is_step( -5 ) );
	}

	public function test_the_item_clock_is_the_latest_of_its_rows(): void {
		$this->assertNull( ItemClock::of( array() ) );
		$this->assertNull( ItemClock::of( array( new PartProgress( 40, 5 ) ) ), 'Rows written before the clock existed.' );
		$clock = ItemClock::of(
			array(
				0 => new PartProgress( 40, 1, 500, 450 ),
				1 => new PartProgress( 10, 1, 520, 430 ),
				2 => new PartProgress( 0, 0, 510, 470 ),
			)
		);
		$this->assertNotNull( $clock );
		$this->assertSame( array( 520, 470 ), array( $clock->reported_at, $clock->credited_until ) );
	}

	public function test_a_session_opens_with_the_first_report_and_after_more_than_30_s_of_silence(): void {
		$now = self::NOW;
		$this->assertTrue( ProgressLimit::opens_session( null, $now ) );
		$this->assertFalse( ProgressLimit::opens_session( new ItemClock( $now - 30, $now - 100 ), $now ), '30 s: still watching.' );
		$this->assertTrue( ProgressLimit::opens_session( new ItemClock( $now - 31, $now - 100 ), $now ) );
		$this->assertFalse( ProgressLimit::opens_session( new ItemClock( $now + 60, $now ), $now ), 'A report from the future is no silence.' );
	}

	public function test_a_new_clock_allows_only_the_tolerance_rounded_down(): void {
		$this->assertSame( 0, self::allowed( 0, null, 3600 ), '10 s at 2x of an hour is 0.6%: no step, not one.' );
		$this->assertSame( 20, self::allowed( 0, null, 100 ), '20 s of 100 s.' );
		$this->assertSame( 5, self::allowed( 0, null, 399 ), '20 s of 399 s is 5.01%: one step.' );
		$this->assertSame( 0, self::allowed( 0, null, 401 ), '20 s of 401 s is 4.99%: rounded down, not up.' );
	}

	public function test_time_counts_only_between_reports_at_most_30_s_apart(): void {
		$now = self::NOW;
		// A 2,000 s part: a step is 100 s of video, 50 s at 2x. Watching on: 45 s unspent.
		$this->assertSame( 5, self::allowed( 0, new ItemClock( $now - 25, $now - 45 ), 2000 ), '(45 + 10) s at 2x of 2,000 s = 5.5%: 5.' );
		$this->assertSame( 0, self::allowed( 0, new ItemClock( $now - 25, $now - 35 ), 2000 ), '(35 + 10) s at 2x = 4.5%: rounded down to 0.' );
		// The same after a week's silence: the week does not count, the 45 s watched before it do.
		$week = 7 * DAY_IN_SECONDS;
		$this->assertSame( 5, self::allowed( 0, new ItemClock( $now - $week, $now - $week - 45 ), 2000 ) );
		$this->assertSame( 30, self::allowed( 30, new ItemClock( $now - $week, $now - $week ), 2000 ), 'A week later with nothing unspent: no step.' );
	}

	public function test_unspent_time_is_held_to_one_step_of_the_part_and_10_s_after_a_silence_or_a_raise(): void {
		$now  = self::NOW;
		$week = 7 * DAY_IN_SECONDS;
		$this->assertSame( 100, ProgressLimit::hold( 3600 ), 'One step of an hour (180 s of video, 90 s at 2x) and 10 s.' );
		$this->assertSame( 11, ProgressLimit::hold( 16 ), 'A 16 s part: 0.4 s rounded up, and 10 s.' );

		// An hour watched at 1x earned two hours at 2x. Still watching (no raise yet): all of it.
		$this->assertSame( $now - 3600, ProgressLimit::credited_until( new ItemClock( $now - 5, $now - 3600 ), 3600, $now ) );
		// After a week's silence: 100 s of it.
		$this->assertSame( $now - 100, ProgressLimit::credited_until( new ItemClock( $now - $week, $now - $week - 3600 ), 3600, $now ) );
		$this->assertSame( 55, self::allowed( 50, new ItemClock( $now - $week, $now - $week - 3600 ), 3600 ), '(100 + 10) s at 2x = 6.1%: one step.' );
		// After a raise of one step (90 s): 100 s of the rest.
		$this->assertSame( $now - 100, ProgressLimit::spend( $now - 3600, 50, 55, 3600, $now ) );
	}

	public function test_a_raise_spends_its_worth_so_no_part_spends_it_again(): void {
		$now   = self::NOW;
		$until = ProgressLimit::credited_until( new ItemClock( $now - 5, $now - 40 ), 1200, $now );
		$this->assertSame( 5, ProgressLimit::allowed( 0, $until, 1200, $now ), '(40 + 10) s at 2x of 1,200 s = 8.3%: 5.' );
		$spent = ProgressLimit::spend( $until, 0, 5, 1200, $now );
		$this->assertSame( $until + 30, $spent, '5% of 1,200 s is 60 s of video, 30 s at 2x.' );
		// Another part of the same item, right after: 10 s and the loan are left, no step.
		$this->assertSame( 0, ProgressLimit::allowed( 0, $spent, 1200, $now ), '20 s at 2x of 1,200 s = 3.3%: no step.' );
		$this->assertSame( $until, ProgressLimit::spend( $until, 40, 40, 1200, $now ), 'Nothing raised, nothing spent.' );
		$this->assertSame( $now - 4, ProgressLimit::spend( $now - 5, 0, 5, 33, $now ), 'Worth 0.8 s: rounded up to a whole second.' );
	}

	public function test_the_item_clock_does_not_depend_on_the_order_of_its_rows(): void {
		$clock = ItemClock::of(
			array(
				0 => new PartProgress( 10, 1, 520, 470 ),
				1 => new PartProgress( 40, 1, 500, 430 ),
			)
		);
		$this->assertNotNull( $clock );
		$this->assertSame( array( 520, 470 ), array( $clock->reported_at, $clock->credited_until ), 'The latest report and credit, not the last row\'s.' );
	}

	public function test_the_allowed_progress_stops_at_100(): void {
		$this->assertSame( 100, self::allowed( 95, new ItemClock( self::NOW - 20, self::NOW - 3600 ), 600 ), 'An hour of credit on a 10-minute part completes it, no more.' );
	}

	public function test_reporting_more_often_earns_no_more(): void {
		$now = self::NOW;
		// The same watching time since credited_until, whatever the rhythm of the reports.
		$this->assertSame(
			ProgressLimit::allowed( 5, ProgressLimit::credited_until( new ItemClock( $now - 1, $now - 60 ), 3600, $now ), 3600, $now ),
			ProgressLimit::allowed( 5, ProgressLimit::credited_until( new ItemClock( $now - 20, $now - 60 ), 3600, $now ), 3600, $now )
		);
	}

	public function test_an_unknown_length_is_held_to_the_default_pace(): void {
		$this->assertSame( 100, ProgressLimit::judged_length( 100, 60 ) );
		$this->assertSame( 2400, ProgressLimit::judged_length( 0, 60 ), 'One step per 60 s at 2x is a length of 2,400 s.' );
		$now    = self::NOW;
		$length = ProgressLimit::judged_length( 0, 60 );
		$this->assertSame( 5, ProgressLimit::allowed( 0, ProgressLimit::credited_until( new ItemClock( $now - 20, $now - 50 ), $length, $now ), $length, $now ), '50 s + the loan: one step.' );
		$this->assertSame( 0, ProgressLimit::allowed( 0, ProgressLimit::credited_until( new ItemClock( $now - 20, $now - 40 ), $length, $now ), $length, $now ), '40 s + the loan: none.' );
	}
}
