/**
 * Typed client over @wordpress/api-fetch: nonce and root-URL middlewares from the page config,
 * the local-request header on local hosts, and the spec's error text.
 */

/**
 * WordPress dependencies
 */
import apiFetch from '@wordpress/api-fetch';
import type { APIFetchOptions } from '@wordpress/api-fetch';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { getConfig } from '../config';
import { takeInitialReply } from './initial-replies';
import { refreshNonceNow } from './ping';

/** WordPress's answer to a REST call whose nonce has expired (or whose login has). */
export const INVALID_NONCE = 'rest_cookie_invalid_nonce';

export class ApiError extends Error {
	readonly status: number;
	readonly code: string;
	readonly body: unknown;
	/** True when the message came from the reply body. */
	readonly fromBody: boolean;
	/** Seconds the reply's `Retry-After` header asks to wait, or null without one. */
	readonly retryAfter: number | null;

	constructor(
		message: string,
		status: number,
		code: string,
		body: unknown,
		fromBody: boolean,
		retryAfter: number | null = null
	) {
		super( message );
		this.name = 'ApiError';
		this.status = status;
		this.code = code;
		this.body = body;
		this.fromBody = fromBody;
		this.retryAfter = retryAfter;
	}
}

/**
 * Seconds a `Retry-After` header asks to wait: whole seconds or an HTTP date (RFC 9110 10.2.3);
 * null when there is none or it cannot be read.
 *
 * @param header The header's value.
 * @param now    Current time in milliseconds.
 */
export function retryAfterSeconds(
	header: string | null,
	now: number = Date.now()
): number | null {
	const value = ( header ?? '' ).trim();
	if ( /^\d+$/.test( value ) ) {
		return Number( value );
	}
	// An HTTP date always ends in GMT (IMF-fixdate and the obsolete forms).
	const date = / GMT$/.test( value ) ? Date.parse( value ) : Number.NaN;
	if ( Number.isNaN( date ) ) {
		return null;
	}
	return Math.max( 0, Math.ceil( ( date - now ) / 1000 ) );
}

const isRecord = ( value: unknown ): value is Record< string, unknown > =>
	typeof value === 'object' && value !== null;

/**
 * Error text of a non-OK reply: the message from the body, else 'Error: {status} {statusText}'.
 *
 * @param body       Parsed reply body (or undefined).
 * @param status     HTTP status.
 * @param statusText HTTP status text.
 */
export function errorMessage(
	body: unknown,
	status: number,
	statusText: string
): string {
	if (
		isRecord( body ) &&
		typeof body.message === 'string' &&
		body.message !== ''
	) {
		return body.message;
	}
	return sprintf( 'Error: %1$d %2$s', status, statusText ).trim();
}

let configured = false;

/**
 * Installs the middlewares once (root URL, nonce, local-request header).
 */
export function setupApiFetch(): void {
	if ( configured ) {
		return;
	}
	configured = true;
	const config = getConfig();
	apiFetch.use( apiFetch.createRootURLMiddleware( config.restRoot ) );
	if ( apiFetch.nonceMiddleware ) {
		// WordPress's wp-api-fetch script installed one already and it runs first: a second one
		// would never be asked, so a refreshed nonce (ping.ts) must go into this one.
		if ( config.restNonce !== '' ) {
			apiFetch.nonceMiddleware.nonce = config.restNonce;
		}
	} else if ( config.restNonce !== '' ) {
		// Kept on apiFetch.nonceMiddleware: the keep-alive ping refreshes its nonce (ping.ts).
		apiFetch.nonceMiddleware = apiFetch.createNonceMiddleware(
			config.restNonce
		);
		apiFetch.use( apiFetch.nonceMiddleware );
	}
	if ( config.isLocal && config.localRequestHeader !== '' ) {
		apiFetch.use( ( options, next ) =>
			next( {
				...options,
				headers: {
					...options.headers,
					'X-Library-Local': config.localRequestHeader,
				},
			} )
		);
	}
}

async function readJson( response: Response ): Promise< unknown > {
	try {
		return ( await response.json() ) as unknown;
	} catch {
		return undefined;
	}
}

const isResponse = ( value: unknown ): value is Response =>
	isRecord( value ) &&
	typeof value.status === 'number' &&
	typeof value.json === 'function';

/**
 * Performs a REST request and returns the parsed JSON body.
 * Non-OK replies reject with an ApiError carrying the spec's error text.
 *
 * @param options      api-fetch options (`path` relative to the REST root, e.g. 'library/v2/items/').
 * @param afterRefresh The call is being made again with a refreshed nonce (not refreshed twice).
 */
export async function request< T >(
	options: APIFetchOptions< false > | APIFetchOptions< true >,
	afterRefresh = false
): Promise< T > {
	setupApiFetch();
	const method = ( options.method ?? 'GET' ).toUpperCase();
	if ( method === 'GET' && typeof options.path === 'string' ) {
		const printed = takeInitialReply( options.path );
		if ( printed !== undefined ) {
			return printed as T;
		}
	}
	let response: Response;
	try {
		response = await apiFetch< never, false >( {
			...options,
			parse: false,
		} );
	} catch ( error: unknown ) {
		if ( isResponse( error ) ) {
			response = error;
		} else {
			throw error;
		}
	}
	const body = await readJson( response );
	if ( ! response.ok ) {
		const message = errorMessage(
			body,
			response.status,
			response.statusText
		);
		const code =
			isRecord( body ) && typeof body.code === 'string' ? body.code : '';
		// An old nonce: the ping brings a fresh one and the call is made again, once. (api-fetch's
		// own retry needs parsed errors, which this client does not ask for.)
		if ( code === INVALID_NONCE && ! afterRefresh ) {
			const refreshed = await refreshNonceNow( getConfig() );
			if ( refreshed === 'ok' ) {
				return request< T >( options, true );
			}
		}
		if ( code === INVALID_NONCE ) {
			// Not WordPress's 'Cookie check failed': what happened, in the learner's words.
			throw new ApiError(
				__(
					'Your login has expired. Please log in again.',
					'library-portal'
				),
				response.status,
				code,
				body,
				false
			);
		}
		// A server failure's text (a PHP error page, wp_die) is not for the learner: each screen
		// says what could not be loaded and offers Retry.
		const fromBody =
			response.status < 500 &&
			isRecord( body ) &&
			typeof body.message === 'string' &&
			body.message !== '';
		throw new ApiError(
			message,
			response.status,
			code,
			body,
			fromBody,
			retryAfterSeconds( response.headers?.get( 'Retry-After' ) ?? null )
		);
	}
	return body as T;
}

/**
 * The `data` member of a `{ success, data }` reply.
 *
 * @param reply Parsed reply.
 */
export function dataOf( reply: unknown ): unknown {
	return isRecord( reply ) ? reply.data : undefined;
}
