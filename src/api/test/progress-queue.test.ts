/**
 * Internal dependencies
 */
import { ApiError } from '../client';
import {
	HELD_GIVE_UP_MS,
	HELD_RETRY_MS,
	ProgressQueue,
	QUEUE_STORAGE_KEY,
	RETRY_AFTER_MAX_MS,
	RETRY_AFTER_MIN_MS,
	RETRY_BASE_MS,
	RETRY_MAX_MS,
	progressQueue,
	retryDelay,
} from '../progress-queue';
import type { ProgressReport } from '../progress';
import type { ProgressReply } from '../../types/library';
import { makeItem, setPortalConfig } from '../../test-utils/fixtures';

const USER = 7;

const reply = ( count: number ): ProgressReply => ( {
	product_id: 5,
	item: makeItem( { product_id: 5 } ),
	progress: { count, time: 0, parts: [ { count, time: 0 } ] },
	test: { available: false, ready: false, incomplete_parts: [], message: '' },
	activated: false,
} );

const report = ( progress: number, part = 0 ): ProgressReport => ( {
	productId: 5,
	part,
	progress,
} );

const stored = (): unknown =>
	JSON.parse( window.localStorage.getItem( QUEUE_STORAGE_KEY ) ?? 'null' );

const offline = () => new TypeError( 'Failed to fetch' );
const refusal = ( status: number, code: string ) =>
	new ApiError( code, status, code, { code }, true );
const platform = (
	status: number,
	code = '',
	retryAfter: number | null = null
) => new ApiError( 'Error', status, code, {}, false, retryAfter );

/** A send whose replies the test settles one by one. */
function manualSend() {
	const calls: {
		report: ProgressReport;
		final: boolean;
		resolve: ( value: ProgressReply ) => void;
		reject: ( error: unknown ) => void;
	}[] = [];
	const send = jest.fn(
		( sent: ProgressReport, final: boolean ) =>
			new Promise< ProgressReply >( ( resolve, reject ) => {
				calls.push( { report: sent, final, resolve, reject } );
			} )
	);
	return { send, calls };
}

/** Lets pending promise callbacks run. */
const settle = async () => {
	for ( let i = 0; i < 5; i++ ) {
		await Promise.resolve();
	}
};

beforeEach( () => window.localStorage.clear() );
afterEach( () => jest.useRealTimers() );

describe( 'ProgressQueue: one entry per user, item, row and part', () => {
	it( 'keeps the highest report per part, a higher one after a lower one and not a lower one after it', () => {
		const queue = new ProgressQueue( jest.fn(), null, USER );
		queue.add( report( 10 ) );
		queue.add( report( 20 ) );
		expect( queue.pending() ).toEqual( [ report( 20 ) ] );
		queue.add( report( 15 ) );
		expect( queue.pending() ).toEqual( [ report( 20 ) ] );
		queue.add( report( 20 ) );
		queue.add( report( 5, 1 ) );
		expect( queue.pending() ).toEqual( [ report( 20 ), report( 5, 1 ) ] );
	} );

	it( 'never takes one item and part for another (product 5 part 12, product 51 part 2)', () => {
		const queue = new ProgressQueue( jest.fn(), null, USER );
		queue.add( report( 10, 12 ) );
		queue.add( { productId: 51, part: 2, progress: 5 } );
		expect( queue.pending() ).toEqual( [
			report( 10, 12 ),
			{ productId: 51, part: 2, progress: 5 },
		] );
		expect( QUEUE_STORAGE_KEY ).toBe( 'library-portal:pending-progress' );
	} );

	it( 'keeps the same part under the member, own and contract rows apart and sends each with its scope', async () => {
		const send = jest.fn().mockResolvedValue( reply( 10 ) );
		const queue = new ProgressQueue( send, window.localStorage, USER );
		queue.add( report( 30 ) );
		queue.add( { ...report( 20 ), tag: 'member' } );
		queue.add( { ...report( 10 ), contractId: '9' } );
		queue.add( { ...report( 15 ), contractId: '4' } );
		expect( queue.pending() ).toEqual( [
			report( 30 ),
			{ ...report( 20 ), tag: 'member' },
			{ ...report( 10 ), contractId: '9' },
			{ ...report( 15 ), contractId: '4' },
		] );
		await queue.flush();
		expect( send.mock.calls.map( ( call ) => call[ 0 ] ) ).toEqual( [
			report( 30 ),
			{ ...report( 20 ), tag: 'member' },
			{ ...report( 10 ), contractId: '9' },
			{ ...report( 15 ), contractId: '4' },
		] );
		expect( send.mock.calls.every( ( call ) => call[ 1 ] === false ) ).toBe(
			true
		);
		expect( queue.pending() ).toEqual( [] );
		expect( window.localStorage.getItem( QUEUE_STORAGE_KEY ) ).toBeNull();
	} );
} );

