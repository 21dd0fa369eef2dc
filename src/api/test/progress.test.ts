/**
 * Internal dependencies
 */
import { ApiError, retryAfterSeconds } from '../client';
import { PORTAL_ERROR_CODES, isPortalErrorCode } from '../error-codes';
import {
	PROGRESS_TOO_FAST,
	isRetriable,
	normalizeProgressReply,
	sendProgress,
} from '../progress';
import documented from '../../../includes/Core/error-codes.json';
import { setPortalConfig } from '../../test-utils/fixtures';

const failure = ( status: number, code: string ) =>
	new ApiError( 'Nope', status, code, { code }, true );

const fakeResponse = (
	status: number,
	body: unknown,
	headers: Record< string, string > = {}
) =>
	( {
		ok: status >= 200 && status < 300,
		status,
		statusText: status === 200 ? 'OK' : 'Service Unavailable',
		headers: {
			get: ( name: string ) =>
				( { 'Content-Type': 'application/json', ...headers } )[
					name
				] ?? null,
		},
		json: () =>
			body === undefined
				? Promise.reject( new SyntaxError( 'no json' ) )
				: Promise.resolve( body ),
	} ) as unknown as Response;

const serverReply = {
	success: true,
	data: {
		product_id: 5,
		item: { product_id: 5, status: 'in-progress' },
		progress: { count: 10, time: 3, parts: [ { count: 10, time: 3 } ] },
		test: {
			available: true,
			ready: false,
			incomplete_parts: [],
			message: 'Watch.',
		},
		activated: true,
	},
};

let fetchMock: jest.Mock;

beforeEach( () => {
	setPortalConfig();
	fetchMock = jest.fn();
	( globalThis as { fetch?: unknown } ).fetch = fetchMock;
	window.fetch = fetchMock as unknown as typeof fetch;
} );

describe( 'isRetriable: the platform failed, or the portal judged', () => {
	it.each( [
		[ 'no reply (fetch error)', new TypeError( 'Failed to fetch' ) ],
		[ 'no reply (status 0)', failure( 0, '' ) ],
		[ "WordPress's 500 wp_die (no database)", failure( 500, 'wp_die' ) ],
		[ 'a 500 with a portal code', failure( 500, 'link_failed' ) ],
		[ 'a 500 without a code (HTML)', failure( 500, '' ) ],
		[ '502', failure( 502, '' ) ],
		[ '503', failure( 503, '' ) ],
		[ '504', failure( 504, '' ) ],
		[
			'logged out (401 rest_not_logged_in)',
			failure( 401, 'rest_not_logged_in' ),
		],
		[ 'logged out (401 rest_forbidden)', failure( 401, 'rest_forbidden' ) ],
		[
			'an expired nonce (403)',
			failure( 403, 'rest_cookie_invalid_nonce' ),
		],
		[
			'a 404 without the portal (rest_no_route)',
			failure( 404, 'rest_no_route' ),
		],
		[ "a proxy's 429", failure( 429, '' ) ],
		[ 'a 399 with a portal code', failure( 399, 'item_not_found' ) ],
		[ 'a thrown string', 'offline' ],
	] )( 'retries after %s', ( _name, error ) => {
		expect( isRetriable( error ) ).toBe( true );
	} );

	it.each( [
		[ 400, 'invalid_progress' ],
		[ 400, 'invalid_part' ],
		[ 403, 'no_license' ],
		[ 403, 'not_contract_member' ],
		[ 404, 'item_not_found' ],
		[ 409, PROGRESS_TOO_FAST ],
		[ 499, 'item_not_found' ],
	] )( 'a %d %s is final', ( status, code ) => {
		expect( isRetriable( failure( status, code ) ) ).toBe( false );
	} );

	it( "takes the portal's codes from the list the server documents", () => {
		expect( PORTAL_ERROR_CODES ).toEqual( documented.codes );
		expect( PORTAL_ERROR_CODES ).toEqual(
			expect.arrayContaining( [
				'item_not_found',
				'no_license',
				'invalid_progress',
				'invalid_part',
				PROGRESS_TOO_FAST,
				'not_contract_member',
			] )
		);
		expect( isPortalErrorCode( 'wp_die' ) ).toBe( false );
		expect( isPortalErrorCode( 'rest_cookie_invalid_nonce' ) ).toBe(
			false
		);
		expect( isPortalErrorCode( '' ) ).toBe( false );
	} );
} );

describe( 'retryAfterSeconds', () => {
	it( 'reads seconds or an HTTP date, else null', () => {
		const now = Date.parse( 'Wed, 25 Nov 2026 10:00:00 GMT' );
		expect( retryAfterSeconds( '120', now ) ).toBe( 120 );
		expect( retryAfterSeconds( ' 0 ', now ) ).toBe( 0 );
		expect(
			retryAfterSeconds( 'Wed, 25 Nov 2026 10:01:30 GMT', now )
		).toBe( 90 );
		expect(
			retryAfterSeconds( 'Wed, 25 Nov 2026 09:59:00 GMT', now )
		).toBe( 0 );
		expect( retryAfterSeconds( null, now ) ).toBeNull();
		expect( retryAfterSeconds( '', now ) ).toBeNull();
		expect( retryAfterSeconds( 'soon', now ) ).toBeNull();
		expect( retryAfterSeconds( '-5', now ) ).toBeNull();
		expect( retryAfterSeconds( 'tomorrow GMT', now ) ).toBeNull();
	} );
} );

