<?php
/**
 * WordPress's own query vars and the plugin's REST arguments of the same name.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Rest;

/**
 * Some of the routes' argument names are public query vars of WordPress too (`tag`, the post tag).
 * WP::parse_request() copies them from the query string before the REST server runs and treats
 * `tag` as a term slug, with a str_replace() that writes "Array to string conversion" to the PHP
 * log for `?tag[a][b]=c`, although the route then refuses the value with its 400. On a request to
 * the plugin's namespace, a query var sent as anything but a string is left out of WordPress's
 * public ones; the REST server still reads it from the query string and its schema refuses it.
 */
final class QueryVarCollisions {

	/**
	 * Hooks: the list of public query vars, read at the start of WP::parse_request().
	 */
	public function register(): void {
		add_filter( 'query_vars', array( $this, 'leave_out_non_strings' ) );
	}

	/**
	 * The public query vars, without those the plugin's routes get as arrays.
	 *
	 * @param mixed $vars Public query var names.
	 * @return mixed
	 */
	public function leave_out_non_strings( $vars ) {
		if ( ! is_array( $vars ) || ! self::is_plugin_rest_request() ) {
			return $vars;
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only whether a value is a string is read; the route checks the nonce.
		return array_values( array_filter( $vars, static fn( $name ): bool => ! isset( $_GET[ $name ] ) || is_string( $_GET[ $name ] ) ) );
	}

	/**
	 * Whether this request goes to the plugin's REST namespace (pretty or plain permalinks).
	 */
	private static function is_plugin_rest_request(): bool {
		$namespace = '/library/v2';
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the route's address, not an action.
		$route = isset( $_GET['rest_route'] ) && is_string( $_GET['rest_route'] ) ? sanitize_text_field( wp_unslash( $_GET['rest_route'] ) ) : '';
		if ( str_starts_with( $route, $namespace ) ) {
			return true;
		}
		$uri  = isset( $_SERVER['REQUEST_URI'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '';
		$path = (string) wp_parse_url( $uri, PHP_URL_PATH );
		return str_contains( $path, '/' . rest_get_url_prefix() . $namespace );
	}
}
