/**
 * The progress queue (docs/rules/learning-and-progress.md, "Watching: progress, activation, subtitles, media"): every report is written here, and kept in
 * localStorage, BEFORE it is sent, and leaves only when the server acknowledges it or the portal
 * refuses it (isRetriable). So a report whose page ends during an outage (the final one, sent
 * with keepalive on page hide) is still here on the next page.
 *
 * One entry per (user, item, row, part) holds the highest step measured: a replay arrives late,
 * and the server may credit less for a late report, so the best claim is the one sent. The queue
 * is sent on every portal page load (the shell), on 'online', and while the page stays open
 * after a failure, with a doubling wait that a reply's Retry-After overrides.
 *
 * A part whose report met a platform failure is marked: the server may not have heard of the
 * watching behind it, so it judges the next report it gets as the opening of a watching session
 * and refuses a claim above one step (409 progress_too_fast). Such a claim is held, not dropped, and
 * sent again at the player's own report interval, so the session the refusal opened goes on and the
 * server takes the claim once that session's time allows it (docs/rules/learning-and-progress.md, "Watching: progress, activation, subtitles, media").
 * A refusal of a part that met no failure (a drag ahead) is final, as before.
 */

/**
 * Internal dependencies
 */
import { ApiError } from './client';
import { isRecord, num, str } from './coerce';
import {
	isRetriable,
	PROGRESS_TOO_FAST,
	sendProgress,
	type ProgressReport,
} from './progress';
import { getConfig } from '../config';
import {
	PROGRESS_STEP_PERCENT,
	REPORT_INTERVAL_SECONDS,
} from '../domain/learning-rules';
import type { ProgressReply } from '../types/library';

export const QUEUE_STORAGE_KEY = 'library-portal:pending-progress';
/** Wait before the first retry after a failure; it doubles with each failure. */
export const RETRY_BASE_MS = 5_000;
/** The longest wait between retries without a Retry-After. */
export const RETRY_MAX_MS = 300_000;
/** Bounds of a Retry-After the queue honours (a 0 would resend at once, for ever). */
export const RETRY_AFTER_MIN_MS = 1_000;
export const RETRY_AFTER_MAX_MS = 3_600_000;
/**
 * Wait before a held claim is sent again: the player's report interval, well inside the server's
 * watching session (30 s between reports), so each retry continues the session.
 */
export const HELD_RETRY_MS = REPORT_INTERVAL_SECONDS * 1000;
/**
 * A held claim is dropped when the server's allowance (`allowed_percent`) has not grown for this
 * long: the session is not leading anywhere. A part of up to about 3 hours, or of unknown length
 * at the default pace, grows a step within it.
 */
export const HELD_GIVE_UP_MS = 300_000;

/** What became of a report handed to deliver(). */
export type Delivery =
	| { outcome: 'accepted'; reply: ProgressReply }
	| { outcome: 'queued' }
	| { outcome: 'refused'; error: unknown };

type Send = (
	report: ProgressReport,
	final: boolean
) => Promise< ProgressReply >;

interface Entry {
	userId: number;
	report: ProgressReport;
	/** A report of this part met a platform failure since the server last acknowledged one. */
	outage: boolean;
	/** While held: the server's allowance at the last refusal and since when it has not grown. */
	held?: { allowed: number; since: number };
}

const keyOf = ( userId: number, report: ProgressReport ): string =>
	[
		userId,
		report.productId,
		report.tag ?? '',
		report.contractId ?? '',
		report.part,
	].join( '|' );

const isStep = ( value: number ): boolean =>
	Number.isInteger( value ) &&
	value >= 0 &&
	value <= 100 &&
	value % PROGRESS_STEP_PERCENT === 0;

/**
 * A stored entry as the queue keeps it, or null when it is not a report the tracker could have
 * made. An entry of the queue before it kept the user is taken as the current user's.
 *
 * @param entry  Parsed entry.
 * @param userId The current user.
 */
function storedEntry( entry: unknown, userId: number ): Entry | null {
	if ( ! isRecord( entry ) ) {
		return null;
	}
	const report: ProgressReport = {
		productId: num( entry.productId ),
		part: num( entry.part ),
		progress: num( entry.progress ),
	};
	if (
		! Number.isInteger( report.productId ) ||
		report.productId <= 0 ||
		! Number.isInteger( report.part ) ||
		report.part < 0 ||
		! isStep( report.progress )
	) {
		return null;
	}
	if ( entry.tag === 'member' ) {
		report.tag = 'member';
	}
	const contract =
		typeof entry.contractId === 'number'
			? String( entry.contractId )
			: str( entry.contractId );
	if ( contract !== '' ) {
		report.contractId = contract;
	}
	return {
		userId: entry.userId === undefined ? userId : num( entry.userId ),
		report,
		outage: entry.outage === true,
	};
}

