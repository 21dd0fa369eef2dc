/**
 * Internal dependencies
 */
import {
	loadIsland,
	PRELOAD_ERROR_EVENT,
	prefetchIsland,
	resetIslandCache,
	withPreloadError,
	type PreloadErrorEvent,
} from '../loaders';

jest.mock( '../library', () => {
	throw new Error( 'Loading chunk island-library failed.' );
} );

const flush = () => new Promise( ( resolve ) => setTimeout( resolve, 0 ) );

afterEach( () => resetIslandCache() );

describe( 'preload-error event', () => {
	it( 'raises a cancelable library-portal:preload-error event and rethrows', async () => {
		const error = new Error( 'ChunkLoadError' );
		const events: PreloadErrorEvent[] = [];
		const listener = ( event: Event ) =>
			events.push( event as PreloadErrorEvent );
		window.addEventListener( PRELOAD_ERROR_EVENT, listener );
		try {
			await expect(
				withPreloadError( () => Promise.reject( error ), 'island-x' )
			).rejects.toBe( error );
		} finally {
			window.removeEventListener( PRELOAD_ERROR_EVENT, listener );
		}
		expect( PRELOAD_ERROR_EVENT ).toBe( 'library-portal:preload-error' );
		expect( events ).toHaveLength( 1 );
		const [ event ] = events;
		expect( event ).toBeInstanceOf( CustomEvent );
		expect( event?.cancelable ).toBe( true );
		expect( event?.detail ).toEqual( { error, chunk: 'island-x' } );
		expect( event?.payload ).toBe( error );
	} );

	it( 'does not rethrow when a listener cancels the event', async () => {
		const listener = ( event: Event ) => event.preventDefault();
		window.addEventListener( PRELOAD_ERROR_EVENT, listener );
		const settled = jest.fn();
		try {
			withPreloadError(
				() => Promise.reject( new Error( 'offline' ) ),
				'island-x'
			).then( settled, settled );
			await flush();
		} finally {
			window.removeEventListener( PRELOAD_ERROR_EVENT, listener );
		}
		expect( settled ).not.toHaveBeenCalled();
	} );

	it( 'passes successful loads through without an event', async () => {
		const listener = jest.fn();
		window.addEventListener( PRELOAD_ERROR_EVENT, listener );
		try {
			await expect(
				withPreloadError( () => Promise.resolve( 42 ), 'island-x' )
			).resolves.toBe( 42 );
		} finally {
			window.removeEventListener( PRELOAD_ERROR_EVENT, listener );
		}
		expect( listener ).not.toHaveBeenCalled();
	} );

	it( 'raises the event when an island chunk fails to load', async () => {
		const listener = jest.fn();
		window.addEventListener( PRELOAD_ERROR_EVENT, listener );
		try {
			await expect( loadIsland( 'library' ) ).rejects.toThrow(
				'Loading chunk island-library failed.'
			);
		} finally {
			window.removeEventListener( PRELOAD_ERROR_EVENT, listener );
		}
		expect( listener ).toHaveBeenCalledTimes( 1 );
		expect(
			( listener.mock.calls[ 0 ]?.[ 0 ] as PreloadErrorEvent ).detail
				.chunk
		).toBe( 'island-library' );
	} );

	it( 'a failed hover prefetch stays silent (the navigation reports it)', async () => {
		const listener = jest.fn();
		window.addEventListener( PRELOAD_ERROR_EVENT, listener );
		try {
			prefetchIsland( 'library' );
			await flush();
		} finally {
			window.removeEventListener( PRELOAD_ERROR_EVENT, listener );
		}
		expect( listener ).not.toHaveBeenCalled();
	} );

	it( 'loads working islands', async () => {
		const team = await loadIsland( 'team' );
		expect( typeof team.TeamList ).toBe( 'function' );
	} );
} );
