<?php
/**
 * The watching clock of a learner's item.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

use LibraryPortal\Core\Rows\PartProgress;

/**
 * One clock per learner and item, shared by its parts (docs/rules/learning-and-progress.md, "Progress jumps"). It is
 * kept on the item's progress rows, which a report reads anyway: each report writes it to every
 * row of the item (ProgressRepository::raise() as a compare-and-set), and the item's clock is the
 * latest of its rows (rows written while each part had its own clock may still differ). Both values only ever
 * grow (a report moves the last report to now, and credited_until only forward), so the latest
 * report and the largest credited_until are the clock, and a row's older values never count.
 */
final class ItemClock {

	/**
	 * Builds the value.
	 *
	 * @param int $reported_at    Unix seconds of the item's last judged report.
	 * @param int $credited_until Unix seconds up to which its watching time is spent (may be
	 *                            ahead of the last report by the tolerance's loan).
	 */
	public function __construct(
		public readonly int $reported_at,
		public readonly int $credited_until
	) {}

	/**
	 * The clock of an item from its progress rows; null when no row has one (never reported, or
	 * rows written before the clock existed).
	 *
	 * @param array<int, PartProgress> $parts The item's rows by part.
	 */
	public static function of( array $parts ): ?self {
		$reported = 0;
		$credited = 0;
		foreach ( $parts as $part ) {
			$reported = max( $reported, $part->reported_at );
			$credited = max( $credited, $part->credited_until );
		}
		return 0 === $reported ? null : new self( $reported, $credited );
	}
}
