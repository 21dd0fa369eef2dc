<?php
/**
 * Seat activation after a lost race.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * SeatActivation reads the seat again after losing it to a parallel request, up to three reads:
 * the race is played on the real tables by giving the seat to someone else just before the
 * activation's conditional UPDATE runs.
 */
final class ActivationRetryTest extends TestCase {

	use ServesRequests;

	/**
	 * Seats of an item by ID => [state, holder].
	 *
	 * @param int $item Item.
	 * @return array<int, array{0: string, 1: int}>
	 */
	private static function seats( int $item ): array {
		global $wpdb;
		$rows  = (array) $wpdb->get_results( $wpdb->prepare( 'SELECT id, state, holder_id FROM %i WHERE product_id = %d ORDER BY id', $wpdb->prefix . 'lp_licenses', $item ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test reads the table itself.
		$seats = array();
		foreach ( $rows as $row ) {
			$seats[ (int) $row['id'] ] = array( (string) $row['state'], (int) $row['holder_id'] );
		}
		return $seats;
	}

	/**
	 * Makes the next $losses activation UPDATEs lose their seat: just before each runs, a
	 * parallel share gives that seat to $rival (the UPDATE then changes no row).
	 *
	 * @param int $losses Races to lose.
	 * @param int $rival  Who takes the seats.
	 */
	private function lose_races( int $losses, int $rival ): void {
		global $wpdb;
		$table = $wpdb->prefix . 'lp_licenses';
		$left  = $losses;
		// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- core's filter.
		add_filter(
			'query',
			static function ( $query ) use ( &$left, $wpdb, $table, $rival ) {
				if ( $left > 0 && preg_match( "/^UPDATE `?{$table}`? SET holder_id = \\d+, state = 'activated'.*WHERE id = (\\d+)/s", (string) $query, $match ) ) {
					--$left;
					$wpdb->query( $wpdb->prepare( "UPDATE %i SET holder_id = %d, state = 'assigned', shared = 1 WHERE id = %d", $table, $rival, (int) $match[1] ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the rival request.
				}
				return $query;
			}
		);
		// phpcs:enable
	}

	public function test_an_activation_that_loses_its_seat_twice_takes_the_third(): void {
		$owner = $this->make_user();
		$rival = $this->make_user();
		$item  = Library::item( 'Contested workbook', 'e-manual' );
		Library::grant( $owner, $item, 3 );
		$this->lose_races( 2, $rival );

		$reply = $this->send( 'POST', '/library/v2/activate-manual-license/' . $item, $owner );

		$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
		$this->assertSame( 'activated', $reply->get_data()['data']['status'] );
		$this->assertSame(
			array( array( 'assigned', $rival ), array( 'assigned', $rival ), array( 'activated', $owner ) ),
			array_values( self::seats( $item ) )
		);
	}

	public function test_an_activation_gives_up_after_three_lost_races(): void {
		$owner = $this->make_user();
		$rival = $this->make_user();
		$item  = Library::item( 'Very contested workbook', 'e-manual' );
		Library::grant( $owner, $item, 4 );
		$this->lose_races( 3, $rival );

		$reply = $this->send( 'POST', '/library/v2/activate-manual-license/' . $item, $owner );

		$this->assertSame( 409, $reply->get_status(), 'Three reads, then no seat: a request never loops on a busy item.' );
		$this->assertSame( array( 'available', 0 ), array_values( self::seats( $item ) )[3], 'The fourth seat was never tried.' );
	}
}
