<?php
/**
 * Opt-in timing headers on REST replies.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Rest;

use WP_HTTP_Response;

/**
 * Adds `Server-Timing: app;dur=<ms>` and `X-Library-Queries: <n>` to every REST reply when the
 * site defines LIBRARY_PORTAL_SERVER_TIMING (the benchmark site does). Browser dev tools show
 * Server-Timing next to each request, so admins can use it too. Off by default: it tells
 * visitors how busy the server is.
 */
final class ServerTiming {

	/**
	 * Hooks, only when switched on.
	 */
	public function register(): void {
		if ( defined( 'LIBRARY_PORTAL_SERVER_TIMING' ) && LIBRARY_PORTAL_SERVER_TIMING ) {
			add_filter( 'rest_post_dispatch', array( $this, 'add_headers' ), PHP_INT_MAX );
		}
	}

	/**
	 * Time since the request started and queries run so far.
	 *
	 * @param mixed $response Reply (a filter before this one may have returned anything).
	 * @return mixed
	 */
	public function add_headers( $response ) {
		if ( $response instanceof WP_HTTP_Response ) {
			$started = isset( $_SERVER['REQUEST_TIME_FLOAT'] ) ? (float) $_SERVER['REQUEST_TIME_FLOAT'] : microtime( true );
			$response->header( 'Server-Timing', sprintf( 'app;dur=%.2f', ( microtime( true ) - $started ) * 1000 ) );
			$response->header( 'X-Library-Queries', (string) get_num_queries() );
		}
		return $response;
	}
}
