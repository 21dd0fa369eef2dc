<?php
/**
 * Requests as an HTTP request gets them.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use WP_REST_Request;
use WP_REST_Response;

/**
 * Each HTTP request builds its own REST server (and so its own controllers and lookups), and
 * its reply passes rest_post_dispatch, which gives errors the spec's envelope. send() does both.
 */
trait ServesRequests {

	/**
	 * Dispatches a request on a new REST server and applies rest_post_dispatch.
	 *
	 * @param string $method HTTP method.
	 * @param string $route  Route, maybe with a query string.
	 * @param int    $user   User (0 = logged out).
	 * @param array  $params Body params (query params for GET).
	 */
	private function send( string $method, string $route, int $user, array $params = array() ): WP_REST_Response {
		$GLOBALS['wp_rest_server'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound -- a new request gets a new server.
		wp_set_current_user( $user );
		$query = array();
		if ( str_contains( $route, '?' ) ) {
			list( $route, $query_string ) = explode( '?', $route, 2 );
			parse_str( $query_string, $query );
		}
		$request = new WP_REST_Request( $method, $route );
		if ( 'GET' === $method ) {
			$request->set_query_params( array_merge( $query, $params ) );
		} else {
			$request->set_query_params( $query );
			$request->set_body_params( $params );
		}
		$server   = rest_get_server();
		$response = rest_ensure_response( $server->dispatch( $request ) );
		// The same request object, as serve_request() passes it (rest_send_allow_header reads its route's params).
		return apply_filters( 'rest_post_dispatch', $response, $server, $request ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- core's filter, applied as serve_request() does.
	}

	/**
	 * Queries of the bare authenticated REST request (GET wp/v2/users/me) on a new server with a
	 * cold object cache: what every REST request of this site pays before a route runs (core's
	 * lookups and other plugins' rest_api_init work, such as WooCommerce registering its routes).
	 * Query budgets are counted beyond it, so they hold on any site (docs/rules/platform.md, "Performance").
	 * A first request runs before, so what a PHP process keeps after its first request (static
	 * caches of other plugins) is not counted in the floor nor in what is measured after it.
	 *
	 * @param int $user User the request is made as.
	 */
	private function floor_queries( int $user ): int {
		$this->send( 'GET', '/wp/v2/users/me', $user );
		wp_cache_flush();
		$floor = $this->count_queries( fn() => $this->send( 'GET', '/wp/v2/users/me', $user ) );
		// On a network is_super_admin() reads the user first; the bare request reads it all the same.
		return $floor + $this->network_user_reads;
	}

	/**
	 * Validates a reply against its route's own (closed) schema.
	 *
	 * @param WP_REST_Response $response Reply.
	 * @param string           $route    Route pattern as registered.
	 */
	private function assert_matches_schema( WP_REST_Response $response, string $route ): void {
		$data    = json_decode( (string) wp_json_encode( $response->get_data() ), true );
		$options = rest_get_server()->get_route_options( $route );
		$valid   = rest_validate_value_from_schema( $data, call_user_func( $options['schema'] ), 'reply' );
		$this->assertTrue( $valid, is_wp_error( $valid ) ? $valid->get_error_message() : '' );
	}
}
