<?php
/**
 * Builds libraries on real rows for the tests.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Fixtures;

use LibraryPortal\Dev\DemoSeeder;
use LibraryPortal\Services;

/**
 * Thin helpers over the plugin's own repositories, so tests read like the story they tell.
 */
final class Library {

	/**
	 * A published catalogue item.
	 *
	 * @param string $title Title.
	 * @param string $type  Content type.
	 * @param int    $parts Number of video parts.
	 */
	public static function item( string $title, string $type = 'on-demand', int $parts = 1 ): int {
		return DemoSeeder::create()->item( $title, $type, 'Subtitle of ' . $title, $parts );
	}

	/**
	 * A grant of N seats.
	 *
	 * @param int    $owner_id   Owner.
	 * @param int    $product_id Item.
	 * @param int    $quantity   Seats.
	 * @param int    $expires_at Unix seconds, 0 = never.
	 * @param string $tag        Grant tag.
	 */
	public static function grant( int $owner_id, int $product_id, int $quantity = 1, int $expires_at = 0, string $tag = '' ): int {
		return Services::on( $GLOBALS['wpdb'] )->licenses->create_grant(
			array(
				'owner_id'   => $owner_id,
				'product_id' => $product_id,
				'quantity'   => $quantity,
				'expires_at' => $expires_at,
				'tag'        => $tag,
				'source'     => 'test',
			),
			time()
		);
	}

	/**
	 * Activates one of the owner's available seats; returns the seat ID.
	 *
	 * @param int $owner_id   Owner.
	 * @param int $product_id Item.
	 */
	public static function activate_own( int $owner_id, int $product_id ): int {
		$licenses = Services::on( $GLOBALS['wpdb'] )->licenses;
		$seat     = $licenses->find_available_seat( $owner_id, $product_id, '', time() );
		$licenses->activate_seat( $seat, $owner_id, time() );
		return $seat;
	}

	/**
	 * Shares one of the owner's available seats; returns the seat ID.
	 *
	 * @param int $owner_id     Owner.
	 * @param int $recipient_id Team member.
	 * @param int $product_id   Item.
	 */
	public static function share( int $owner_id, int $recipient_id, int $product_id ): int {
		$licenses = Services::on( $GLOBALS['wpdb'] )->licenses;
		$seat     = $licenses->find_available_seat( $owner_id, $product_id, '', time() );
		$licenses->share_seat( $seat, $owner_id, $recipient_id, time() );
		return $seat;
	}

	/**
	 * Seats of an item in each state, read from the table itself.
	 *
	 * @param int $item Item.
	 * @return array{available: int, assigned: int, activated: int}
	 */
	public static function seat_states( int $item ): array {
		global $wpdb;
		$counts = array(
			'available' => 0,
			'assigned'  => 0,
			'activated' => 0,
		);
		foreach ( (array) $wpdb->get_results( $wpdb->prepare( 'SELECT state, COUNT(*) AS n FROM %i WHERE product_id = %d GROUP BY state', $wpdb->prefix . 'lp_licenses', $item ), ARRAY_A ) as $row ) { // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test reads the table itself.
			$counts[ $row['state'] ] = (int) $row['n'];
		}
		return $counts;
	}

	/**
	 * Items of a reply by product ID (first row of each).
	 *
	 * @param array<int, array<string, mixed>> $items Reply data.
	 * @return array<int, array<string, mixed>>
	 */
	public static function by_product( array $items ): array {
		$by_id = array();
		foreach ( $items as $item ) {
			$by_id[ $item['product_id'] ] ??= $item;
		}
		return $by_id;
	}
}
