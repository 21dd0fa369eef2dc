<?php
/**
 * How far a progress report may go.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

/**
 * The jump rule (docs/decisions.md, "Progress jumps"): credit is earned by watching without a
 * break. Reports of a part at most SESSION_GAP_SECONDS apart belong to one watching session; within
 * it a report may claim no more than the session's wall time at the player's fastest speed (plus
 * a small tolerance) above the percent the session opened at. A part's first report, or one that
 * comes after a longer silence (a pause of days, a report replayed from a queue), opens a new
 * session and may go one step above what is stored. So neither posting 100 nor dragging to the
 * end, now or a week later, unlocks the test. Pure arithmetic: the caller reads the stored row
 * and the duration.
 */
final class ProgressLimit {

	/**
	 * Longest silence between two reports of a part that still counts as watching on. The player
	 * reports every 5 s while playing, and on pause, so a silence longer than this is a pause or
	 * a lost connection, and watching time cannot be vouched for across it.
	 */
	public const SESSION_GAP_SECONDS = 30;

	/**
	 * Whether a report is a whole step in 0..100.
	 *
	 * @param int $percent Reported percent.
	 */
	public static function is_step( int $percent ): bool {
		return $percent >= 0 && $percent <= ProgressRules::COMPLETE_PERCENT && 0 === $percent % ProgressRules::PROGRESS_STEP_PERCENT;
	}

	/**
	 * Whether a report now opens a new watching session of the part: its first report, or the
	 * first one after more than SESSION_GAP_SECONDS without a report (rows written before the
	 * watching clock existed have none, so their next report opens one).
	 *
	 * @param PartProgress|null $stored The part's row, or null when it has none.
	 * @param int               $now    Unix seconds.
	 */
	public static function opens_session( ?PartProgress $stored, int $now ): bool {
		return null === $stored || 0 === $stored->reported_at || $now - $stored->reported_at > self::SESSION_GAP_SECONDS;
	}

	/**
	 * The highest percent a report may claim now.
	 *
	 * A report that opens a session may go one step above what is stored. Within a session:
	 * the percent the session opened at plus ceil_to_step( ( session seconds × MAX_PLAYBACK_RATE +
	 * TOLERANCE_SECONDS ) / duration × 100 ), and never less than what is stored. The tolerance
	 * and the step's rounding are granted once per session, not once per report, so reporting
	 * every second earns no more than reporting every 5 s. An unknown duration (0) allows one
	 * step per report.
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
		$one_step = min( ProgressRules::COMPLETE_PERCENT, $stored->percent + $step );
		if ( $duration <= 0 || self::opens_session( $stored, $now ) ) {
			return $one_step;
		}
		$elapsed = max( 0, $now - $stored->session_started_at );
		$seconds = $elapsed * ProgressRules::MAX_PLAYBACK_RATE + ProgressRules::TOLERANCE_SECONDS;
		// ceil_to_step( seconds / duration * 100 ) in integers: no float rounding at the edges.
		$gain = intdiv( $seconds * 100 + $duration * $step - 1, $duration * $step ) * $step;
		return min( ProgressRules::COMPLETE_PERCENT, max( $stored->percent, $stored->session_percent + $gain ) );
	}
}
