/**
 * Watches one part's playhead and decides when to report: polled every
 * 250 ms, a report when the playhead reaches a new 5% step, at most once per 5 s; a final report
 * (bypassing the 5 s wait, so nothing is lost) on pause, part change, page hide and the end.
 * While playing it also reports at least every HEARTBEAT_SECONDS, the same percent when no new
 * step is reached, and on pause or leaving after playing: the server counts watching time only
 * between reports at most 30 s apart (docs/rules/learning-and-progress.md, "Progress jumps"), so its clock must run
 * from the moment playing starts to the moment it stops.
 * The server records and judges every report; the tracker only remembers what it accepted.
 */

/**
 * Internal dependencies
 */
import {
	HEARTBEAT_INTERVAL_MS,
	POLL_INTERVAL_MS,
	REPORT_INTERVAL_MS,
	progressStep,
} from '../../domain/playback';

/** The parts of an HTMLMediaElement the tracker reads. */
export interface MediaLike {
	currentTime: number;
	duration: number;
	ended: boolean;
	paused: boolean;
}

/**
 * What became of a report: accepted by the server, queued for later (offline), or refused
 * (e.g. too fast for the time watched: it is not sent again, the next step may be).
 */
export type ReportOutcome = 'accepted' | 'queued' | 'refused';

export interface TrackerOptions {
	media: MediaLike;
	/** The part's saved percent (what the server has). */
	saved: number;
	/**
	 * Sends a report.
	 *
	 * @param progress A whole step.
	 * @param final    A final report (pause, part change, page hide): sent with keepalive.
	 */
	send: ( progress: number, final: boolean ) => Promise< ReportOutcome >;
	now?: () => number;
}

export class ProgressTracker {
	private accepted: number;
	private inFlight: number | null = null;
	/** When the last report of any kind was sent: the heartbeat waits 20 s from it. */
	private lastReportAt = Number.NEGATIVE_INFINITY;
	/** When the last report of a new step was sent: the next new step waits 5 s from it (a heartbeat does not delay a step). */
	private lastStepAt = Number.NEGATIVE_INFINITY;
	/** The media played since the last report was sent: stopping then reports, to stop the server's clock there. */
	private playedSinceReport = false;
	private timer: ReturnType< typeof setInterval > | null = null;
	private readonly options: TrackerOptions;
	private readonly now: () => number;

	constructor( options: TrackerOptions ) {
		this.options = options;
		this.accepted = options.saved;
		this.now = options.now ?? ( () => Date.now() );
	}

	/** The highest value the server accepted (or holds queued). */
	get value(): number {
		return this.accepted;
	}

	start(): void {
		if ( this.timer === null ) {
			this.timer = setInterval( () => this.poll(), POLL_INTERVAL_MS );
		}
	}

	/**
	 * Stops polling; with `final`, sends what is not yet reported (part change, unmount).
	 *
	 * @param final Send a final report.
	 */
	stop( final = true ): void {
		if ( this.timer !== null ) {
			clearInterval( this.timer );
			this.timer = null;
		}
		if ( final ) {
			this.flush();
		}
	}

	/**
	 * One poll: report a new step unless the last report was less than 5 s ago; while playing,
	 * report what the server has when the last report is HEARTBEAT_SECONDS old.
	 */
	poll(): void {
		const { paused, ended } = this.options.media;
		const playing = ! paused && ! ended;
		if ( playing ) {
			this.playedSinceReport = true;
		}
		if ( this.inFlight !== null ) {
			return;
		}
		const step = this.step();
		const now = this.now();
		if (
			step > this.accepted &&
			now - this.lastStepAt >= REPORT_INTERVAL_MS
		) {
			void this.report( step, false );
		} else if (
			playing &&
			now - this.lastReportAt >= HEARTBEAT_INTERVAL_MS
		) {
			void this.report( this.accepted, false );
		}
	}

	/**
	 * Reports the current step now if it is new (pause, page hide, the end, part change), or
	 * what the server has when the media played since the last report (the server's clock then
	 * stops here, not at the last report). Returns the outcome, or null when there was nothing
	 * to send.
	 */
	flush(): Promise< ReportOutcome | null > {
		const step = this.step();
		if ( step > this.accepted && this.inFlight !== step ) {
			return this.report( step, true );
		}
		if ( this.playedSinceReport && this.inFlight === null ) {
			return this.report( this.accepted, true );
		}
		return Promise.resolve( null );
	}

	/** The media ended: its step is 100%, which marks the part complete (once). */
	complete(): Promise< ReportOutcome | null > {
		return this.flush();
	}

	private step(): number {
		const { currentTime, duration, ended } = this.options.media;
		return progressStep( currentTime, duration, ended );
	}

	private async report(
		step: number,
		final: boolean
	): Promise< ReportOutcome > {
		this.inFlight = step;
		this.lastReportAt = this.now();
		if ( step > this.accepted ) {
			this.lastStepAt = this.lastReportAt;
		}
		this.playedSinceReport = false;
		try {
			const outcome = await this.options.send( step, final );
			if ( outcome !== 'refused' ) {
				this.accepted = Math.max( this.accepted, step );
			}
			return outcome;
		} finally {
			if ( this.inFlight === step ) {
				this.inFlight = null;
			}
		}
	}
}
