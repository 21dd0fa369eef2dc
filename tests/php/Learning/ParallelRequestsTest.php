<?php
/**
 * Activation and progress under real parallel HTTP requests.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Tests\Fixtures\LearningMedia;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\ParallelSite;
use LibraryPortal\Tests\Support\TestCase;

/**
 * N requests at once against the running test site (Support\ParallelSite), each with the user's
 * real logged-in cookie and REST nonce. The server, not this process, decides: exactly one seat
 * is activated, and of racing progress writes the largest stays.
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
		$this->services()->progress->report( $user, $item, 1, 5, null, time(), time() );

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
}
