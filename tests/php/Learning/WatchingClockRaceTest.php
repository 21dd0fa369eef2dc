<?php
/**
 * The item's watching clock is spent once when reports race.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Core\Rows\PartProgress;
use LibraryPortal\Core\Rows\ProgressRepository;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Two reports of one item judged from the same read, in one process: the race of
 * ParallelRequestsTest (which sends them over HTTP at the same instant) made certain. The second
 * raise was judged by a clock the first has spent, so it must change nothing and say so
 * (ProgressRepository::raise(), docs/rules/learning-and-progress.md "Progress jumps", 0.).
 *
 * @group database
 */
final class WatchingClockRaceTest extends TestCase {

	/**
	 * A learner with rows for parts 0 and 1 of an item, all at the clock $clock.
	 *
	 * @param int $clock Unix seconds up to which the watching time is spent.
	 * @return array{0: int, 1: int} User and item.
	 */
	private function learner( int $clock ): array {
		$user     = $this->make_user();
		$item     = Library::item( 'Racing parts', 'on-demand-workshop', 3 );
		$progress = $this->services()->progress;
		$progress->keep( $user, $item, 0, array(), $clock, $clock );
		$progress->keep( $user, $item, 1, $progress->for_item( $user, $item ), $clock, $clock );
		return array( $user, $item );
	}

	/**
	 * The stored percent of each part.
	 *
	 * @param int $user User.
	 * @param int $item Item.
	 * @return array<int, int>
	 */
	private function stored( int $user, int $item ): array {
		$parts = array_map( static fn( PartProgress $part ): int => $part->percent, $this->services()->progress->for_item( $user, $item ) );
		ksort( $parts );
		return $parts;
	}

	public function test_a_raise_judged_by_a_clock_another_part_spent_changes_nothing(): void {
		$now                 = time();
		list( $user, $item ) = $this->learner( $now - 300 );
		$progress            = $this->services()->progress;
		$read                = $progress->for_item( $user, $item );

		$this->assertSame( ProgressRepository::RAISED, $progress->raise( $user, $item, 0, 50, $read, $now - 10, $now ) );
		$this->assertSame( ProgressRepository::LOST, $progress->raise( $user, $item, 1, 50, $read, $now - 10, $now ), 'The same time, spent again on another part.' );
		$this->assertSame( ProgressRepository::LOST, $progress->raise( $user, $item, 2, 50, $read, $now - 10, $now ), 'Nor on a part with no row yet.' );
		$this->assertSame(
			array(
				0 => 50,
				1 => 0,
			),
			$this->stored( $user, $item )
		);
	}

	public function test_the_winning_raise_moves_the_clock_of_every_part(): void {
		$now                 = time();
		list( $user, $item ) = $this->learner( $now - 300 );
		$progress            = $this->services()->progress;

		$progress->raise( $user, $item, 1, 25, $progress->for_item( $user, $item ), $now - 100, $now );

		foreach ( $progress->for_item( $user, $item ) as $part => $row ) {
			$this->assertSame( $now - 100, $row->credited_until, "Part $part holds the item's clock." );
			$this->assertSame( $now, $row->reported_at, "Part $part holds the item's last report." );
		}
		$this->assertSame(
			array(
				0 => 0,
				1 => 25,
			),
			$this->stored( $user, $item )
		);
	}

	public function test_a_report_that_raises_nothing_never_moves_the_clock_back(): void {
		$now                 = time();
		list( $user, $item ) = $this->learner( $now - 300 );
		$progress            = $this->services()->progress;
		$read                = $progress->for_item( $user, $item );
		$progress->raise( $user, $item, 0, 50, $read, $now - 10, $now );

		// A heartbeat judged from the read before the raise.
		$progress->keep( $user, $item, 1, $read, $now - 300, $now );

		foreach ( $progress->for_item( $user, $item ) as $part => $row ) {
			$this->assertSame( $now - 10, $row->credited_until, "Part $part keeps the spent clock." );
		}
	}

	public function test_rows_of_separate_clocks_are_brought_to_the_latest_before_a_raise(): void {
		$now                 = time();
		list( $user, $item ) = $this->learner( $now - 300 );
		global $wpdb;
		// Written while each part had its own clock: part 1's is later.
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET session_started_at = %d WHERE user_id = %d AND product_id = %d AND part_index = 1', $wpdb->prefix . 'lp_progress', $now - 60, $user, $item ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test writes an old row.
		$progress = $this->services()->progress;

		$this->assertSame( ProgressRepository::RAISED, $progress->raise( $user, $item, 0, 10, $progress->for_item( $user, $item ), $now - 50, $now ) );

		$this->assertSame(
			array(
				0 => 10,
				1 => 0,
			),
			$this->stored( $user, $item )
		);
		foreach ( $progress->for_item( $user, $item ) as $part => $row ) {
			$this->assertSame( $now - 50, $row->credited_until, "Part $part holds the one clock." );
		}
	}
}