describe( 'ProgressQueue.deliver: written ahead, left only on an answer', () => {
	it( 'stores the report before it is sent and drops it when the server accepts it', async () => {
		let storedWhenSent: unknown;
		const send = jest.fn( () => {
			storedWhenSent = stored();
			return Promise.resolve( reply( 20 ) );
		} );
		const queue = new ProgressQueue( send, window.localStorage, USER );
		await expect( queue.deliver( report( 20 ), true ) ).resolves.toEqual( {
			outcome: 'accepted',
			reply: reply( 20 ),
		} );
		expect( send ).toHaveBeenCalledWith( report( 20 ), true );
		expect( storedWhenSent ).toEqual( [
			{ ...report( 20 ), userId: USER },
		] );
		expect( stored() ).toBeNull();
		expect( queue.pending() ).toEqual( [] );
		expect( queue.retryScheduled ).toBe( false );
	} );

	it( 'is stored at once, before any reply: a page that ends meanwhile loses nothing', () => {
		const { send } = manualSend();
		const queue = new ProgressQueue( send, window.localStorage, USER );
		void queue.deliver( report( 55 ), true );
		expect( stored() ).toEqual( [ { ...report( 55 ), userId: USER } ] );
		expect( send ).toHaveBeenCalledWith( report( 55 ), true );
		// The next page reads it.
		expect(
			new ProgressQueue( jest.fn(), window.localStorage, USER ).pending()
		).toEqual( [ report( 55 ) ] );
	} );

	it.each( [
		[ 'no reply (fetch error)', offline() ],
		[ 'status 0', platform( 0 ) ],
		[ "WordPress's 500 wp_die (no database)", platform( 500, 'wp_die' ) ],
		[ 'a 500 with a portal code', platform( 500, 'link_failed' ) ],
		[ '502', platform( 502 ) ],
		[ '503', platform( 503 ) ],
		[ '504', platform( 504 ) ],
		[
			'logged out (401 rest_not_logged_in)',
			refusal( 401, 'rest_not_logged_in' ),
		],
		[
			'an expired nonce (403 rest_cookie_invalid_nonce)',
			refusal( 403, 'rest_cookie_invalid_nonce' ),
		],
	] )(
		'keeps the report after %s and schedules a retry',
		async ( _name, error ) => {
			const send = jest.fn().mockRejectedValue( error );
			const queue = new ProgressQueue( send, window.localStorage, USER );
			await expect( queue.deliver( report( 40 ) ) ).resolves.toEqual( {
				outcome: 'queued',
			} );
			expect( send ).toHaveBeenCalledWith( report( 40 ), false );
			expect( queue.pending() ).toEqual( [ report( 40 ) ] );
			expect( stored() ).toEqual( [
				{ ...report( 40 ), userId: USER, outage: true },
			] );
			expect( queue.retryScheduled ).toBe( true );
			queue.stopRetrying();
			expect( queue.retryScheduled ).toBe( false );
		}
	);

	it.each( [
		[ 409, 'progress_too_fast' ],
		[ 404, 'item_not_found' ],
		[ 403, 'no_license' ],
		[ 403, 'not_contract_member' ],
		[ 400, 'invalid_progress' ],
		[ 400, 'invalid_part' ],
	] )(
		'drops a report the portal refused (%d %s): no retry',
		async ( status, code ) => {
			const error = refusal( status, code );
			const send = jest.fn().mockRejectedValue( error );
			const queue = new ProgressQueue( send, window.localStorage, USER );
			await expect( queue.deliver( report( 100 ) ) ).resolves.toEqual( {
				outcome: 'refused',
				error,
			} );
			expect( queue.pending() ).toEqual( [] );
			expect( stored() ).toBeNull();
			expect( queue.retryScheduled ).toBe( false );
			await queue.flush();
			expect( send ).toHaveBeenCalledTimes( 1 );
		}
	);

	it( 'keeps a higher report that came in while a lower one was in flight, whatever the lower one got', async () => {
		const { send, calls } = manualSend();
		const queue = new ProgressQueue( send, window.localStorage, USER );
		const lower = queue.deliver( report( 20 ) );
		queue.add( report( 25 ) );
		calls[ 0 ]?.resolve( reply( 20 ) );
		await expect( lower ).resolves.toMatchObject( { outcome: 'accepted' } );
		expect( queue.pending() ).toEqual( [ report( 25 ) ] );
		expect( stored() ).toEqual( [ { ...report( 25 ), userId: USER } ] );

		const refused = queue.deliver( report( 30 ) );
		queue.add( report( 35 ) );
		calls[ 1 ]?.reject( refusal( 409, 'progress_too_fast' ) );
		await expect( refused ).resolves.toMatchObject( {
			outcome: 'refused',
		} );
		expect( queue.pending() ).toEqual( [ report( 35 ) ] );
	} );

	it( 'a lower answer does not end the higher report in flight: a flush does not send that one again', async () => {
		const { send, calls } = manualSend();
		const queue = new ProgressQueue( send, null, USER );
		const lower = queue.deliver( report( 20 ) );
		void queue.deliver( report( 25 ), true );
		calls[ 0 ]?.resolve( reply( 20 ) );
		await lower;
		expect( queue.pending() ).toEqual( [ report( 25 ) ] );
		await queue.flush();
		expect( send ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'a lower answer after a higher report was acknowledged leaves nothing behind', async () => {
		const { send, calls } = manualSend();
		const queue = new ProgressQueue( send, null, USER );
		const lower = queue.deliver( report( 20 ) );
		const higher = queue.deliver( report( 25 ) );
		calls[ 1 ]?.resolve( reply( 25 ) );
		await higher;
		expect( queue.pending() ).toEqual( [] );
		calls[ 0 ]?.resolve( reply( 20 ) );
		await lower;
		expect( queue.pending() ).toEqual( [] );
	} );
} );

describe( 'ProgressQueue.flush', () => {
	it( 'sends waiting reports when the browser is back online and hands each reply on', async () => {
		const send = jest.fn().mockResolvedValue( reply( 20 ) );
		const queue = new ProgressQueue( send, null, USER );
		const stop = queue.listen( window );
		const replies: ProgressReply[] = [];
		const off = queue.onReply( ( r ) => replies.push( r ) );
		queue.add( report( 20 ) );
		expect( send ).not.toHaveBeenCalled();

		window.dispatchEvent( new Event( 'online' ) );
		await settle();
		expect( send ).toHaveBeenCalledWith( report( 20 ), false );
		await queue.flush();
		expect( queue.pending() ).toEqual( [] );
		expect( replies ).toEqual( [ reply( 20 ) ] );

		off();
		stop();
		queue.add( report( 25 ) );
		window.dispatchEvent( new Event( 'online' ) );
		await settle();
		expect( send ).toHaveBeenCalledTimes( 1 );
		await queue.flush();
		expect( replies ).toHaveLength( 1 );
	} );

	it( 'runs once at a time', async () => {
		const { send, calls } = manualSend();
		const queue = new ProgressQueue( send, null, USER );
		queue.add( report( 20 ) );
		const first = queue.flush();
		expect( queue.flush() ).toBe( first );
		calls[ 0 ]?.resolve( reply( 20 ) );
		await first;
		expect( send ).toHaveBeenCalledTimes( 1 );
		queue.add( report( 25 ) );
		const second = queue.flush();
		expect( second ).not.toBe( first );
		await settle();
		calls[ 1 ]?.resolve( reply( 25 ) );
		await second;
		expect( send ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'does not send a report again while it is in flight, but sends a higher one', async () => {
		const { send, calls } = manualSend();
		const queue = new ProgressQueue( send, null, USER );
		void queue.deliver( report( 20 ), true );
		await queue.flush();
		expect( send ).toHaveBeenCalledTimes( 1 );
		queue.add( report( 25 ) );
		const flushed = queue.flush();
		await settle();
		expect( send ).toHaveBeenCalledTimes( 2 );
		expect( calls[ 1 ]?.report ).toEqual( report( 25 ) );
		calls[ 1 ]?.resolve( reply( 25 ) );
		await flushed;
		calls[ 0 ]?.resolve( reply( 20 ) );
		await settle();
		expect( queue.pending() ).toEqual( [] );
	} );

	it( 'keeps what still fails and drops what was answered', async () => {
		const send = jest.fn( ( sent: ProgressReport ) =>
			sent.part === 1
				? Promise.reject( platform( 503 ) )
				: Promise.resolve( reply( sent.progress ) )
		);
		const queue = new ProgressQueue( send, window.localStorage, USER );
		const replies: ProgressReply[] = [];
		queue.onReply( ( r ) => replies.push( r ) );
		queue.add( report( 20 ) );
		queue.add( report( 30, 1 ) );
		await queue.flush();
		// Strict: a failed report hands on no (undefined) reply.
		expect( replies ).toStrictEqual( [ reply( 20 ) ] );
		expect( queue.pending() ).toEqual( [ report( 30, 1 ) ] );
		expect( stored() ).toEqual( [
			{ ...report( 30, 1 ), userId: USER, outage: true },
		] );
		queue.stopRetrying();
	} );
} );

describe( 'ProgressQueue: retries while the page is open', () => {
	beforeEach( () => jest.useFakeTimers() );

	it( 'waits 5 s after a failure, doubling each time up to 5 min, and starts again after a success', async () => {
		let fail = true;
		const send = jest.fn( () =>
			fail
				? Promise.reject( platform( 502 ) )
				: Promise.resolve( reply( 20 ) )
		);
		const queue = new ProgressQueue( send, null, USER );
		await queue.deliver( report( 20 ) );
		expect( send ).toHaveBeenCalledTimes( 1 );

		const waits = [
			5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000,
		];
		for ( const wait of waits ) {
			const before = send.mock.calls.length;
			jest.advanceTimersByTime( wait - 1 );
			await settle();
			expect( send ).toHaveBeenCalledTimes( before );
			jest.advanceTimersByTime( 1 );
			await settle();
			expect( send ).toHaveBeenCalledTimes( before + 1 );
		}

		fail = false;
		jest.advanceTimersByTime( RETRY_MAX_MS );
		await settle();
		expect( queue.pending() ).toEqual( [] );
		expect( queue.retryScheduled ).toBe( false );

		fail = true;
		await queue.deliver( report( 25 ) );
		const before = send.mock.calls.length;
		jest.advanceTimersByTime( RETRY_BASE_MS );
		await settle();
		expect( send ).toHaveBeenCalledTimes( before + 1 );
		queue.stopRetrying();
	} );

	it( "honours the reply's Retry-After, also over a retry already scheduled", async () => {
		const send = jest
			.fn()
			.mockRejectedValueOnce( offline() )
			.mockRejectedValueOnce( platform( 503, '', 30 ) )
			.mockResolvedValue( reply( 25 ) );
		const queue = new ProgressQueue( send, null, USER );
		await queue.deliver( report( 20 ) );
		await queue.deliver( report( 25 ) );
		expect( send ).toHaveBeenCalledTimes( 2 );
		jest.advanceTimersByTime( RETRY_BASE_MS );
		await settle();
		expect( send ).toHaveBeenCalledTimes( 2 );
		jest.advanceTimersByTime( 30_000 - RETRY_BASE_MS );
		await settle();
		expect( send ).toHaveBeenCalledTimes( 3 );
		expect( queue.pending() ).toEqual( [] );
	} );

	it( 'a retry already scheduled is not pushed back by another failure without Retry-After', async () => {
		const send = jest
			.fn()
			.mockRejectedValueOnce( offline() )
			.mockRejectedValueOnce( platform( 502 ) )
			.mockResolvedValue( reply( 25 ) );
		const queue = new ProgressQueue( send, null, USER );
		await queue.deliver( report( 20 ) );
		jest.advanceTimersByTime( 3_000 );
		await queue.deliver( report( 25 ) );
		jest.advanceTimersByTime( RETRY_BASE_MS - 3_000 );
		await settle();
		expect( send ).toHaveBeenCalledTimes( 3 );
		expect( queue.pending() ).toEqual( [] );
	} );

	it( "a too-fast refusal of a part whose report was lost is held and sent again every 5 s (the server's watching session goes on) until taken", async () => {
		const send = jest
			.fn()
			.mockRejectedValueOnce( platform( 502 ) ) // The part's first report is lost.
			.mockRejectedValueOnce( refusal( 409, 'progress_too_fast' ) ) // Judged as a session's opening.
			.mockRejectedValueOnce( refusal( 409, 'progress_too_fast' ) ) // Still too soon.
			.mockResolvedValue( reply( 55 ) );
		const queue = new ProgressQueue( send, window.localStorage, USER );
		await queue.deliver( report( 5 ) );
		await expect( queue.deliver( report( 55 ), true ) ).resolves.toEqual( {
			outcome: 'queued',
		} );
		expect( queue.pending() ).toEqual( [ report( 55 ) ] );
		expect( stored() ).toEqual( [
			{ ...report( 55 ), userId: USER, outage: true },
		] );

		for ( const calls of [ 3, 4 ] ) {
			jest.advanceTimersByTime( HELD_RETRY_MS - 1 );
			await settle();
			expect( send ).toHaveBeenCalledTimes( calls - 1 );
			jest.advanceTimersByTime( 1 );
			await settle();
			expect( send ).toHaveBeenCalledTimes( calls );
		}
		expect( send ).toHaveBeenLastCalledWith( report( 55 ), false );
		expect( queue.pending() ).toEqual( [] );
		expect( stored() ).toBeNull();
		expect( queue.retryScheduled ).toBe( false );
	} );

	it( 'a held claim is sent again after 5 s even when a longer backoff was scheduled', async () => {
		const send = jest
			.fn()
			.mockRejectedValueOnce( platform( 502 ) )
			.mockRejectedValueOnce( platform( 502 ) )
			.mockRejectedValueOnce( refusal( 409, 'progress_too_fast' ) )
			.mockResolvedValue( reply( 40 ) );
		const queue = new ProgressQueue( send, null, USER );
		await queue.deliver( report( 20 ) ); // Next try in 5 s.
		jest.advanceTimersByTime( RETRY_BASE_MS );
		await settle(); // Failed again: next try in 10 s.
		expect( send ).toHaveBeenCalledTimes( 2 );
		await queue.deliver( report( 40 ) ); // Refused as too fast: held, 5 s.
		jest.advanceTimersByTime( HELD_RETRY_MS );
		await settle();
		expect( send ).toHaveBeenCalledTimes( 4 );
		expect( queue.pending() ).toEqual( [] );
	} );

	it( 'a held claim is dropped once the server allowance has not grown for 5 minutes (an unknown duration allows one step per report)', async () => {
		const stuck = new ApiError(
			'Too fast',
			409,
			'progress_too_fast',
			{ code: 'progress_too_fast', data: { allowed_percent: 5 } },
			true
		);
		const send = jest
			.fn()
			.mockRejectedValueOnce( platform( 502 ) )
			.mockRejectedValue( stuck );
		const queue = new ProgressQueue( send, window.localStorage, USER );
		await queue.deliver( report( 5 ) );
		await queue.deliver( report( 55 ) );
		const retries = HELD_GIVE_UP_MS / HELD_RETRY_MS;
		for ( let retry = 1; retry < retries; retry++ ) {
			jest.advanceTimersByTime( HELD_RETRY_MS );
			await settle();
		}
		expect( queue.pending() ).toEqual( [ report( 55 ) ] );
		jest.advanceTimersByTime( HELD_RETRY_MS );
		await settle();
		expect( send ).toHaveBeenCalledTimes( 2 + retries );
		expect( queue.pending() ).toEqual( [] );
		expect( stored() ).toBeNull();
		expect( queue.retryScheduled ).toBe( false );
	} );

	it( 'the mark of a lost report survives the page: a replay refused as too fast on the next page is held', async () => {
		window.localStorage.setItem(
			QUEUE_STORAGE_KEY,
			JSON.stringify( [
				{ ...report( 55 ), userId: USER, outage: true },
			] )
		);
		const send = jest
			.fn()
			.mockRejectedValueOnce( refusal( 409, 'progress_too_fast' ) )
			.mockResolvedValue( reply( 55 ) );
		const queue = new ProgressQueue( send, window.localStorage, USER );
		await queue.flush();
		expect( queue.pending() ).toEqual( [ report( 55 ) ] );
		jest.advanceTimersByTime( HELD_RETRY_MS );
		await settle();
		expect( send ).toHaveBeenCalledTimes( 2 );
		expect( stored() ).toBeNull();
	} );

	it( 'a retry is cancelled by stopRetrying', async () => {
		const send = jest.fn().mockRejectedValue( offline() );
		const queue = new ProgressQueue( send, null, USER );
		await queue.deliver( report( 20 ) );
		queue.stopRetrying();
		queue.stopRetrying();
		jest.advanceTimersByTime( RETRY_MAX_MS );
		await settle();
		expect( send ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'the wait: Retry-After within 1 s and 1 h, else 5 s doubled per failure up to 5 min', () => {
		expect( retryDelay( platform( 503, '', 30 ), 4 ) ).toBe( 30_000 );
		expect( retryDelay( platform( 503, '', 0 ), 0 ) ).toBe(
			RETRY_AFTER_MIN_MS
		);
		expect( retryDelay( platform( 503, '', 1 ), 0 ) ).toBe( 1_000 );
		expect( retryDelay( platform( 503, '', 86_400 ), 0 ) ).toBe(
			RETRY_AFTER_MAX_MS
		);
		expect( retryDelay( platform( 503, '', 3_600 ), 0 ) ).toBe( 3_600_000 );
		expect( retryDelay( platform( 503 ), 0 ) ).toBe( RETRY_BASE_MS );
		expect( retryDelay( offline(), 0 ) ).toBe( 5_000 );
		expect( retryDelay( offline(), 1 ) ).toBe( 10_000 );
		expect( retryDelay( offline(), 5 ) ).toBe( 160_000 );
		expect( retryDelay( offline(), 6 ) ).toBe( RETRY_MAX_MS );
		expect( retryDelay( offline(), 30 ) ).toBe( 300_000 );
	} );
} );

describe( 'ProgressQueue: what survives the page', () => {
	it( 'survives a reload through localStorage, row and user included', async () => {
		const first = new ProgressQueue( jest.fn(), window.localStorage, USER );
		first.add( { ...report( 30 ), tag: 'member', contractId: '9' } );
		expect( stored() ).toEqual( [
			{ ...report( 30 ), tag: 'member', contractId: '9', userId: USER },
		] );

		const send = jest.fn().mockResolvedValue( reply( 30 ) );
		const second = new ProgressQueue( send, window.localStorage, USER );
		expect( second.pending() ).toEqual( [
			{ ...report( 30 ), tag: 'member', contractId: '9' },
		] );
		await second.flush();
		expect( window.localStorage.getItem( QUEUE_STORAGE_KEY ) ).toBeNull();
	} );

	it( "keeps another user's reports without sending them as this user", async () => {
		new ProgressQueue( jest.fn(), window.localStorage, 8 ).add(
			report( 40 )
		);
		const send = jest.fn().mockResolvedValue( reply( 20 ) );
		const queue = new ProgressQueue( send, window.localStorage, USER );
		expect( queue.pending() ).toEqual( [] );
		queue.add( report( 20 ) );
		expect( queue.pending() ).toEqual( [ report( 20 ) ] );
		await queue.flush();
		expect( send ).toHaveBeenCalledTimes( 1 );
		expect( send ).toHaveBeenCalledWith( report( 20 ), false );
		expect( stored() ).toEqual( [ { ...report( 40 ), userId: 8 } ] );
		expect(
			new ProgressQueue( jest.fn(), window.localStorage, 8 ).pending()
		).toEqual( [ report( 40 ) ] );
	} );

	it( 'reads entries of the earlier queue (no user) as the current user’s and drops what no tracker makes', () => {
		window.localStorage.setItem(
			QUEUE_STORAGE_KEY,
			JSON.stringify( [
				{ productId: 5, part: 0, progress: 20 },
				{ productId: '6', part: '1', progress: '35', contractId: 3 },
				{ productId: 5, part: 2, progress: 7 },
				{ productId: 5, part: 2, progress: 105 },
				{ productId: 5, part: 2, progress: -5 },
				{ productId: 5, part: 2, progress: 12.5 },
				{ productId: 0, part: 0, progress: 10 },
				{ productId: -3, part: 0, progress: 10 },
				{ productId: 2.5, part: 0, progress: 10 },
				{ productId: 5, part: -1, progress: 10 },
				{ productId: 5, part: 0.5, progress: 10 },
				{ productId: 5, part: 3, progress: 0, tag: 'admin' },
				{ productId: 5, part: 4, progress: 100, contractId: '' },
				'junk',
				null,
			] )
		);
		expect(
			new ProgressQueue( jest.fn(), window.localStorage, USER ).pending()
		).toEqual( [
			report( 20 ),
			{ productId: 6, part: 1, progress: 35, contractId: '3' },
			report( 0, 3 ),
			report( 100, 4 ),
		] );
	} );

	it( 'an unreadable store counts as empty; a store that refuses writes leaves the page’s queue working', async () => {
		window.localStorage.setItem( QUEUE_STORAGE_KEY, '{not json' );
		expect(
			new ProgressQueue( jest.fn(), window.localStorage, USER ).pending()
		).toEqual( [] );
		window.localStorage.setItem( QUEUE_STORAGE_KEY, '{"a":1}' );
		expect(
			new ProgressQueue( jest.fn(), window.localStorage, USER ).pending()
		).toEqual( [] );

		const full = {
			getItem: () => null,
			setItem: () => {
				throw new Error( 'QuotaExceededError' );
			},
			removeItem: () => {
				throw new Error( 'blocked' );
			},
		} as unknown as Storage;
		const send = jest.fn().mockResolvedValue( reply( 20 ) );
		const queue = new ProgressQueue( send, full, USER );
		queue.add( report( 20 ) );
		expect( queue.pending() ).toEqual( [ report( 20 ) ] );
		await queue.flush();
		expect( queue.pending() ).toEqual( [] );
	} );

	it( 'sends through sendProgress by default, final reports with keepalive', async () => {
		setPortalConfig();
		const fetchMock = jest.fn().mockResolvedValue( {
			ok: true,
			status: 200,
			statusText: 'OK',
			headers: { get: () => null },
			json: () =>
				Promise.resolve( {
					success: true,
					data: {
						progress: {
							count: 20,
							parts: [ { count: 20, time: 1 } ],
						},
					},
				} ),
		} );
		window.fetch = fetchMock as unknown as typeof fetch;
		const queue = new ProgressQueue( undefined, null, USER );
		const delivery = await queue.deliver( report( 20 ), true );
		expect( delivery ).toMatchObject( {
			outcome: 'accepted',
			reply: { progress: { count: 20 } },
		} );
		const [ url, init ] = fetchMock.mock.calls[ 0 ] as [
			string,
			RequestInit,
		];
		expect( url ).toBe(
			'http://example.test/wp-json/library/v2/video/progress/5'
		);
		expect( init.keepalive ).toBe( true );
	} );

	it( "the page's queue is the logged-in user's, shared by every caller", async () => {
		setPortalConfig();
		const queue = progressQueue();
		expect( progressQueue() ).toBe( queue );
		queue.add( report( 10 ) );
		expect( stored() ).toEqual( [ { ...report( 10 ), userId: 7 } ] );
		queue.stopRetrying();
	} );
} );
