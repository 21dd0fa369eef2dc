<?php
/**
 * Expiry times in Unix seconds.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Domain;

/**
 * The never-expiring markers of spec point 9 and the expiry test built on them.
 */
final class Expiry {

	/**
	 * Legacy marker that also means "never" (spec point 4).
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
