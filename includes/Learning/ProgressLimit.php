<?php
/**
 * How far a progress report may go.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

use LibraryPortal\Repositories\PartProgress;

/**
 * The jump rule of the contract (docs/decisions.md, "Progress jumps"): a report may claim no more
 * of a part than the real time since its last raise allows at the player's fastest speed, plus a
 * small tolerance. So the test cannot be unlocked by posting 100 or by seeking to the end.
 * Pure arithmetic: the caller reads the stored row and the duration.
 */
final class ProgressLimit {

	/**
	 * Whether a report is a whole step in 0..100.
	 *
	 * @param int $percent Reported percent.
	 */
	public static function is_step( int $percent ): bool {
		return $percent >= 0 && $percent <= ProgressRules::COMPLETE_PERCENT && 0 === $percent % ProgressRules::PROGRESS_STEP_PERCENT;
	}

	/**
	 * The highest percent a report may claim now.
	 *
	 * A part never reported may go one step: that report creates its row and starts the clock.
	 * An unknown duration (0) allows one step per report.
	 *
	 * @param PartProgress|null $stored   The part's row, or null when it has none.
	 * @param int               $duration Part duration in seconds (0 = unknown).
	 * @param int               $now      Unix seconds.
	 */
	public static function allowed( ?PartProgress $stored, int $duration, int $now ): int {
		$step = ProgressRules::PROGRESS_STEP_PERCENT;
		if ( null === $stored ) {
			return $step;
		}
		if ( $duration <= 0 ) {
			return min( ProgressRules::COMPLETE_PERCENT, $stored->percent + $step );
		}
		$elapsed = max( 0, $now - $stored->updated_at );
		$seconds = $elapsed * ProgressRules::MAX_PLAYBACK_RATE + ProgressRules::TOLERANCE_SECONDS;
		// ceil_to_step( seconds / duration * 100 ) in integers: no float rounding at the edges.
		$gain = intdiv( $seconds * 100 + $duration * $step - 1, $duration * $step ) * $step;
		return min( ProgressRules::COMPLETE_PERCENT, $stored->percent + $gain );
	}
}
