/**
 * Session keep-alive: POST admin-ajax.php (action=ping_library, header X-Library-Nonce)
 * every 240000 ms; skipped on /contract/ pages and free-webinar pages; `success: false`
 * reloads the page; failures are only logged.
 */

/**
 * WordPress dependencies
 */
import apiFetch from '@wordpress/api-fetch';

/**
 * Internal dependencies
 */
import type { PortalConfig } from '../config';

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

export type PingResult = 'ok' | 'expired' | 'failed';

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
				'X-Library-Nonce': config.pingNonce,
			},
			body: new URLSearchParams( { action: 'ping_library' } ).toString(),
		} );
		const body = ( await response.json() ) as {
			success?: unknown;
			data?: { restNonce?: unknown };
		} | null;
		if ( body && body.success === false ) {
			return 'expired';
		}
		if ( body && body.success === true ) {
			if ( typeof body.data?.restNonce === 'string' ) {
				refreshRestNonce( body.data.restNonce );
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
			if ( result === 'expired' ) {
				reload();
			}
		} );
	}, PING_INTERVAL_MS );
	return () => window.clearInterval( timer );
}
