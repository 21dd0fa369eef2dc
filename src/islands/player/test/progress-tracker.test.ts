/**
 * Internal dependencies
 */
import {
	ProgressTracker,
	type MediaLike,
	type ReportOutcome,
} from '../progress-tracker';
import {
	HEARTBEAT_INTERVAL_MS,
	POLL_INTERVAL_MS,
	REPORT_INTERVAL_MS,
} from '../../../domain/playback';

// The step tests move the playhead by hand on a paused element; the heartbeat tests play it.
function setup( saved = 0, outcome: ReportOutcome = 'accepted' ) {
	const media: MediaLike = {
		currentTime: 0,
		duration: 100,
		ended: false,
		paused: true,
	};
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

	it( 'stops polling on stop(): no report however far the playhead goes', async () => {
		const { media, tracker, sent, advance } = setup();
		tracker.start();
		media.currentTime = 5;
		await advance( POLL_INTERVAL_MS );
		expect( sent ).toEqual( [ { progress: 5, final: false } ] );
		tracker.stop( false );
		media.currentTime = 50;
		await advance( 10 * REPORT_INTERVAL_MS );
		expect( sent ).toHaveLength( 1 );
		expect( jest.getTimerCount() ).toBe( 0 );
		tracker.stop( false );
		expect( sent ).toHaveLength( 1 );
	} );

	it( 'start() twice keeps one poll', async () => {
		const { media, tracker, send, advance } = setup();
		tracker.start();
		tracker.start();
		expect( jest.getTimerCount() ).toBe( 1 );
		media.currentTime = 5;
		await advance( POLL_INTERVAL_MS );
		expect( send ).toHaveBeenCalledTimes( 1 );
		tracker.stop( false );
		expect( jest.getTimerCount() ).toBe( 0 );
	} );

	it( 'polls again after a restart', async () => {
		const { media, tracker, sent, advance } = setup();
		tracker.start();
		tracker.stop( false );
		tracker.start();
		media.currentTime = 5;
		await advance( POLL_INTERVAL_MS );
		expect( sent ).toEqual( [ { progress: 5, final: false } ] );
		tracker.stop( false );
	} );

	it( 'waits for the report in flight before the next periodic one, however long it takes', async () => {
		const { media, tracker, send, advance } = setup();
		let answer: ( outcome: ReportOutcome ) => void = () => undefined;
		send.mockImplementation(
			() =>
				new Promise< ReportOutcome >( ( resolve ) => {
					answer = resolve;
				} )
		);
		tracker.start();
		media.currentTime = 5;
		await advance( POLL_INTERVAL_MS );
		media.currentTime = 20;
		await advance( 3 * REPORT_INTERVAL_MS );
		expect( send ).toHaveBeenCalledTimes( 1 );
		answer( 'accepted' );
		await advance( 0 );
		expect( tracker.value ).toBe( 5 );
		await advance( POLL_INTERVAL_MS );
		expect( send ).toHaveBeenCalledTimes( 2 );
		expect( send ).toHaveBeenLastCalledWith( 20, false );
		tracker.stop( false );
	} );

	it( 'a final report goes out while a lower one is in flight, but not the same step twice', async () => {
		const { media, tracker, send, advance } = setup();
		const answers: Array< ( outcome: ReportOutcome ) => void > = [];
		send.mockImplementation(
			() =>
				new Promise< ReportOutcome >( ( resolve ) => {
					answers.push( resolve );
				} )
		);
		tracker.start();
		media.currentTime = 5;
		await advance( POLL_INTERVAL_MS );
		await expect( tracker.flush() ).resolves.toBeNull();
		media.currentTime = 11;
		const final = tracker.flush();
		expect( send ).toHaveBeenLastCalledWith( 10, true );
		answers[ 1 ]?.( 'queued' );
		await expect( final ).resolves.toBe( 'queued' );
		expect( tracker.value ).toBe( 10 );
		answers[ 0 ]?.( 'accepted' );
		await advance( 0 );
		expect( tracker.value ).toBe( 10 );
		tracker.stop( false );
	} );

	it( 'a lower report that ends does not free the higher final one in flight: no second final', async () => {
		const { media, tracker, send, advance } = setup();
		const answers: Array< ( outcome: ReportOutcome ) => void > = [];
		send.mockImplementation(
			() =>
				new Promise< ReportOutcome >( ( resolve ) => {
					answers.push( resolve );
				} )
		);
		tracker.start();
		media.currentTime = 5;
		await advance( POLL_INTERVAL_MS );
		media.currentTime = 11;
		void tracker.flush();
		answers[ 0 ]?.( 'accepted' );
		await advance( 0 );
		await expect( tracker.flush() ).resolves.toBeNull();
		expect( send ).toHaveBeenCalledTimes( 2 );
		tracker.stop( false );
	} );

	it( 'a step that reaches the server only after the 5 s wait is measured from when it was sent', async () => {
		const { media, tracker, send, advance } = setup();
		tracker.start();
		media.currentTime = 5;
		await advance( POLL_INTERVAL_MS );
		media.currentTime = 10;
		await advance( REPORT_INTERVAL_MS - POLL_INTERVAL_MS );
		expect( send ).toHaveBeenCalledTimes( 1 );
		await advance( POLL_INTERVAL_MS );
		expect( send ).toHaveBeenCalledTimes( 2 );
		expect( send ).toHaveBeenLastCalledWith( 10, false );
		tracker.stop( false );
	} );

	it( 'reports the end once 100 % is reached, and nothing after 100 was accepted', async () => {
		const { media, tracker, send } = setup( 100 );
		media.currentTime = 100;
		media.ended = true;
		await expect( tracker.complete() ).resolves.toBeNull();
		expect( send ).not.toHaveBeenCalled();
		expect( tracker.value ).toBe( 100 );
	} );

	it( 'the end below 100 % sends the step reached as final', async () => {
		const { media, tracker, sent } = setup( 50 );
		media.currentTime = 96;
		await expect( tracker.complete() ).resolves.toBe( 'accepted' );
		expect( sent ).toEqual( [ { progress: 95, final: true } ] );
	} );

	it( 'uses the real clock when none is given', async () => {
		const media: MediaLike = {
			currentTime: 5,
			duration: 100,
			ended: false,
			paused: true,
		};
		const send = jest.fn( () =>
			Promise.resolve< ReportOutcome >( 'accepted' )
		);
		jest.setSystemTime( 5_000_000 );
		const tracker = new ProgressTracker( { media, saved: 0, send } );
		tracker.poll();
		await Promise.resolve();
		await Promise.resolve();
		media.currentTime = 10;
		jest.setSystemTime( 5_000_000 + REPORT_INTERVAL_MS - 1 );
		tracker.poll();
		expect( send ).toHaveBeenCalledTimes( 1 );
		jest.setSystemTime( 5_000_000 + REPORT_INTERVAL_MS );
		tracker.poll();
		expect( send ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'while playing, reports what the server has at once and then every 20 s', async () => {
		const { media, tracker, sent, advance } = setup( 40 );
		tracker.start();
		await advance( HEARTBEAT_INTERVAL_MS );
		expect( sent ).toEqual( [] );
		media.paused = false;
		media.currentTime = 41;
		await advance( POLL_INTERVAL_MS );
		expect( sent ).toEqual( [ { progress: 40, final: false } ] );
		await advance( HEARTBEAT_INTERVAL_MS - POLL_INTERVAL_MS );
		expect( sent ).toHaveLength( 1 );
		await advance( POLL_INTERVAL_MS );
		expect( sent ).toEqual( [
			{ progress: 40, final: false },
			{ progress: 40, final: false },
		] );
		tracker.stop( false );
	} );

	it( 'a new step resets the 20 s: no heartbeat right after it', async () => {
		const { media, tracker, sent, advance } = setup( 40 );
		media.paused = false;
		tracker.start();
		await advance( POLL_INTERVAL_MS );
		await advance( 15_000 );
		media.currentTime = 45;
		await advance( POLL_INTERVAL_MS );
		await advance( 15_000 );
		expect( sent.map( ( r ) => r.progress ) ).toEqual( [ 40, 45 ] );
		tracker.stop( false );
	} );

	it( 'pausing after playing reports what the server has, so its clock stops there', async () => {
		const { media, tracker, sent, advance } = setup( 40 );
		media.paused = false;
		tracker.start();
		await advance( POLL_INTERVAL_MS );
		await advance( 12_000 );
		media.paused = true;
		await expect( tracker.flush() ).resolves.toBe( 'accepted' );
		expect( sent ).toEqual( [
			{ progress: 40, final: false },
			{ progress: 40, final: true },
		] );
		await advance( HEARTBEAT_INTERVAL_MS * 3 );
		await expect( tracker.flush() ).resolves.toBeNull();
		expect( sent ).toHaveLength( 2 );
		tracker.stop( false );
	} );

	it( 'the report that starts playing does not hold back the next step', async () => {
		const { media, tracker, sent, advance } = setup( 20 );
		media.paused = false;
		media.currentTime = 20.5;
		tracker.start();
		await advance( POLL_INTERVAL_MS );
		media.currentTime = 25.1;
		await advance( POLL_INTERVAL_MS );
		expect( sent.map( ( r ) => r.progress ) ).toEqual( [ 20, 25 ] );
		tracker.stop( false );
	} );
} );
