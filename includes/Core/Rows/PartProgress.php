<?php
/**
 * The stored progress of one part.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

/**
 * How much of one part (video) of an item a user has watched, when that was last raised, and the
 * item's watching clock as this row holds it (docs/rules/learning-and-progress.md, "Progress jumps"; ItemClock: the
 * item's clock is the latest of its rows). Reads that only show progress leave the clock at 0.
 */
final class PartProgress {

	/**
	 * Builds the value.
	 *
	 * @param int $percent            Watched share, 0-100.
	 * @param int $updated_at         Unix seconds of the last raise.
	 * @param int $reported_at    Unix seconds of the item's last report when this row was written (0 = none known).
	 * @param int $credited_until Unix seconds up to which the item's watching time was spent then
	 *                            (the column session_started_at).
	 */
	public function __construct(
		public readonly int $percent,
		public readonly int $updated_at,
		public readonly int $reported_at = 0,
		public readonly int $credited_until = 0
	) {}
}
