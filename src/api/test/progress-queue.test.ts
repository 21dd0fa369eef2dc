/**
 * Internal dependencies
 */
import { ApiError } from '../client';
import { ProgressQueue, QUEUE_STORAGE_KEY } from '../progress-queue';
import type { ProgressReport } from '../progress';
import type { ProgressReply } from '../../types/library';
import { makeItem } from '../../test-utils/fixtures';

const reply = ( count: number ): ProgressReply => ( {
	item: makeItem( { product_id: 5 } ),
	progress: { count, parts: [ { count, time: 0 } ] },
	test: { available: false, ready: false, incomplete_parts: [], message: '' },
	activated: false,
} );

const report = ( progress: number, part = 0 ): ProgressReport => ( {
	productId: 5,
	part,
	progress,
} );

beforeEach( () => window.localStorage.clear() );

describe( 'ProgressQueue', () => {
	it( 'keeps the highest report per part', () => {
		const queue = new ProgressQueue( jest.fn() );
		queue.add( report( 20 ) );
		queue.add( report( 10 ) );
		queue.add( report( 5, 1 ) );
		expect( queue.pending() ).toEqual( [ report( 20 ), report( 5, 1 ) ] );
	} );

	it( 'sends waiting reports when the browser is back online', async () => {
		const send = jest.fn().mockResolvedValue( reply( 20 ) );
		const queue = new ProgressQueue( send );
		const stop = queue.listen( window );
		const replies: ProgressReply[] = [];
		queue.onReply( ( r ) => replies.push( r ) );
		queue.add( report( 20 ) );
		expect( send ).not.toHaveBeenCalled();

		window.dispatchEvent( new Event( 'online' ) );
		await queue.flush();
		expect( send ).toHaveBeenCalledWith( report( 20 ) );
		expect( queue.pending() ).toEqual( [] );
		expect( replies ).toHaveLength( 1 );
		stop();
	} );

	it( 'keeps a report that still cannot reach the server', async () => {
		const send = jest
			.fn()
			.mockRejectedValue( new TypeError( 'Failed to fetch' ) );
		const queue = new ProgressQueue( send );
		queue.add( report( 20 ) );
		await queue.flush();
		expect( queue.pending() ).toEqual( [ report( 20 ) ] );
	} );

	it( 'drops a report the server refused (too fast): no retry', async () => {
		const send = jest
			.fn()
			.mockRejectedValue(
				new ApiError( 'Too fast', 409, 'progress_too_fast', {}, true )
			);
		const queue = new ProgressQueue( send );
		queue.add( report( 100 ) );
		await queue.flush();
		expect( queue.pending() ).toEqual( [] );
		await queue.flush();
		expect( send ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'survives a reload through localStorage', async () => {
		const first = new ProgressQueue( jest.fn(), window.localStorage );
		first.add( { ...report( 30 ), tag: 'member', contractId: '9' } );
		expect(
			window.localStorage.getItem( QUEUE_STORAGE_KEY )
		).not.toBeNull();

		const send = jest.fn().mockResolvedValue( reply( 30 ) );
		const second = new ProgressQueue( send, window.localStorage );
		expect( second.pending() ).toEqual( [
			{ ...report( 30 ), tag: 'member', contractId: '9' },
		] );
		await second.flush();
		expect( window.localStorage.getItem( QUEUE_STORAGE_KEY ) ).toBeNull();
	} );
} );
