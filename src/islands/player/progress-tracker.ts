/**
 * Watches one part's playhead and decides when to report (spec points 4 and 9): polled every
 * 250 ms, a report when the playhead reaches a new 5% step, at most once per 5 s; a final report
 * (bypassing the 5 s wait, so nothing is lost) on pause, part change, page hide and the end.
 * The server records and judges every report; the tracker only remembers what it accepted.
 */

/**
 * Internal dependencies
 */
import {
	POLL_INTERVAL_MS,
	REPORT_INTERVAL_MS,
	progressStep,
} from '../../domain/playback';

/** The parts of an HTMLMediaElement the tracker reads. */
export interface MediaLike {
	currentTime: number;
	duration: number;
	ended: boolean;
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
	private lastReportAt = Number.NEGATIVE_INFINITY;
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

	/** One poll: report a new step unless the last report was less than 5 s ago. */
	poll(): void {
		const step = this.step();
		if (
			step > this.accepted &&
			this.inFlight === null &&
			this.now() - this.lastReportAt >= REPORT_INTERVAL_MS
		) {
			void this.report( step, false );
		}
	}

	/**
	 * Reports the current step now if it is new (pause, page hide, the end, part change).
	 * Returns the outcome, or null when there was nothing to send.
	 */
	flush(): Promise< ReportOutcome | null > {
		const step = this.step();
		if ( step <= this.accepted || this.inFlight === step ) {
			return Promise.resolve( null );
		}
		return this.report( step, true );
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
