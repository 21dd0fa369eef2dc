/**
 * Internal dependencies
 */
import { ping, PING_INTERVAL_MS, startKeepAlive } from '../ping';
import { onSessionExpired, resetSessionForTests } from '../session';

const config = {
	ajaxUrl: '/wp-admin/admin-ajax.php',
	pingNonce: 'n0nce',
	freeWebinar: false,
};
const reply = ( body: unknown ) =>
	jest.fn().mockResolvedValue( {
		json: () => Promise.resolve( body ),
	} as unknown as Response );

afterEach( () => jest.useRealTimers() );

describe( 'keep-alive ping', () => {
	it( 'posts action=ping_library with the X-Library-Nonce header', async () => {
		const fetchImpl = reply( { success: true } );
		await expect( ping( config, fetchImpl ) ).resolves.toBe( 'ok' );
		expect( fetchImpl ).toHaveBeenCalledWith(
			'/wp-admin/admin-ajax.php',
			expect.objectContaining( {
				method: 'POST',
				body: 'action=ping_library',
				headers: expect.objectContaining( {
					'X-Library-Nonce': 'n0nce',
				} ),
			} )
		);
	} );

	it( 'runs every 240000 ms and reloads the page on success: false', async () => {
		expect( PING_INTERVAL_MS ).toBe( 240000 );
		jest.useFakeTimers();
		const fetchImpl = reply( { success: false } );
		const reload = jest.fn();
		const stop = startKeepAlive( {
			config,
			getPath: () => '/my-account/library',
			reload,
			fetchImpl,
		} );
		await jest.advanceTimersByTimeAsync( PING_INTERVAL_MS - 1 );
		expect( fetchImpl ).not.toHaveBeenCalled();
		await jest.advanceTimersByTimeAsync( 1 );
		expect( fetchImpl ).toHaveBeenCalledTimes( 1 );
		expect( reload ).toHaveBeenCalledTimes( 1 );
		await jest.advanceTimersByTimeAsync( PING_INTERVAL_MS );
		expect( fetchImpl ).toHaveBeenCalledTimes( 2 );
		stop();
	} );

	it( 'says the login expired instead of reloading when the ping finds the visitor logged out', async () => {
		resetSessionForTests();
		jest.useFakeTimers();
		const fetchImpl = reply( {
			success: false,
			data: { reason: 'logged_out' },
		} );
		const reload = jest.fn();
		const expired = jest.fn();
		onSessionExpired( expired );
		const stop = startKeepAlive( {
			config,
			getPath: () => '/my-account/library',
			reload,
			fetchImpl,
		} );
		await jest.advanceTimersByTimeAsync( PING_INTERVAL_MS );
		expect( expired ).toHaveBeenCalledTimes( 1 );
		expect( reload ).not.toHaveBeenCalled();
		stop();
	} );

	it( 'sends the fresh ping nonce of the last success with the next ping', async () => {
		const fetchImpl = reply( {
			success: true,
			data: { pingNonce: 'p2' },
		} );
		await ping( config, fetchImpl );
		await ping( config, fetchImpl );
		expect( fetchImpl ).toHaveBeenLastCalledWith(
			'/wp-admin/admin-ajax.php',
			expect.objectContaining( {
				headers: expect.objectContaining( {
					'X-Library-Nonce': 'p2',
				} ),
			} )
		);
	} );

	it( 'is skipped on /contract/ pages', async () => {
		jest.useFakeTimers();
		const fetchImpl = reply( { success: true } );
		const stop = startKeepAlive( {
			config,
			getPath: () => '/contract/5',
			reload: jest.fn(),
			fetchImpl,
		} );
		await jest.advanceTimersByTimeAsync( PING_INTERVAL_MS * 2 );
		expect( fetchImpl ).not.toHaveBeenCalled();
		stop();
	} );

	it( 'is skipped on free-webinar pages', async () => {
		jest.useFakeTimers();
		const fetchImpl = reply( { success: true } );
		const stop = startKeepAlive( {
			config: { ...config, freeWebinar: true },
			getPath: () => '/my-account/library',
			fetchImpl,
		} );
		await jest.advanceTimersByTimeAsync( PING_INTERVAL_MS * 2 );
		expect( fetchImpl ).not.toHaveBeenCalled();
		stop();
	} );

	it( 'only logs failures', async () => {
		jest.useFakeTimers();
		const fetchImpl = jest
			.fn()
			.mockRejectedValue( new TypeError( 'offline' ) );
		const reload = jest.fn();
		const stop = startKeepAlive( {
			config,
			getPath: () => '/my-account/library',
			reload,
			fetchImpl,
		} );
		await jest.advanceTimersByTimeAsync( PING_INTERVAL_MS );
		expect( fetchImpl ).toHaveBeenCalledTimes( 1 );
		expect( reload ).not.toHaveBeenCalled();
		expect( console ).toHaveWarned();
		stop();
	} );
} );

describe( 'fresh REST nonce from the ping', () => {
	it( 'is handed to api-fetch, whose next REST call sends it', async () => {
		const apiFetch = ( await import( '@wordpress/api-fetch' ) ).default;
		apiFetch.nonceMiddleware = apiFetch.createNonceMiddleware( 'old' );
		apiFetch.use( apiFetch.nonceMiddleware );
		const sent: Array< Record< string, string > > = [];
		apiFetch.setFetchHandler( ( options ) => {
			sent.push( ( options.headers ?? {} ) as Record< string, string > );
			return Promise.resolve( {} );
		} );

		await expect(
			ping(
				config,
				reply( { success: true, data: { restNonce: 'fresh' } } )
			)
		).resolves.toBe( 'ok' );
		expect( apiFetch.nonceMiddleware.nonce ).toBe( 'fresh' );
		await apiFetch( { path: '/library/v2/user/' } );
		expect( sent[ 0 ]?.[ 'X-WP-Nonce' ] ).toBe( 'fresh' );
	} );
} );
