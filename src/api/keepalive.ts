/**
 * POST with `fetch(…, { keepalive: true })`, for the requests that must outlive the page (the
 * progress report sent on page hide). api-fetch cannot ask for keepalive, so this helper uses the
 * same REST root, the nonce api-fetch currently holds (refreshed by the keep-alive ping) and the
 * local-request header.
 */

/**
 * WordPress dependencies
 */
import apiFetch from '@wordpress/api-fetch';

/**
 * Internal dependencies
 */
import { getConfig } from '../config';

/**
 * Absolute URL of a REST path below the configured root; works for both root forms
 * ('…/wp-json/' and '…/?rest_route=/').
 *
 * @param path REST path, e.g. 'library/v2/video/progress/5?tag=member'.
 */
export function restUrl( path: string ): string {
	const root = getConfig().restRoot;
	const url = `${ root }${ path.replace( /^\/+/, '' ) }`;
	if ( ! root.includes( '?' ) ) {
		return url;
	}
	// '?rest_route=/library/v2/x?tag=member' → '…&tag=member'.
	const first = url.indexOf( '?' );
	return (
		url.slice( 0, first + 1 ) + url.slice( first + 1 ).replace( '?', '&' )
	);
}

/**
 * The REST nonce in use: api-fetch's (fresh after a keep-alive ping), else the page's.
 */
export function currentNonce(): string {
	return apiFetch.nonceMiddleware?.nonce ?? getConfig().restNonce;
}

/**
 * Sends a JSON POST that the browser completes even when the page is being closed.
 *
 * @param path      REST path below the root.
 * @param body      JSON body (keepalive bodies are limited to 64 KB in total).
 * @param fetchImpl fetch implementation.
 */
export function postKeepalive(
	path: string,
	body: unknown,
	fetchImpl: typeof fetch = ( ...args ) => window.fetch( ...args )
): Promise< Response > {
	const config = getConfig();
	const headers: Record< string, string > = {
		'Content-Type': 'application/json',
		Accept: 'application/json',
	};
	const nonce = currentNonce();
	if ( nonce !== '' ) {
		headers[ 'X-WP-Nonce' ] = nonce;
	}
	if ( config.isLocal && config.localRequestHeader !== '' ) {
		headers[ 'X-Library-Local' ] = config.localRequestHeader;
	}
	return fetchImpl( restUrl( path ), {
		method: 'POST',
		credentials: 'same-origin',
		keepalive: true,
		headers,
		body: JSON.stringify( body ),
	} );
}