function readStored( storage: Storage | null, userId: number ): Entry[] {
	try {
		const parsed: unknown = JSON.parse(
			storage?.getItem( QUEUE_STORAGE_KEY ) ?? '[]'
		);
		return Array.isArray( parsed )
			? parsed.flatMap( ( raw ) => storedEntry( raw, userId ) ?? [] )
			: [];
	} catch {
		return [];
	}
}

/**
 * Milliseconds to wait before the next retry.
 *
 * @param error    The last failure.
 * @param failures Failures in a row before this one.
 */
export function retryDelay( error: unknown, failures: number ): number {
	if ( error instanceof ApiError && error.retryAfter !== null ) {
		return Math.min(
			RETRY_AFTER_MAX_MS,
			Math.max( RETRY_AFTER_MIN_MS, error.retryAfter * 1000 )
		);
	}
	return Math.min( RETRY_MAX_MS, RETRY_BASE_MS * 2 ** failures );
}

export class ProgressQueue {
	private readonly entries = new Map< string, Entry >();
	/** Progress of the request under way per key (a flush does not send it twice). */
	private readonly inFlight = new Map< string, number >();
	private flushing: Promise< void > | null = null;
	private readonly listeners = new Set< ( reply: ProgressReply ) => void >();
	private retryTimer: ReturnType< typeof setTimeout > | null = null;
	private retryDueAt = Infinity;
	private failures = 0;

	/**
	 * @param send    Sends one report (sendProgress).
	 * @param storage Where the queue survives the page (localStorage), or null.
	 * @param userId  The logged-in user: only their reports are sent from this page.
	 */
	constructor(
		private readonly send: Send = ( report, final ) =>
			sendProgress( report, final ),
		private readonly storage: Storage | null = null,
		private readonly userId: number = 0
	) {
		for ( const entry of readStored( storage, userId ) ) {
			this.keep( entry.userId, entry.report, entry.outage );
		}
	}

	/** The current user's reports waiting for the server. */
	pending(): ProgressReport[] {
		return [ ...this.entries.values() ]
			.filter( ( entry ) => entry.userId === this.userId )
			.map( ( entry ) => ( { ...entry.report } ) );
	}

	/** Whether a retry is scheduled. */
	get retryScheduled(): boolean {
		return this.retryTimer !== null;
	}

	/**
	 * Keeps a report (the higher value wins for the same part) and stores the queue.
	 *
	 * @param report Report of the current user.
	 */
	add( report: ProgressReport ): void {
		this.keep( this.userId, report );
		this.save();
	}

	/**
	 * Writes the report ahead, then sends it. It leaves the queue when the server accepts it or
	 * the portal refuses it; on a platform failure it stays and a retry is scheduled.
	 *
	 * @param report The report.
	 * @param final  A final report (pause, part change, page hide): sent with keepalive.
	 */
	async deliver(
		report: ProgressReport,
		final = false
	): Promise< Delivery > {
		this.add( report );
		const key = keyOf( this.userId, report );
		const result = await this.attempt( key, report, final );
		this.save();
		return result;
	}

	/**
	 * Calls back with each reply a replayed report gets (to update the screens).
	 *
	 * @param listener Reply handler.
	 */
	onReply( listener: ( reply: ProgressReply ) => void ): () => void {
		this.listeners.add( listener );
		return () => this.listeners.delete( listener );
	}

	/**
	 * Sends each of the current user's waiting reports once (not those already under way).
	 */
	flush(): Promise< void > {
		if ( ! this.flushing ) {
			this.flushing = this.sendAll().finally( () => {
				this.flushing = null;
			} );
		}
		return this.flushing;
	}

	/**
	 * Flushes when the browser is back online.
	 *
	 * @param target The window.
	 */
	listen( target: Window = window ): () => void {
		const handler = () => void this.flush();
		target.addEventListener( 'online', handler );
		return () => target.removeEventListener( 'online', handler );
	}

	/** Cancels a scheduled retry. */
	stopRetrying(): void {
		if ( this.retryTimer !== null ) {
			clearTimeout( this.retryTimer );
			this.retryTimer = null;
		}
		this.retryDueAt = Infinity;
	}

	private keep(
		userId: number,
		report: ProgressReport,
		outage = false
	): void {
		const key = keyOf( userId, report );
		const known = this.entries.get( key );
		if ( ! known || known.report.progress < report.progress ) {
			// A higher step of a part whose report was lost carries that on.
			this.entries.set( key, {
				userId,
				report: { ...report },
				outage: outage || ( known?.outage ?? false ),
			} );
		} else if ( outage ) {
			known.outage = true;
		}
	}

