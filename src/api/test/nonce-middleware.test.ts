/**
 * Internal dependencies
 */
import { setPortalConfig } from '../../test-utils/fixtures';

type ApiFetch = typeof import( '@wordpress/api-fetch' ).default;

const okResponse = () =>
	( {
		ok: true,
		status: 200,
		statusText: 'OK',
		headers: { get: () => 'application/json' },
		json: () => Promise.resolve( { success: true, data: [] } ),
	} ) as unknown as Response;

it( "refreshes the nonce in WordPress's own api-fetch middleware, the one whose header is sent", async () => {
	setPortalConfig( { restNonce: 'page-nonce' } );
	const fetchMock = jest.fn().mockResolvedValue( okResponse() );
	( globalThis as { fetch?: unknown } ).fetch = fetchMock;
	let apiFetch: ApiFetch | undefined;
	let client: typeof import( '../client' ) | undefined;
	let ping: typeof import( '../ping' ) | undefined;
	jest.isolateModules( () => {
		apiFetch = (
			require( '@wordpress/api-fetch' ) as { default: ApiFetch }
		 ).default;
		// What the wp-api-fetch script's inline set-up does before the portal's bundle runs.
		apiFetch.nonceMiddleware =
			apiFetch.createNonceMiddleware( 'page-nonce' );
		apiFetch.use( apiFetch.nonceMiddleware );
		client = require( '../client' ) as typeof import( '../client' );
		ping = require( '../ping' ) as typeof import( '../ping' );
	} );
	const sentNonce = ( call: number ) =>
		(
			( fetchMock.mock.calls[ call ] as [ string, RequestInit ] )[ 1 ]
				.headers as Record< string, string >
		 )[ 'X-WP-Nonce' ];

	await client?.request( { path: 'library/v2/items/' } );
	expect( sentNonce( 0 ) ).toBe( 'page-nonce' );

	ping?.refreshRestNonce( 'fresh-nonce' );
	await client?.request( { path: 'library/v2/items/' } );
	expect( sentNonce( 1 ) ).toBe( 'fresh-nonce' );
} );
