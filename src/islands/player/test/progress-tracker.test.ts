/**
 * Internal dependencies
 */
import {
	ProgressTracker,
	type MediaLike,
	type ReportOutcome,
} from '../progress-tracker';
import { POLL_INTERVAL_MS, REPORT_INTERVAL_MS } from '../../../domain/playback';

function setup( saved = 0, outcome: ReportOutcome = 'accepted' ) {
	const media: MediaLike = { currentTime: 0, duration: 100, ended: false };
	let now = 1_000_000;
	const sent: { progress: number; final: boolean }[] = [];
	const send = jest.fn( ( progress: number, final: boolean ) => {
		sent.push( { progress, final } );
		return Promise.resolve( outcome );
	} );
	const tracker = new ProgressTracker( {
		media,
		saved,
		send,
		now: () => now,
	} );
	// Advances the fake clock and the poll timer together.
	const advance = async ( ms: number ) => {
		now += ms;
		jest.advanceTimersByTime( ms );
		await Promise.resolve();
		await Promise.resolve();
	};
	return { media, tracker, sent, send, advance };
}

beforeEach( () => jest.useFakeTimers() );
afterEach( () => jest.useRealTimers() );

describe( 'ProgressTracker', () => {
	it( 'polls every 250 ms and reports a new 5% step', async () => {
		const { media, tracker, sent, advance } = setup();
		tracker.start();
		media.currentTime = 4;
		await advance( POLL_INTERVAL_MS );
		expect( sent ).toEqual( [] );
		media.currentTime = 5.2;
		await advance( POLL_INTERVAL_MS );
		expect( sent ).toEqual( [ { progress: 5, final: false } ] );
		tracker.stop( false );
	} );

	it( 'reports at most once per 5 s, then the step reached', async () => {
		const { media, tracker, sent, advance } = setup();
		tracker.start();
		media.currentTime = 5;
		await advance( POLL_INTERVAL_MS );
		media.currentTime = 10;
		await advance( POLL_INTERVAL_MS );
		media.currentTime = 15;
		await advance( REPORT_INTERVAL_MS - 2 * POLL_INTERVAL_MS );
		expect( sent.map( ( r ) => r.progress ) ).toEqual( [ 5 ] );
		await advance( 2 * POLL_INTERVAL_MS );
		expect( sent.map( ( r ) => r.progress ) ).toEqual( [ 5, 15 ] );
		tracker.stop( false );
	} );

	it( 'never reports a step at or below what the server has', async () => {
		const { media, tracker, sent, advance } = setup( 40 );
		tracker.start();
		media.currentTime = 42;
		await advance( REPORT_INTERVAL_MS );
		expect( sent ).toEqual( [] );
		media.currentTime = 45;
		await advance( POLL_INTERVAL_MS );
		expect( sent ).toEqual( [ { progress: 45, final: false } ] );
		tracker.stop( false );
	} );

	it( 'sends a final report on stop (part change, leaving) without waiting 5 s', async () => {
		const { media, tracker, sent, advance } = setup();
		tracker.start();
		media.currentTime = 5;
		await advance( POLL_INTERVAL_MS );
		media.currentTime = 12;
		tracker.stop();
		expect( sent ).toEqual( [
			{ progress: 5, final: false },
			{ progress: 10, final: true },
		] );
		await advance( REPORT_INTERVAL_MS );
		expect( sent ).toHaveLength( 2 );
	} );

	it( 'flush sends nothing when the step was already reported', async () => {
		const { media, tracker, sent } = setup( 10 );
		media.currentTime = 12;
		await expect( tracker.flush() ).resolves.toBeNull();
		expect( sent ).toEqual( [] );
	} );

	it( 'the end marks 100% once', async () => {
		const { media, tracker, sent } = setup( 95 );
		media.currentTime = 100;
		media.ended = true;
		await tracker.complete();
		await tracker.complete();
		expect( sent ).toEqual( [ { progress: 100, final: true } ] );
		expect( tracker.value ).toBe( 100 );
	} );

	it( 'keeps the last accepted value after a refused jump and tries the step again after 5 s', async () => {
		const { media, tracker, sent, send, advance } = setup( 10, 'refused' );
		tracker.start();
		media.currentTime = 80;
		await advance( POLL_INTERVAL_MS );
		expect( sent.map( ( r ) => r.progress ) ).toEqual( [ 80 ] );
		expect( tracker.value ).toBe( 10 );
		await advance( POLL_INTERVAL_MS );
		expect( send ).toHaveBeenCalledTimes( 1 );
		send.mockImplementation( ( progress: number, final: boolean ) => {
			sent.push( { progress, final } );
			return Promise.resolve( 'accepted' );
		} );
		await advance( REPORT_INTERVAL_MS );
		expect( sent.map( ( r ) => r.progress ) ).toEqual( [ 80, 80 ] );
		expect( tracker.value ).toBe( 80 );
		tracker.stop( false );
	} );

	it( 'a queued (offline) report counts as sent: no report every poll', async () => {
		const { media, tracker, send, advance } = setup( 0, 'queued' );
		tracker.start();
		media.currentTime = 5;
		await advance( REPORT_INTERVAL_MS );
		await advance( REPORT_INTERVAL_MS );
		expect( send ).toHaveBeenCalledTimes( 1 );
		expect( tracker.value ).toBe( 5 );
		tracker.stop( false );
	} );
} );
