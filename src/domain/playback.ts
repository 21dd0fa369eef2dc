/**
 * Player rules: which part opens first, where to resume, which 5% step
 * the playhead is on, and the speeds offered. The numbers come from learning-rules.ts.
 */

/**
 * Internal dependencies
 */
import {
	COMPLETE_PERCENT,
	HEARTBEAT_SECONDS,
	PROGRESS_STEP_PERCENT,
	REPORT_INTERVAL_SECONDS,
	SEEK_BAND_MAX,
	SEEK_BAND_MIN,
} from './learning-rules';

/** Player progress is polled this often. */
export const POLL_INTERVAL_MS = 250;
/** The next part starts this long after one completes. */
export const PART_ADVANCE_DELAY_MS = 1000;
export const REPORT_INTERVAL_MS = REPORT_INTERVAL_SECONDS * 1000;
/** While playing, a report (the same percent is fine) goes out at least this often. */
export const HEARTBEAT_INTERVAL_MS = HEARTBEAT_SECONDS * 1000;
/** Speeds the player offers, capped by the server's max_playback_rate. */
export const PLAYBACK_RATES = [ 0.75, 1, 1.25, 1.5, 2 ];

/**
 * The part to open: the first below complete, else the last.
 *
 * @param counts    Saved percent per part (missing = 0).
 * @param partCount Number of parts.
 */
export function initialPart( counts: number[], partCount: number ): number {
	for ( let index = 0; index < partCount; index++ ) {
		if ( ( counts[ index ] ?? 0 ) < COMPLETE_PERCENT ) {
			return index;
		}
	}
	return Math.max( 0, partCount - 1 );
}

/**
 * Where to resume, in seconds: the saved share of the duration when it lies strictly inside the
 * seek band, else null (start from the beginning).
 *
 * @param savedPercent Saved percent of the part.
 * @param duration     Duration in seconds.
 */
export function resumeTime(
	savedPercent: number,
	duration: number
): number | null {
	if (
		! Number.isFinite( duration ) ||
		duration <= 0 ||
		savedPercent <= SEEK_BAND_MIN ||
		savedPercent >= SEEK_BAND_MAX
	) {
		return null;
	}
	return ( savedPercent / 100 ) * duration;
}

/**
 * The whole step the playhead is on (0, 5, … 100); an ended video is complete.
 *
 * @param currentTime Playhead in seconds.
 * @param duration    Duration in seconds.
 * @param ended       The media ended.
 */
export function progressStep(
	currentTime: number,
	duration: number,
	ended = false
): number {
	if ( ended ) {
		return COMPLETE_PERCENT;
	}
	if ( ! Number.isFinite( duration ) || duration <= 0 ) {
		return 0;
	}
	const percent = ( currentTime / duration ) * 100;
	const step =
		Math.floor( percent / PROGRESS_STEP_PERCENT ) * PROGRESS_STEP_PERCENT;
	return Math.min( COMPLETE_PERCENT, Math.max( 0, step ) );
}

/**
 * The speeds to offer: never above the server's limit; normal speed always.
 *
 * @param maxRate The server's max_playback_rate.
 */
export const playbackRates = ( maxRate: number ): number[] =>
	PLAYBACK_RATES.filter( ( rate ) => rate <= Math.max( 1, maxRate ) );
