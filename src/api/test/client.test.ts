/**
 * Internal dependencies
 */
import { setPortalConfig } from '../../test-utils/fixtures';
import { ApiError, errorMessage, request } from '../client';
import { fetchItems } from '../items';
import { onSessionExpired, resetSessionForTests } from '../session';
import { fetchUser } from '../user';

const fakeResponse = ( status: number, statusText: string, body: unknown ) =>
	( {
		ok: status >= 200 && status < 300,
		status,
		statusText,
		headers: { get: () => 'application/json' },
		json: () =>
			body === undefined
				? Promise.reject( new SyntaxError( 'no json' ) )
				: Promise.resolve( body ),
	} ) as unknown as Response;

let fetchMock: jest.Mock;

beforeAll( () => setPortalConfig() );

beforeEach( () => {
	fetchMock = jest.fn();
	( globalThis as { fetch?: unknown } ).fetch = fetchMock;
} );

describe( 'error text', () => {
	it( "is the body's message, else 'Error: {status} {statusText}'", () => {
		expect( errorMessage( { message: 'Nope.' }, 403, 'Forbidden' ) ).toBe(
			'Nope.'
		);
		expect( errorMessage( {}, 404, 'Not Found' ) ).toBe(
			'Error: 404 Not Found'
		);
		expect( errorMessage( undefined, 500, 'Internal Server Error' ) ).toBe(
			'Error: 500 Internal Server Error'
		);
	} );
} );

describe( 'request', () => {
	it( 'sends the nonce to the REST root and returns the body', async () => {
		fetchMock.mockResolvedValue(
			fakeResponse( 200, 'OK', { success: true, data: [] } )
		);
		await expect(
			request( { path: 'library/v2/items/' } )
		).resolves.toEqual( { success: true, data: [] } );
		const [ url, init ] = fetchMock.mock.calls[ 0 ] as [
			string,
			RequestInit,
		];
		expect( url ).toBe(
			'http://example.test/wp-json/library/v2/items/?_locale=user'
		);
		expect( init.headers ).toEqual(
			expect.objectContaining( { 'X-WP-Nonce': 'rest-nonce' } )
		);
	} );

	it( 'rejects non-OK replies with an ApiError carrying the spec text', async () => {
		fetchMock.mockResolvedValue(
			fakeResponse( 404, 'Not Found', undefined )
		);
		const error = await request( { path: 'library/v2/user/' } ).catch(
			( e: unknown ) => e
		);
		expect( error ).toBeInstanceOf( ApiError );
		expect( ( error as ApiError ).message ).toBe( 'Error: 404 Not Found' );

		fetchMock.mockResolvedValue(
			fakeResponse( 403, 'Forbidden', {
				code: 'rest_forbidden',
				message: 'Sorry.',
			} )
		);
		const forbidden = ( await request( { path: 'library/v2/user/' } ).catch(
			( e: unknown ) => e
		) ) as ApiError;
		expect( forbidden.message ).toBe( 'Sorry.' );
		expect( forbidden.code ).toBe( 'rest_forbidden' );
		expect( forbidden.status ).toBe( 403 );
	} );
} );

describe( 'an expired nonce or login', () => {
	const invalidNonce = () =>
		fakeResponse( 403, 'Forbidden', {
			code: 'rest_cookie_invalid_nonce',
			message: 'Cookie check failed',
		} );
	const nonceOf = ( call: number ) =>
		(
			( fetchMock.mock.calls[ call ] as [ string, RequestInit ] )[ 1 ]
				.headers as Record< string, string >
		 )[ 'X-WP-Nonce' ];

	beforeEach( () => resetSessionForTests() );

	it( 'gets a fresh nonce from the keep-alive ping and makes the call again, once', async () => {
		fetchMock
			.mockResolvedValueOnce( invalidNonce() )
			.mockResolvedValueOnce(
				fakeResponse( 200, 'OK', {
					success: true,
					data: { restNonce: 'fresh-nonce', pingNonce: 'fresh-ping' },
				} )
			)
			.mockResolvedValueOnce(
				fakeResponse( 200, 'OK', { success: true, data: [] } )
			);
		await expect(
			request( { path: 'library/v2/items/' } )
		).resolves.toEqual( { success: true, data: [] } );
		expect( fetchMock ).toHaveBeenCalledTimes( 3 );
		expect( String( fetchMock.mock.calls[ 1 ][ 0 ] ) ).toContain(
			'admin-ajax.php'
		);
		expect( nonceOf( 2 ) ).toBe( 'fresh-nonce' );
	} );

	it( "says the login expired, never WordPress's 'Cookie check failed'", async () => {
		const expired = jest.fn();
		onSessionExpired( expired );
		fetchMock.mockResolvedValueOnce( invalidNonce() ).mockResolvedValueOnce(
			fakeResponse( 403, 'Forbidden', {
				success: false,
				data: { reason: 'logged_out', message: 'Ended.' },
			} )
		);
		const error = ( await request( { path: 'library/v2/items/' } ).catch(
			( e: unknown ) => e
		) ) as ApiError;
		expect( error.message ).toBe(
			'Your login has expired. Please log in again.'
		);
		expect( error.fromBody ).toBe( false );
		expect( expired ).toHaveBeenCalledTimes( 1 );
		expect( fetchMock ).toHaveBeenCalledTimes( 2 );
	} );

	it( "does not pass a server failure's own text to the screens", async () => {
		fetchMock.mockResolvedValue(
			fakeResponse( 500, 'Internal Server Error', {
				code: 'internal_server_error',
				message: 'There has been a critical error on this website.',
			} )
		);
		const error = ( await request( { path: 'library/v2/items/' } ).catch(
			( e: unknown ) => e
		) ) as ApiError;
		expect( error.status ).toBe( 500 );
		expect( error.fromBody ).toBe( false );
	} );
} );

describe( 'start-up data', () => {
	it( 'loads and normalises items', async () => {
		fetchMock.mockResolvedValue(
			fakeResponse( 200, 'OK', {
				success: true,
				data: [
					{
						product_id: '5',
						title: 'A',
						licenses: { a: { license_id: 1, expiry: '99' } },
					},
				],
			} )
		);
		const [ item ] = await fetchItems();
		expect( item?.product_id ).toBe( 5 );
		expect( item?.licenses ).toEqual( [
			{
				license_id: 1,
				user_id: 0,
				expiry: 99,
				shared: false,
				activated: false,
			},
		] );
		expect( item?.video_data ).toEqual( {
			progress: { count: 0, time: 0, parts: [] },
			pdf: false,
			completed_at: 0,
			completed_date: '',
		} );
		expect( item?.playback_status ).toBe( 'not-started' );
		expect( item?.primary_action ).toEqual( { kind: 'none', url: '' } );
	} );

	it( 'rejects items (shown to the customer) and gives no user (console only) on failure', async () => {
		fetchMock.mockResolvedValue(
			fakeResponse( 500, 'Internal Server Error', undefined )
		);
		await expect( fetchItems() ).rejects.toBeTruthy();
		await expect( fetchUser() ).resolves.toBeNull();
		expect( console ).toHaveErrored();
	} );
} );
