<?php
/**
 * Activation and progress under real parallel HTTP requests.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Core\Events;
use LibraryPortal\Tests\Fixtures\LearningMedia;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\ParallelSite;
use LibraryPortal\Tests\Support\TestCase;

/**
 * N requests at once against the running test site (Support\ParallelSite), each with the user's
 * real logged-in cookie and REST nonce. The server, not this process, decides: exactly one seat
 * is activated, and of racing progress writes the largest stays.
 *
 * @group database
 */
final class ParallelRequestsTest extends TestCase {

	use ParallelSite;

	/**
	 * Requests fired at once.
	 */
	private const PARALLEL = 8;

	/**
	 * Activated seats of an item, read from the table.
	 *
	 * @param int $item Item.
	 */
	private static function activated_seats( int $item ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM %i WHERE product_id = %d AND state = 'activated'", $wpdb->prefix . 'lp_licenses', $item ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test reads the table itself.
	}

	public function test_parallel_manual_downloads_activate_exactly_one_seat(): void {
		$user                       = $this->user();
		$item                       = Library::item( 'Parallel manual', 'e-manual' );
		$this->committed['posts'][] = $item;
		Library::grant( $user, $item, 3 );

		$replies = $this->fire( '/library/v2/activate-manual-license/' . $item, $this->browser( $user ), array_fill( 0, self::PARALLEL, array() ) );

		$this->assertSame( array_fill( 0, self::PARALLEL, 200 ), array_column( $replies, 0 ), (string) wp_json_encode( $replies ) );
		$statuses = array_map( static fn( $reply ) => $reply[1]['data']['status'], $replies );
		$this->assertSame( 1, count( array_keys( $statuses, 'activated', true ) ), implode( ',', $statuses ) );
		$this->assertSame( self::PARALLEL - 1, count( array_keys( $statuses, 'already_active', true ) ) );
		$this->assertSame( 1, self::activated_seats( $item ) );
		foreach ( $replies as $reply ) {
			$this->assertSame( 2, $reply[1]['data']['item']['available_licenses'], 'Every reply carries the row after the one activation.' );
		}
	}

	public function test_parallel_first_reports_activate_exactly_one_seat(): void {
		$user                       = $this->user();
		$item                       = LearningMedia::item( 'Parallel workshop' );
		$this->committed['posts'][] = $item;
		Library::grant( $user, $item, 3 );

		$replies = $this->fire( '/library/v2/video/progress/' . $item, $this->browser( $user ), array_fill( 0, self::PARALLEL, array( 'progress' => 5 ) ) );

		$this->assertSame( array_fill( 0, self::PARALLEL, 200 ), array_column( $replies, 0 ), (string) wp_json_encode( $replies ) );
		$activated = array_map( static fn( $reply ) => $reply[1]['data']['activated'], $replies );
		$this->assertSame( 1, count( array_keys( $activated, true, true ) ) );
		$this->assertSame( 1, self::activated_seats( $item ) );
		$this->assertSame( 5, $this->services()->progress->for_item( $user, $item )[0]->percent );
		$this->assertSame( 1, $this->fired_count( Events::SEAT_ACTIVATED ), 'one activation announced' );
		$this->assertSame( 1, $this->fired_count( Events::PROGRESS_STEP ), 'one step announced' );
	}

	public function test_of_parallel_progress_writes_the_largest_stays(): void {
		$user = $this->user();
		// Parts of 10 s, watched without a break (a session open since the part's last report):
		// the 10 s tolerance alone allows any value, so whichever write lands first, none is
		// refused and only the race itself decides.
		$item                       = LearningMedia::item( 'Racing tabs', 3, 10 );
		$this->committed['posts'][] = $item;
		Library::grant( $user, $item );
		Library::activate_own( $user, $item );
		$this->services()->progress->raise( $user, $item, 1, 5, array(), time(), time() );

		$values  = array( 20, 65, 40, 10, 55, 30, 60, 45 );
		$replies = $this->fire(
			'/library/v2/video/progress/' . $item,
			$this->browser( $user ),
			array_map(
				static fn( int $value ) => array(
					'progress' => $value,
					'part'     => 1,
				),
				$values
			)
		);

		$this->assertSame( array_fill( 0, count( $values ), 200 ), array_column( $replies, 0 ), (string) wp_json_encode( $replies ) );
		$this->assertSame( 65, $this->services()->progress->for_item( $user, $item )[1]->percent );
	}

	public function test_parallel_raises_of_different_parts_spend_the_watching_time_once(): void {
		// Each report read the item's clock and wrote its own part, so reports for three
		// parts sent at the same instant each spent the same unspent time (a script banking time
		// with reports that raise nothing, then claiming it on every part at once).
		$user                       = $this->user();
		$item                       = LearningMedia::item( 'Banked watching time', 3, 1200 );
		$this->committed['posts'][] = $item;
		Library::grant( $user, $item );
		Library::activate_own( $user, $item );
		$progress = $this->services()->progress;
		$now      = time();
		$progress->keep( $user, $item, 0, array(), $now, $now );
		$progress->keep( $user, $item, 1, $progress->for_item( $user, $item ), $now, $now );
		// 300 s of reports that raised nothing, the last one just now: 310 s with the loan, worth
		// 620 s at 2x, 50% of one 1,200 s part. Part 2 has no row yet (its first report creates it).
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET session_started_at = %d WHERE user_id = %d AND product_id = %d', $wpdb->prefix . 'lp_progress', $now - 300, $user, $item ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test sets the banked time.

		$claims  = array( 0, 1, 2, 0, 1, 2, 0, 1, 2 );
		$replies = $this->fire(
			'/library/v2/video/progress/' . $item,
			$this->browser( $user ),
			array_map(
				static fn( int $part ) => array(
					'progress' => 50,
					'part'     => $part,
				),
				$claims
			)
		);

		foreach ( $replies as $reply ) {
			$this->assertContains( $reply[0], array( 200, 409 ), (string) wp_json_encode( $reply ) );
		}
		$stored = array_map( static fn( $part ) => $part->percent, $progress->for_item( $user, $item ) );
		ksort( $stored );
		// Three clocks read at once gave 50% on every part; one clock gives it to one part.
		$this->assertSame( 50, array_sum( $stored ), 'Stored ' . wp_json_encode( $stored ) );
	}
}
