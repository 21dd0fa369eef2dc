<?php
/**
 * The progress rules the player and the server share.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

/**
 * The progress rules on the server's side. The player needs the same numbers (when to report,
 * where to resume): `src/domain/learning-rules.ts` holds them for the browser, and
 * tests/php/Learning/ProgressRulesTest.php fails when the two files disagree.
 *
 * The spec's single-video check (90%, with a message saying 99%) is not used: one figure, 95%,
 * is the threshold everywhere (docs/rules/README.md).
 */
final class ProgressRules {

	/**
	 * Progress is reported in steps of this many percent.
	 */
	public const PROGRESS_STEP_PERCENT = 5;

	/**
	 * A seat activates once this share is watched; sharing is refused from it on.
	 */
	public const ACTIVATION_PERCENT = 5;

	/**
	 * Watched share of every part from which the test opens (status Take Test).
	 */
	public const TAKE_TEST_PERCENT = 95;

	/**
	 * A part is complete at this share.
	 */
	public const COMPLETE_PERCENT = 100;

	/**
	 * Least time between two progress reports.
	 */
	public const REPORT_INTERVAL_SECONDS = 5;

	/**
	 * The player resumes at the saved share only strictly inside this band.
	 */
	public const SEEK_BAND_MIN = 1;
	public const SEEK_BAND_MAX = 98;

	/**
	 * The fastest playback speed the player offers. Within a watching session a progress report
	 * may claim at most the session's time played at this speed (docs/rules/learning-and-progress.md, "Progress jumps").
	 */
	public const MAX_PLAYBACK_RATE = 2;

	/**
	 * Seconds of slack on that limit: a loan that the next raises pay back, not a gift per
	 * session (network delay, the server's whole seconds).
	 */
	public const TOLERANCE_SECONDS = 10;

	/**
	 * While playing, the player reports at least this often (the same percent is fine), so the
	 * server's clock runs while someone watches: a silence of more than 30 s counts as a pause.
	 */
	public const HEARTBEAT_SECONDS = 20;

	/**
	 * Default seconds per 5% step for a part whose length is unknown (duration 0): the setting
	 * `unknown_length_pace` overrides it. A minute per step is 20 minutes for the whole part.
	 */
	public const UNKNOWN_LENGTH_PACE_SECONDS = 60;

	/**
	 * Every rule by name, as the TypeScript module exports them.
	 *
	 * @return array<string, int>
	 */
	public static function all(): array {
		return array(
			'PROGRESS_STEP_PERCENT'   => self::PROGRESS_STEP_PERCENT,
			'ACTIVATION_PERCENT'      => self::ACTIVATION_PERCENT,
			'TAKE_TEST_PERCENT'       => self::TAKE_TEST_PERCENT,
			'COMPLETE_PERCENT'        => self::COMPLETE_PERCENT,
			'REPORT_INTERVAL_SECONDS' => self::REPORT_INTERVAL_SECONDS,
			'SEEK_BAND_MIN'           => self::SEEK_BAND_MIN,
			'SEEK_BAND_MAX'           => self::SEEK_BAND_MAX,
			'MAX_PLAYBACK_RATE'       => self::MAX_PLAYBACK_RATE,
			'TOLERANCE_SECONDS'       => self::TOLERANCE_SECONDS,
			'HEARTBEAT_SECONDS'       => self::HEARTBEAT_SECONDS,
		);
	}
}
