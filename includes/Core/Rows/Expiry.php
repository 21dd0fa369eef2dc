<?php
/**
 * Expiry times in Unix seconds.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

/**
 * The never-expiring markers and the expiry test built on them.
 */
final class Expiry {

	/**
	 * Legacy marker that also means "never".
	 */
	public const NEVER_LEGACY = 100100;

	/**
	 * Whether an expiry time means "never".
	 *
	 * @param int $expiry Unix seconds.
	 */
	public static function is_never( int $expiry ): bool {
		return 0 === $expiry || self::NEVER_LEGACY === $expiry;
	}

	/**
	 * Whether an expiry time has passed.
	 *
	 * @param int $expiry Unix seconds.
	 * @param int $now    Unix seconds.
	 */
	public static function has_passed( int $expiry, int $now ): bool {
		return ! self::is_never( $expiry ) && $expiry <= $now;
	}

	/**
	 * First second of the month after the one that holds $now, in the site's time zone: a
	 * license "expires this month" when it has not passed and ends before it.
	 *
	 * @param int           $now      Unix seconds.
	 * @param \DateTimeZone $timezone The site's time zone.
	 */
	public static function next_month_start( int $now, \DateTimeZone $timezone ): int {
		$month = ( new \DateTimeImmutable( '@' . $now ) )->setTimezone( $timezone );
		return $month->modify( 'first day of next month' )->setTime( 0, 0 )->getTimestamp();
	}

	/**
	 * Whether an expiry falls in the month of $now and has not passed yet.
	 *
	 * @param int $expiry           Unix seconds.
	 * @param int $now              Unix seconds.
	 * @param int $next_month_start Result of next_month_start().
	 */
	public static function ends_this_month( int $expiry, int $now, int $next_month_start ): bool {
		return ! self::is_never( $expiry ) && $expiry > $now && $expiry < $next_month_start;
	}

	/**
	 * The latest of several expiry times; "never" beats any date. 0 for an empty list.
	 *
	 * @param int[] $expiries Unix seconds.
	 */
	public static function latest( array $expiries ): int {
		$latest = null;
		foreach ( $expiries as $expiry ) {
			if ( self::is_never( $expiry ) ) {
				return 0;
			}
			$latest = max( (int) $latest, $expiry );
		}
		return (int) $latest;
	}
}
