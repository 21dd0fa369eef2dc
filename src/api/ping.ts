/**
 * Session keep-alive: POST admin-ajax.php (action=ping_library, header X-Library-Nonce)
 * every 240000 ms; skipped on /contract/ pages and free-webinar pages; failures are only logged.
 * A success carries fresh REST and ping nonces. `success: false` with reason `logged_out` shows
 * the log-in-again message (src/api/session.ts); any other refusal reloads the page (spec).
 */

/**
 * WordPress dependencies
 */
import apiFetch from '@wordpress/api-fetch';

/**
 * Internal dependencies
 */
import type { PortalConfig } from '../config';
import { reportSessionExpired } from './session';

/** The ping nonce of the latest success; the page's own until then. */
let freshPingNonce = '';

/**
 * Hands a fresh REST nonce to api-fetch's nonce middleware, so REST calls keep working
 * after the page's original nonce has aged out (a portal left open for a day).
 *
 * @param nonce The nonce from the ping reply.
 */
export function refreshRestNonce( nonce: string ): void {
	if ( nonce === '' ) {
		return;
	}
	if ( apiFetch.nonceMiddleware ) {
		apiFetch.nonceMiddleware.nonce = nonce;
		return;
	}
	// The page had no nonce middleware: install one with the fresh nonce.
	apiFetch.nonceMiddleware = apiFetch.createNonceMiddleware( nonce );
	apiFetch.use( apiFetch.nonceMiddleware );
}

export const PING_INTERVAL_MS = 240000;

/** `logged_out`: the login expired; `expired`: logged in, but the page's ping nonce is too old. */
export type PingResult = 'ok' | 'logged_out' | 'expired' | 'failed';

/**
 * Sends one keep-alive ping.
 *
 * @param config    Page configuration (ajaxUrl, pingNonce).
 * @param fetchImpl fetch implementation.
 */
export async function ping(
	config: Pick< PortalConfig, 'ajaxUrl' | 'pingNonce' >,
	fetchImpl: typeof fetch = ( ...args ) => window.fetch( ...args )
): Promise< PingResult > {
	try {
		const response = await fetchImpl( config.ajaxUrl, {
			method: 'POST',
			credentials: 'same-origin',
			headers: {
				'Content-Type':
					'application/x-www-form-urlencoded; charset=UTF-8',
				'X-Library-Nonce': freshPingNonce || config.pingNonce,
			},
			body: new URLSearchParams( { action: 'ping_library' } ).toString(),
		} );
		const body = ( await response.json() ) as {
			success?: unknown;
			data?: {
				restNonce?: unknown;
				pingNonce?: unknown;
				reason?: unknown;
			};
		} | null;
		if ( body && body.success === false ) {
			return body.data?.reason === 'logged_out'
				? 'logged_out'
				: 'expired';
		}
		if ( body && body.success === true ) {
			if ( typeof body.data?.restNonce === 'string' ) {
				refreshRestNonce( body.data.restNonce );
			}
			if ( typeof body.data?.pingNonce === 'string' ) {
				freshPingNonce = body.data.pingNonce;
			}
			return 'ok';
		}
		// eslint-disable-next-line no-console
		console.warn( 'library-portal: unexpected keep-alive reply', body );
		return 'failed';
	} catch ( error: unknown ) {
		// eslint-disable-next-line no-console
		console.warn( 'library-portal: keep-alive ping failed', error );
		return 'failed';
	}
}

export interface KeepAliveOptions {
	config: Pick< PortalConfig, 'ajaxUrl' | 'pingNonce' | 'freeWebinar' >;
	/** Router-relative path of the current page, read at each tick. */
	getPath: () => string;
	reload?: () => void;
	fetchImpl?: typeof fetch;
}

/**
 * Starts the keep-alive timer. Returns a function that stops it.
 *
 * @param options Keep-alive options.
 */
export function startKeepAlive( options: KeepAliveOptions ): () => void {
	const { config, getPath } = options;
	if ( config.freeWebinar ) {
		return () => undefined;
	}
	const reload = options.reload ?? ( () => window.location.reload() );
	const timer = window.setInterval( () => {
		if ( getPath().startsWith( '/contract/' ) ) {
			return;
		}
		void ping( config, options.fetchImpl ).then( ( result ) => {
			if ( result === 'logged_out' ) {
				reportSessionExpired();
			} else if ( result === 'expired' ) {
				reload();
			}
		} );
	}, PING_INTERVAL_MS );
	return () => window.clearInterval( timer );
}

let refreshing: Promise< PingResult > | null = null;

/**
 * A REST call met an expired nonce (403 rest_cookie_invalid_nonce): one ping for everyone who
 * asks at the same time. `ok` means api-fetch now holds a fresh nonce (retry the call);
 * `logged_out` announces the expired login.
 *
 * @param config    Page configuration (ajaxUrl, pingNonce).
 * @param fetchImpl fetch implementation.
 */
export function refreshNonceNow(
	config: Pick< PortalConfig, 'ajaxUrl' | 'pingNonce' >,
	fetchImpl?: typeof fetch
): Promise< PingResult > {
	if ( ! refreshing ) {
		refreshing = ping( config, fetchImpl ).then( ( result ) => {
			refreshing = null;
			if ( result === 'logged_out' ) {
				reportSessionExpired();
			}
			return result;
		} );
	}
	return refreshing;
}
