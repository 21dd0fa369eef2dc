<?php
/**
 * Real time passing, for the progress rule's tests.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Fixtures;

/**
 * The progress rule reads the clock with time() and compares it with the times stored on each
 * part (last raise, last report, session start). Moving the stored times back by N seconds is N
 * seconds of real time passing for the rule, without waiting and without a fake clock in the
 * plugin. A time that is 0 (never) stays 0.
 */
final class WatchingClock {

	/**
	 * Moves a user's progress times of an item (one part, or all) back by some seconds.
	 *
	 * @param int      $user    User.
	 * @param int      $item    Item.
	 * @param int      $seconds Seconds that pass.
	 * @param int|null $part    Only this part (null: every part of the item).
	 */
	public static function age( int $user, int $item, int $seconds, ?int $part = null ): void {
		global $wpdb;
		$back = static fn( string $column ): string => $wpdb->prepare( "$column = CASE WHEN $column > %d THEN $column - %d ELSE 0 END", $seconds, $seconds ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- column names are this file's constants.
		$sets = implode( ', ', array_map( $back, array( 'updated_at', 'reported_at', 'session_started_at' ) ) );
		$only = null === $part ? '' : $wpdb->prepare( ' AND part_index = %d', $part );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- prepared pieces; %i is newer than WPCS 2.3; a test moving the clock.
		$wpdb->query( $wpdb->prepare( "UPDATE %i SET $sets WHERE user_id = %d AND product_id = %d$only", $wpdb->prefix . 'lp_progress', $user, $item ) );
	}
}