	/**
	 * Whether the portal's refusal leaves the entry waiting: a too-fast claim of a part whose
	 * earlier report met a platform failure (the server judged it as a session's opening), as
	 * long as the server's allowance keeps growing (HELD_GIVE_UP_MS).
	 *
	 * @param key   Entry key.
	 * @param error The refusal.
	 */
	private holds( key: string, error: unknown ): boolean {
		const entry = this.entries.get( key );
		if (
			! entry?.outage ||
			! ( error instanceof ApiError ) ||
			error.code !== PROGRESS_TOO_FAST
		) {
			return false;
		}
		const data = isRecord( error.body ) ? error.body.data : undefined;
		const allowed = isRecord( data ) ? num( data.allowed_percent ) : 0;
		const now = Date.now();
		if ( ! entry.held || allowed > entry.held.allowed ) {
			entry.held = { allowed, since: now };
		}
		return now - entry.held.since < HELD_GIVE_UP_MS;
	}

	private async attempt(
		key: string,
		report: ProgressReport,
		final: boolean
	): Promise< Delivery > {
		this.inFlight.set( key, report.progress );
		try {
			const reply = await this.send( report, final );
			this.settle( key, report );
			this.failures = 0;
			return { outcome: 'accepted', reply };
		} catch ( error: unknown ) {
			if ( this.holds( key, error ) ) {
				this.retryLater( error, HELD_RETRY_MS );
				return { outcome: 'queued' };
			}
			if ( ! isRetriable( error ) ) {
				// The portal judged it: sending it again changes nothing.
				this.settle( key, report );
				return { outcome: 'refused', error };
			}
			const entry = this.entries.get( key );
			if ( entry ) {
				entry.outage = true;
			}
			this.retryLater( error );
			return { outcome: 'queued' };
		} finally {
			if ( this.inFlight.get( key ) === report.progress ) {
				this.inFlight.delete( key );
			}
		}
	}

	private async sendAll(): Promise< void > {
		for ( const [ key, entry ] of [ ...this.entries.entries() ] ) {
			const sending = this.inFlight.get( key );
			if (
				entry.userId !== this.userId ||
				( sending !== undefined && sending >= entry.report.progress )
			) {
				continue;
			}
			const result = await this.attempt( key, entry.report, false );
			if ( result.outcome === 'accepted' ) {
				this.listeners.forEach( ( listener ) =>
					listener( result.reply )
				);
			}
		}
		this.save();
	}

	/**
	 * The report got its answer: its entry leaves, unless a higher one came in meanwhile.
	 *
	 * @param key    Entry key.
	 * @param report The answered report.
	 */
	private settle( key: string, report: ProgressReport ): void {
		const known = this.entries.get( key );
		if ( known && known.report.progress <= report.progress ) {
			this.entries.delete( key );
		}
	}

	/**
	 * Schedules a flush after a failure (one at a time; a Retry-After replaces the wait), or after
	 * a held refusal (at `held` ms, unless a retry is due sooner; no failure counted).
	 *
	 * @param error The failure or refusal.
	 * @param held  The wait of a held claim.
	 */
	private retryLater( error: unknown, held?: number ): void {
		const asked = error instanceof ApiError && error.retryAfter !== null;
		const delay = held ?? retryDelay( error, this.failures );
		const sooner = Date.now() + delay < this.retryDueAt;
		if ( this.retryTimer !== null && ! asked && ! ( held && sooner ) ) {
			return;
		}
		this.stopRetrying();
		if ( held === undefined ) {
			this.failures++;
		}
		this.retryDueAt = Date.now() + delay;
		this.retryTimer = setTimeout( () => {
			this.retryTimer = null;
			this.retryDueAt = Infinity;
			void this.flush();
		}, delay );
	}

	private save(): void {
		try {
			if ( this.entries.size === 0 ) {
				this.storage?.removeItem( QUEUE_STORAGE_KEY );
			} else {
				this.storage?.setItem(
					QUEUE_STORAGE_KEY,
					JSON.stringify(
						[ ...this.entries.values() ].map( ( entry ) => ( {
							...entry.report,
							userId: entry.userId,
							...( entry.outage ? { outage: true } : {} ),
						} ) )
					)
				);
			}
		} catch {
			// Storage full or blocked: the in-memory queue still retries while the page is open.
		}
	}
}

function browserStorage(): Storage | null {
	try {
		return window.localStorage;
	} catch {
		return null;
	}
}

let shared: ProgressQueue | undefined;

/**
 * The page's queue (created on first use, listening for 'online').
 */
export function progressQueue(): ProgressQueue {
	if ( ! shared ) {
		shared = new ProgressQueue(
			undefined,
			browserStorage(),
			getConfig().currentUser.id
		);
		shared.listen();
	}
	return shared;
}
