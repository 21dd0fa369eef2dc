<?php
/**
 * How far a progress report may go.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

use LibraryPortal\Core\Rows\ProgressRules;

/**
 * The jump rule (docs/rules/learning-and-progress.md, "Progress jumps"): credit is earned by watching, and the time
 * watched is counted once per learner and item, whichever part it is spent on.
 *
 * The item has one watching clock (ItemClock): when it was last reported, and the instant up to
 * which its watching time is already credited (`credited_until`). At a report, the seconds since
 * credited_until are the watching time not yet spent; played at MAX_PLAYBACK_RATE they allow
 * floor_to_step( seconds × rate / duration × 100 ) above the part's stored percent (rounded down,
 * never up). A raise moves credited_until on by what it was worth, so the same time is never spent
 * twice, on this part or another. Time counts only while the player reports: a silence longer
 * than SESSION_GAP_SECONDS (a pause, a closed page) moves credited_until on by the silence, so a
 * week on pause is worth nothing, and what was watched before it is kept. The player reports at
 * least every HEARTBEAT_SECONDS while playing (the same percent is fine), so a viewer loses nothing.
 * What is left unspent after a raise or a silence is held to one step of the part and 10 s (a
 * viewer at 1x earns twice what they watch, and that surplus must not pay for skipping ahead);
 * while reports keep coming without a raise it is not (a claim the server refused, then sent
 * again every 5 s, is taken once the time watched covers it). TOLERANCE_SECONDS is a loan, not a gift:
 * credited_until may run that far ahead of now (network delay, the server's whole seconds), and
 * the next raises pay it back. Pure arithmetic: the caller reads the rows and the duration.
 */
final class ProgressLimit {

	/**
	 * Longest silence between two reports of an item that still counts as watching on. The player
	 * reports at least every ProgressRules::HEARTBEAT_SECONDS while playing, and on pause, so a
	 * longer silence is a pause or a lost connection, and watching time cannot be vouched for
	 * across it.
	 */
	public const SESSION_GAP_SECONDS = 30;

	/**
	 * Unspent watching time kept beyond one step of the part: two of the player's report
	 * intervals (the step under the playhead is reported up to 5 s after it is reached).
	 */
	private const UNSPENT_RHYTHM_SECONDS = 2 * ProgressRules::REPORT_INTERVAL_SECONDS;

	/**
	 * Seconds of video an item of unknown length (duration 0) counts as per 5% step for each
	 * second of the default pace: a length of 40 × pace makes one step cost `pace` seconds at
	 * MAX_PLAYBACK_RATE (5% of 40 × pace, halved).
	 */
	private const UNKNOWN_LENGTH_PER_PACE_SECOND = 100 / ProgressRules::PROGRESS_STEP_PERCENT * ProgressRules::MAX_PLAYBACK_RATE;

	/**
	 * Whether a report is a whole step in 0..100.
	 *
	 * @param int $percent Reported percent.
	 */
	public static function is_step( int $percent ): bool {
		return $percent >= 0 && $percent <= ProgressRules::COMPLETE_PERCENT && 0 === $percent % ProgressRules::PROGRESS_STEP_PERCENT;
	}

	/**
	 * The length the rule judges a part by: its duration, or for an unknown one (0) the length
	 * that makes one step cost the default pace.
	 *
	 * @param int $duration     Part duration in seconds (0 = unknown).
	 * @param int $pace_seconds Seconds per step for an unknown length (the setting).
	 */
	public static function judged_length( int $duration, int $pace_seconds ): int {
		return $duration > 0 ? $duration : max( 1, $pace_seconds ) * self::UNKNOWN_LENGTH_PER_PACE_SECOND;
	}

	/**
	 * Whether a report now opens a new watching session of the item: its first report, or the
	 * first after more than SESSION_GAP_SECONDS without one (rows written before the clock
	 * existed have none).
	 *
	 * @param ItemClock|null $clock The item's clock, or null when it has none.
	 * @param int            $now   Unix seconds.
	 */
	public static function opens_session( ?ItemClock $clock, int $now ): bool {
		return null === $clock || $now - $clock->reported_at > self::SESSION_GAP_SECONDS;
	}

	/**
	 * Up to when the item's watching time is credited, as of now, before this report spends any:
	 * a new clock starts now with nothing to spend; a silence longer than the session gap does not
	 * count (the instant moves on by it), and what was watched before it and not yet spent is
	 * held to one step of the part and 10 s (hold()).
	 *
	 * @param ItemClock|null $clock  The item's clock, or null when it has none.
	 * @param int            $length The part's judged length in seconds (judged_length()).
	 * @param int            $now    Unix seconds.
	 */
	public static function credited_until( ?ItemClock $clock, int $length, int $now ): int {
		if ( null === $clock ) {
			return $now;
		}
		if ( ! self::opens_session( $clock, $now ) ) {
			return $clock->credited_until;
		}
		return max( $clock->credited_until + $now - $clock->reported_at, $now - self::hold( $length ) );
	}

	/**
	 * The most unspent watching time (seconds) kept after a raise or a silence: one step of the
	 * part at the fastest speed (in whole seconds, rounded up) and two of the player's report
	 * intervals (the step under the playhead is reported up to 5 s after it is reached, and at
	 * 2x on a short part a report covers several steps). So a viewer at 1x, who earns twice what
	 * they watch, cannot spend the surplus on skipping ahead, and a viewer who pauses keeps what
	 * they watched since the last step.
	 *
	 * @param int $length The part's judged length in seconds.
	 */
	public static function hold( int $length ): int {
		$per = 100 * ProgressRules::MAX_PLAYBACK_RATE;
		return intdiv( $length * ProgressRules::PROGRESS_STEP_PERCENT + $per - 1, $per ) + self::UNSPENT_RHYTHM_SECONDS;
	}

	/**
	 * The highest percent a report may claim now: the stored percent plus what the time since
	 * $credited_until (and the tolerance's loan) allows at the fastest speed, rounded down to a step.
	 *
	 * @param int $stored         The part's stored percent (0 when it has no row).
	 * @param int $credited_until From credited_until().
	 * @param int $length         The part's judged length in seconds.
	 * @param int $now            Unix seconds.
	 */
	public static function allowed( int $stored, int $credited_until, int $length, int $now ): int {
		$step    = ProgressRules::PROGRESS_STEP_PERCENT;
		$seconds = max( 0, $now + ProgressRules::TOLERANCE_SECONDS - $credited_until );
		// floor_to_step( seconds × rate / length × 100 ) in integers: no float rounding at the edges.
		$gain = intdiv( $seconds * ProgressRules::MAX_PLAYBACK_RATE * 100, max( 1, $length ) * $step ) * $step;
		return min( ProgressRules::COMPLETE_PERCENT, $stored + $gain );
	}

	/**
	 * credited_until after a raise from $from to $to percent: moved on by the seconds the raise is
	 * worth at the fastest speed (rounded up), so no other report can spend them again, and what
	 * is left unspent held to hold().
	 *
	 * @param int $credited_until From credited_until().
	 * @param int $from           The part's stored percent.
	 * @param int $to             The percent stored now.
	 * @param int $length         The part's judged length in seconds.
	 * @param int $now            Unix seconds.
	 */
	public static function spend( int $credited_until, int $from, int $to, int $length, int $now ): int {
		if ( $to <= $from ) {
			return $credited_until;
		}
		$per = 100 * ProgressRules::MAX_PLAYBACK_RATE;
		return max( $credited_until + intdiv( ( $to - $from ) * $length + $per - 1, $per ), $now - self::hold( $length ) );
	}
}
