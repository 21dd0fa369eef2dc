<?php
/**
 * The stored progress of one part.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

/**
 * How much of one part (video) of an item a user has watched, when that was last raised, and the
 * part's watching clock (docs/decisions.md, "Progress jumps"): when it was last reported (raised
 * or not), and when and at which percent the current watching session opened. Reads that only
 * show progress leave the clock at 0.
 */
final class PartProgress {

	/**
	 * Builds the value.
	 *
	 * @param int $percent            Watched share, 0-100.
	 * @param int $updated_at         Unix seconds of the last raise.
	 * @param int $reported_at        Unix seconds of the last report (0 = none known).
	 * @param int $session_started_at Unix seconds the current watching session opened.
	 * @param int $session_percent    Stored percent once the session's first report was judged.
	 */
	public function __construct(
		public readonly int $percent,
		public readonly int $updated_at,
		public readonly int $reported_at = 0,
		public readonly int $session_started_at = 0,
		public readonly int $session_percent = 0
	) {}
}
