/**
 * WordPress dependencies
 */
import apiFetch from '@wordpress/api-fetch';

/**
 * Internal dependencies
 */
import { setPortalConfig } from '../../test-utils/fixtures';
import { currentNonce, postKeepalive, restUrl } from '../keepalive';
import { sendProgress } from '../progress';
import { ApiError } from '../client';

const okResponse = (
	body: unknown,
	status = 200,
	headers: Record< string, string > = {}
) =>
	( {
		ok: status < 400,
		status,
		statusText: status === 409 ? 'Conflict' : 'OK',
		headers: { get: ( name: string ) => headers[ name ] ?? null },
		json: () => Promise.resolve( body ),
	} ) as unknown as Response;

// jsdom has no fetch: each test that needs one installs a mock.
const installFetch = ( response: Response ) => {
	const mock = jest.fn().mockResolvedValue( response );
	window.fetch = mock as unknown as typeof fetch;
	return mock;
};

afterEach( () => {
	delete ( apiFetch as { nonceMiddleware?: unknown } ).nonceMiddleware;
	delete ( window as { fetch?: unknown } ).fetch;
} );

describe( 'restUrl', () => {
	it( 'appends the path to a pretty root', () => {
		setPortalConfig();
		expect( restUrl( 'library/v2/video/progress/5?tag=member' ) ).toBe(
			'http://example.test/wp-json/library/v2/video/progress/5?tag=member'
		);
	} );

	it( 'keeps one "?" with a ?rest_route= root', () => {
		setPortalConfig( { restRoot: 'http://example.test/?rest_route=/' } );
		expect( restUrl( 'library/v2/video/progress/5?tag=member' ) ).toBe(
			'http://example.test/?rest_route=/library/v2/video/progress/5&tag=member'
		);
	} );
} );

describe( 'postKeepalive', () => {
	it( 'sends a keepalive JSON POST with the page nonce', async () => {
		setPortalConfig();
		const fetchImpl = jest.fn().mockResolvedValue( okResponse( {} ) );
		await postKeepalive( 'library/v2/x', { a: 1 }, fetchImpl );
		expect( fetchImpl ).toHaveBeenCalledWith(
			'http://example.test/wp-json/library/v2/x',
			expect.objectContaining( {
				method: 'POST',
				keepalive: true,
				credentials: 'same-origin',
				body: '{"a":1}',
				headers: expect.objectContaining( {
					'X-WP-Nonce': 'rest-nonce',
					'Content-Type': 'application/json',
				} ),
			} )
		);
	} );

	it( 'uses the nonce the keep-alive ping refreshed', async () => {
		setPortalConfig();
		apiFetch.nonceMiddleware = apiFetch.createNonceMiddleware( 'old' );
		apiFetch.nonceMiddleware.nonce = 'fresh';
		expect( currentNonce() ).toBe( 'fresh' );
		const fetchImpl = jest.fn().mockResolvedValue( okResponse( {} ) );
		await postKeepalive( 'library/v2/x', {}, fetchImpl );
		const init = fetchImpl.mock.calls[ 0 ][ 1 ] as RequestInit;
		expect(
			( init.headers as Record< string, string > )[ 'X-WP-Nonce' ]
		).toBe( 'fresh' );
	} );

	it( 'adds the local-request header on local hosts', async () => {
		setPortalConfig( { isLocal: true, localRequestHeader: 'local-1' } );
		const fetchImpl = jest.fn().mockResolvedValue( okResponse( {} ) );
		await postKeepalive( 'library/v2/x', {}, fetchImpl );
		const init = fetchImpl.mock.calls[ 0 ][ 1 ] as RequestInit;
		expect(
			( init.headers as Record< string, string > )[ 'X-Library-Local' ]
		).toBe( 'local-1' );
	} );
} );

describe( 'sendProgress with keepalive', () => {
	it( 'posts { progress, part } and reads the reply', async () => {
		setPortalConfig();
		const fetchMock = installFetch(
			okResponse( {
				success: true,
				data: {
					item: {
						product_id: 5,
						status: 'in-progress',
						access: 'activated',
					},
					progress: { count: 10, parts: [ { count: 10, time: 1 } ] },
					test: {
						available: true,
						ready: false,
						message: 'Watch more.',
					},
					activated: true,
				},
			} )
		);
		const reply = await sendProgress(
			{ productId: 5, part: 0, progress: 10, tag: 'member' },
			true
		);
		const [ url, init ] = fetchMock.mock.calls[ 0 ] as [
			string,
			RequestInit,
		];
		expect( url ).toBe(
			'http://example.test/wp-json/library/v2/video/progress/5?tag=member'
		);
		expect( init.keepalive ).toBe( true );
		expect( init.body ).toBe( '{"progress":10,"part":0}' );
		expect( reply.item?.status ).toBe( 'in-progress' );
		expect( reply.progress.count ).toBe( 10 );
		expect( reply.test.message ).toBe( 'Watch more.' );
		expect( reply.activated ).toBe( true );
	} );

	it( 'rejects a refused jump with its code', async () => {
		setPortalConfig();
		installFetch(
			okResponse(
				{
					success: false,
					code: 'progress_too_fast',
					message: 'This progress cannot be saved.',
				},
				409
			)
		);
		const error: unknown = await sendProgress(
			{ productId: 5, part: 0, progress: 100 },
			true
		).catch( ( e: unknown ) => e );
		expect( error ).toBeInstanceOf( ApiError );
		expect( ( error as ApiError ).code ).toBe( 'progress_too_fast' );
		expect( ( error as ApiError ).status ).toBe( 409 );
		expect( ( error as ApiError ).retryAfter ).toBeNull();
	} );

	it( "rejects WordPress's 500 wp_die (no database) with its code and the reply's Retry-After", async () => {
		setPortalConfig();
		installFetch(
			okResponse(
				{
					code: 'wp_die',
					message: 'Error establishing a database connection',
				},
				500,
				{ 'Retry-After': '7' }
			)
		);
		const error: unknown = await sendProgress(
			{ productId: 5, part: 0, progress: 10 },
			true
		).catch( ( e: unknown ) => e );
		expect( error ).toBeInstanceOf( ApiError );
		expect( ( error as ApiError ).code ).toBe( 'wp_die' );
		expect( ( error as ApiError ).status ).toBe( 500 );
		expect( ( error as ApiError ).retryAfter ).toBe( 7 );
	} );
} );
