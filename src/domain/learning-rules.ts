/**
 * The progress rules the player and the server share.
 *
 * The server holds the same numbers in includes/Core/Rows/ProgressRules.php and decides with
 * them; the browser uses them only to know when to report and where to resume.
 * tests/php/Learning/ProgressRulesTest.php reads this file (one `export const NAME = number;`
 * per line) and fails when the two sides disagree.
 */

/** Progress is reported in steps of this many percent. */
export const PROGRESS_STEP_PERCENT = 5;
/** A seat activates once this share is watched; sharing is refused from it on. */
export const ACTIVATION_PERCENT = 5;
/** Watched share of every part from which the test opens. */
export const TAKE_TEST_PERCENT = 95;
/** A part is complete at this share. */
export const COMPLETE_PERCENT = 100;
/** Least time between two progress reports. */
export const REPORT_INTERVAL_SECONDS = 5;
/** The player resumes at the saved share only strictly inside this band. */
export const SEEK_BAND_MIN = 1;
export const SEEK_BAND_MAX = 98;
/** The fastest playback speed the player offers; the server's progress rule allows no faster. */
export const MAX_PLAYBACK_RATE = 2;
/** Seconds of slack the server lends on that rule (paid back by later raises). */
export const TOLERANCE_SECONDS = 10;
/** While playing, the player reports at least this often (the server counts a longer silence as a pause). */
export const HEARTBEAT_SECONDS = 20;