describe( 'sendProgress', () => {
	it( 'posts the step and part to the scoped route through api-fetch and reads the reply', async () => {
		fetchMock.mockResolvedValue( fakeResponse( 200, serverReply ) );
		const reply = await sendProgress( {
			productId: 5,
			part: 2,
			progress: 10,
			tag: 'member',
			contractId: '9',
		} );
		const [ url, init ] = fetchMock.mock.calls[ 0 ] as [
			string,
			RequestInit,
		];
		expect( url ).toBe(
			'http://example.test/wp-json/library/v2/video/progress/5?contract=9&tag=member&_locale=user'
		);
		expect( init.method ).toBe( 'POST' );
		expect( JSON.parse( String( init.body ) ) ).toEqual( {
			progress: 10,
			part: 2,
		} );
		expect( init.keepalive ).toBeUndefined();
		expect( reply ).toEqual( normalizeProgressReply( serverReply.data ) );
		expect( reply.activated ).toBe( true );
		expect( reply.progress.parts ).toEqual( [ { count: 10, time: 3 } ] );
		expect( reply.test.message ).toBe( 'Watch.' );
		expect( reply.item?.product_id ).toBe( 5 );
	} );

	it( 'keeps a reply without a whole row as progress only, with its item and time', () => {
		const reply = normalizeProgressReply( {
			...serverReply.data,
			item: null,
		} );
		expect( reply.item ).toBeNull();
		expect( reply.product_id ).toBe( 5 );
		expect( reply.progress ).toEqual( {
			count: 10,
			time: 3,
			parts: [ { count: 10, time: 3 } ],
		} );
	} );

	it( 'rejects a platform failure with its status, code and Retry-After (api-fetch and keepalive)', async () => {
		const down = () =>
			fakeResponse(
				503,
				{
					code: 'wp_die',
					message: 'Error establishing a database connection',
				},
				{ 'Retry-After': '12' }
			);
		for ( const final of [ false, true ] ) {
			fetchMock.mockResolvedValue( down() );
			const error: unknown = await sendProgress(
				{ productId: 5, part: 0, progress: 10 },
				final
			).catch( ( e: unknown ) => e );
			expect( error ).toBeInstanceOf( ApiError );
			expect( error ).toMatchObject( {
				status: 503,
				code: 'wp_die',
				retryAfter: 12,
			} );
			// A 5xx's own text is not shown to people (the screens name it a load failure).
			expect( isRetriable( error ) ).toBe( true );
		}
	} );

	it( 'reads a keepalive reply without JSON (an HTML error page) as a failure without a code', async () => {
		fetchMock.mockResolvedValue( fakeResponse( 502, undefined ) );
		const error: unknown = await sendProgress(
			{ productId: 5, part: 0, progress: 10 },
			true
		).catch( ( e: unknown ) => e );
		expect( error ).toMatchObject( {
			status: 502,
			code: '',
			fromBody: false,
			retryAfter: null,
			message: 'Error: 502 Service Unavailable',
		} );
		expect( isRetriable( error ) ).toBe( true );
	} );

	it( "a keepalive failure's text is the body's message only when it has one", async () => {
		for ( const body of [
			{ code: 'wp_die' },
			{ code: 'wp_die', message: '' },
		] ) {
			fetchMock.mockResolvedValue( fakeResponse( 503, body ) );
			const error: unknown = await sendProgress(
				{ productId: 5, part: 0, progress: 10 },
				true
			).catch( ( e: unknown ) => e );
			expect( error ).toMatchObject( {
				code: 'wp_die',
				fromBody: false,
				message: 'Error: 503 Service Unavailable',
			} );
		}
	} );

	it( 'reads a keepalive body that is not an object as a failure without a code', async () => {
		fetchMock.mockResolvedValue( fakeResponse( 500, 'Fatal error' ) );
		const error: unknown = await sendProgress(
			{ productId: 5, part: 0, progress: 10 },
			true
		).catch( ( e: unknown ) => e );
		expect( error ).toMatchObject( {
			status: 500,
			code: '',
			fromBody: false,
		} );
	} );

	it( 'a keepalive refusal of the portal carries its code and is final', async () => {
		fetchMock.mockResolvedValue(
			fakeResponse( 409, {
				code: PROGRESS_TOO_FAST,
				message: 'Too fast.',
			} )
		);
		const error: unknown = await sendProgress(
			{ productId: 5, part: 0, progress: 100 },
			true
		).catch( ( e: unknown ) => e );
		expect( error ).toMatchObject( {
			status: 409,
			code: PROGRESS_TOO_FAST,
			fromBody: true,
		} );
		expect( isRetriable( error ) ).toBe( false );
	} );

	it( 'a keepalive reply that is accepted is read like the api-fetch one', async () => {
		fetchMock.mockResolvedValue( fakeResponse( 200, serverReply ) );
		await expect(
			sendProgress( { productId: 5, part: 0, progress: 10 }, true )
		).resolves.toEqual( normalizeProgressReply( serverReply.data ) );
		expect(
			( fetchMock.mock.calls[ 0 ] as [ string, RequestInit ] )[ 1 ]
				.keepalive
		).toBe( true );
	} );
} );
