/**
 * Reports that could not be sent (offline) wait here, one per (item, row, part), keeping the
 * highest value, and are sent again on the window's 'online' event and when a player starts.
 * They are kept in localStorage too, so closing the tab while offline loses nothing.
 */

/**
 * Internal dependencies
 */
import { isRecord, num, str } from './coerce';
import { isRetriable, sendProgress, type ProgressReport } from './progress';
import type { ProgressReply } from '../types/library';

export const QUEUE_STORAGE_KEY = 'library-portal:pending-progress';

type Send = ( report: ProgressReport ) => Promise< ProgressReply >;

const keyOf = ( report: ProgressReport ): string =>
	[
		report.productId,
		report.tag ?? '',
		report.contractId ?? '',
		report.part,
	].join( '|' );

function readStored( storage: Storage | null ): ProgressReport[] {
	if ( ! storage ) {
		return [];
	}
	try {
		const parsed: unknown = JSON.parse(
			storage.getItem( QUEUE_STORAGE_KEY ) ?? '[]'
		);
		return Array.isArray( parsed )
			? parsed.filter( isRecord ).map( ( entry ) => {
					const report: ProgressReport = {
						productId: num( entry.productId ),
						part: num( entry.part ),
						progress: num( entry.progress ),
					};
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
					return report;
				} )
			: [];
	} catch {
		return [];
	}
}

export class ProgressQueue {
	private readonly reports = new Map< string, ProgressReport >();
	private flushing: Promise< void > | null = null;
	private readonly listeners = new Set< ( reply: ProgressReply ) => void >();

	constructor(
		private readonly send: Send = ( report ) => sendProgress( report ),
		private readonly storage: Storage | null = null
	) {
		for ( const report of readStored( storage ) ) {
			this.keep( report );
		}
	}

	/** Reports waiting to be sent. */
	pending(): ProgressReport[] {
		return [ ...this.reports.values() ];
	}

	/**
	 * Keeps a report for later (the higher value wins for the same part).
	 *
	 * @param report Report that could not be sent.
	 */
	add( report: ProgressReport ): void {
		this.keep( report );
		this.save();
	}

	/**
	 * Calls back with each reply a retried report gets (to update the screens).
	 *
	 * @param listener Reply handler.
	 */
	onReply( listener: ( reply: ProgressReply ) => void ): () => void {
		this.listeners.add( listener );
		return () => this.listeners.delete( listener );
	}

	/**
	 * Sends every waiting report once; those that fail for lack of a connection stay.
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

	private keep( report: ProgressReport ): void {
		const key = keyOf( report );
		const known = this.reports.get( key );
		if ( ! known || known.progress < report.progress ) {
			this.reports.set( key, { ...report } );
		}
	}

	private async sendAll(): Promise< void > {
		for ( const [ key, report ] of [ ...this.reports.entries() ] ) {
			try {
				const reply = await this.send( report );
				this.drop( key, report );
				this.listeners.forEach( ( listener ) => listener( reply ) );
			} catch ( error: unknown ) {
				if ( ! isRetriable( error ) ) {
					// Refused by the server (e.g. too fast): sending it again changes nothing.
					this.drop( key, report );
				}
			}
		}
		this.save();
	}

	private drop( key: string, report: ProgressReport ): void {
		// A higher report queued while this one was in flight stays.
		if ( this.reports.get( key )?.progress === report.progress ) {
			this.reports.delete( key );
		}
	}

	private save(): void {
		if ( ! this.storage ) {
			return;
		}
		try {
			if ( this.reports.size === 0 ) {
				this.storage.removeItem( QUEUE_STORAGE_KEY );
			} else {
				this.storage.setItem(
					QUEUE_STORAGE_KEY,
					JSON.stringify( this.pending() )
				);
			}
		} catch {
			// Storage full or blocked: the in-memory queue still retries.
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
		shared = new ProgressQueue( undefined, browserStorage() );
		shared.listen();
	}
	return shared;
}
