<?php
/**
 * Base class of the plugin's PHPUnit tests against a real WordPress.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.GlobalVariablesOverride.Prohibited, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound, WordPress.Security.NonceVerification -- resetting WordPress's globals and request data between tests is the point.

namespace LibraryPortal\Tests\Support;

use LibraryPortal\Services;

use WP_Query;
use WP_REST_Request;
use WP_REST_Response;
use Yoast\PHPUnitPolyfills\TestCases\TestCase as PolyfillTestCase;

/**
 * Every test runs inside a database transaction that is rolled back afterwards (SQLite and
 * MariaDB alike), so rows a test writes never reach the next one. Between tests the current
 * user is 0, the REST server is rebuilt, the object cache is empty, hooks added by a test are
 * removed, and $_GET/$_POST/$_REQUEST/$_COOKIE/$_SERVER are restored.
 *
 * Caveat: on MariaDB, DDL (CREATE/ALTER/DROP TABLE, TRUNCATE) commits implicitly, and a COMMIT
 * in the code under test ends the test's transaction: such writes are not rolled back.
 */
abstract class TestCase extends PolyfillTestCase {

	/**
	 * Hooks as they were before the test.
	 *
	 * @var array<string, mixed>
	 */
	private $hooks_backup = array();

	/**
	 * Superglobals as they were before the test.
	 *
	 * @var array<string, array>
	 */
	private $globals_backup = array();

	/**
	 * Logged-in cookies of the simulated browser, by user ID.
	 *
	 * @var array<int, string>
	 */
	private $browser_cookies = array();

	/**
	 * Number of users made by make_user() in this process (unique logins).
	 *
	 * @var int
	 */
	private static $user_counter = 0;

	/**
	 * The admin screen (or null) before the test, restored after it.
	 *
	 * @var \WP_Screen|null
	 */
	private $screen_before = null;

	/**
	 * Starts the test's transaction on a clean state.
	 */
	protected function set_up() {
		global $wpdb;
		parent::set_up();

		$this->backup_hooks();
		$this->globals_backup  = array(
			'_GET'     => $_GET,
			'_POST'    => $_POST,
			'_REQUEST' => $_REQUEST,
			'_COOKIE'  => $_COOKIE,
			'_SERVER'  => $_SERVER,
		);
		$this->browser_cookies = array();
		$this->screen_before   = $GLOBALS['current_screen'] ?? null;

		$this->reset_state();
		$wpdb->query( 'START TRANSACTION' );
		wp_load_alloptions(); // Warm cache, as on a real request: tests count only their own queries.
	}

	/**
	 * Rolls the test's writes back and restores the state.
	 */
	protected function tear_down() {
		global $wpdb;
		$wpdb->query( 'ROLLBACK' );

		foreach ( $this->globals_backup as $name => $value ) {
			$GLOBALS[ $name ] = $value;
		}
		// An admin screen a test set stays set (is_admin() answers from it, and with it the
		// locale WordPress picks): later tests would run "in wp-admin".
		$GLOBALS['current_screen'] = $this->screen_before;
		$this->reset_state();
		$this->restore_hooks();
		parent::tear_down();
	}

	/**
	 * A fresh graph of the plugin's services over the test's connection (there is no shared
	 * instance to reach; see Services).
	 */
	protected function services(): Services {
		global $wpdb;
		return Services::on( $wpdb );
	}

	/**
	 * Creates a user and returns its ID.
	 *
	 * @param string $role Role, e.g. 'subscriber' or 'administrator'.
	 * @param array  $args More wp_insert_user() fields (user_login, user_email, display_name, ...).
	 * @return int
	 */
	protected function make_user( string $role = 'subscriber', array $args = array() ): int {
		++self::$user_counter;
		$login = 'user' . self::$user_counter . '_' . wp_generate_password( 6, false );
		$data  = array_merge(
			array(
				'user_login' => $login,
				'user_pass'  => 'password',
				'user_email' => $login . '@example.com',
				'role'       => $role,
			),
			$args
		);

		$user_id = wp_insert_user( wp_slash( $data ) );
		if ( is_wp_error( $user_id ) ) {
			$this->fail( 'make_user(): ' . $user_id->get_error_message() );
		}
		return (int) $user_id;
	}

	/**
	 * Core functions that look the network up (sites, network options, super admins, a user's
	 * sites): what a query made inside one of them costs is the network's, not the plugin's.
	 */
	private const NETWORK_LOOKUPS = array( 'is_super_admin', 'get_super_admins', 'get_network_option', 'get_site', 'get_network', 'get_blog_details', 'is_user_member_of_blog', 'get_blogs_of_user', 'ms_load_current_site_and_network', 'wp_is_large_network' );

	/**
	 * Queries of the network's own core lookups in the last count_queries() (0 on a single site).
	 *
	 * @var int
	 */
	protected $network_queries = 0;

	/**
	 * Of those, the reads of a user's row or meta (is_super_admin() reads the user before anything
	 * else does): a bare request reads its user anyway, so its floor counts them back.
	 *
	 * @var int
	 */
	protected $network_user_reads = 0;

	/**
	 * Number of database queries run by a callable (through $wpdb). On a network, core's own
	 * lookups of the network (its tables wp_blogs, wp_site, wp_sitemeta, wp_blogmeta, and whatever
	 * is_super_admin(), get_site() and the like read) are counted apart in $network_queries, so a
	 * budget means the same on a single site and a network (docs/rules/platform.md, "Multisite").
	 *
	 * @param callable $fn Code to measure.
	 * @return int
	 */
	protected function count_queries( callable $fn ): int {
		global $wpdb;
		$network    = 0;
		$user_reads = 0;
		$users      = '/[\s`](' . preg_quote( $wpdb->users, '/' ) . '|' . preg_quote( $wpdb->usermeta, '/' ) . ')[\s`]/';
		$tables     = is_multisite() ? '/[\s`](' . implode( '|', array_map( 'preg_quote', array( $wpdb->blogs, $wpdb->site, $wpdb->sitemeta, $wpdb->blogmeta ) ) ) . ')[\s`]/' : '';
		$spot       = static function ( $query ) use ( &$network, &$user_reads, $tables, $users ) {
			if ( '' !== $tables && ( preg_match( $tables, ' ' . $query . ' ' ) || array_intersect( self::NETWORK_LOOKUPS, array_column( debug_backtrace( DEBUG_BACKTRACE_IGNORE_ARGS ), 'function' ) ) ) ) { // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_debug_backtrace -- which core function asked.
				++$network;
				$user_reads += (int) preg_match( $users, ' ' . $query . ' ' );
			}
			return $query;
		};
		add_filter( 'query', $spot, PHP_INT_MAX );
		$before = $wpdb->num_queries;
		try {
			$fn();
		} finally {
			remove_filter( 'query', $spot, PHP_INT_MAX );
		}
		$this->network_queries    = $network;
		$this->network_user_reads = $user_reads;
		return $wpdb->num_queries - $before - $network;
	}

	/**
	 * Dispatches a REST request as a user (no cookie, no nonce: the user is simply current).
	 *
	 * @param string   $method  HTTP method.
	 * @param string   $route   Route, e.g. '/library/v2/items'; a query string is parsed into query params.
	 * @param array    $params  Query params for GET/HEAD/DELETE, body params otherwise.
	 * @param int|null $user_id User to act as (0 = logged out); null keeps the current user.
	 * @return WP_REST_Response
	 */
	protected function rest( string $method, string $route, array $params = array(), ?int $user_id = null ): WP_REST_Response {
		if ( null !== $user_id ) {
			wp_set_current_user( $user_id );
		}
		return rest_get_server()->dispatch( $this->make_request( $method, $route, $params ) );
	}

	/**
	 * Dispatches a REST request the way a logged-in browser sends it: WordPress's logged-in
	 * cookie plus the X-WP-Nonce header, authenticated by WordPress itself (cookie check,
	 * then rest_cookie_check_errors). No nonce: the request runs logged out (401 from the
	 * route's permission check). Bad nonce: 403 rest_cookie_invalid_nonce.
	 *
	 * @param string      $method  HTTP method.
	 * @param string      $route   Route.
	 * @param int         $user_id User whose cookie the browser holds.
	 * @param string|null $nonce   X-WP-Nonce value, null for none; browser_nonce() gives a valid one.
	 * @param array       $params  Request params, as for rest().
	 * @return WP_REST_Response
	 */
	protected function rest_as_browser( string $method, string $route, int $user_id, ?string $nonce, array $params = array() ): WP_REST_Response {
		$cookie_before = $_COOKIE;
		$server_before = $_SERVER;

		$_COOKIE[ LOGGED_IN_COOKIE ] = $this->browser_cookie( $user_id );
		unset( $_SERVER['HTTP_X_WP_NONCE'], $_REQUEST['_wpnonce'], $_GET['_wpnonce'], $_POST['_wpnonce'] );
		if ( null !== $nonce ) {
			$_SERVER['HTTP_X_WP_NONCE'] = $nonce;
		}

		// Forget who is logged in; WordPress determines it again from the cookie.
		$GLOBALS['wp_rest_auth_cookie'] = false;
		$GLOBALS['current_user']        = null;
		wp_get_current_user();

		$server = rest_get_server();
		$result = $server->check_authentication();
		if ( is_wp_error( $result ) ) {
			$response = rest_convert_error_to_response( $result );
		} else {
			$response = $server->dispatch( $this->make_request( $method, $route, $params ) );
		}

		$_COOKIE = $cookie_before;
		$_SERVER = $server_before;
		return $response;
	}

	/**
	 * A valid nonce for the simulated browser session of a user (see rest_as_browser()).
	 *
	 * @param int    $user_id User.
	 * @param string $action  Nonce action.
	 * @return string
	 */
	protected function browser_nonce( int $user_id, string $action = 'wp_rest' ): string {
		$cookie_before = $_COOKIE;
		$user_before   = get_current_user_id();

		$_COOKIE[ LOGGED_IN_COOKIE ] = $this->browser_cookie( $user_id );
		wp_set_current_user( $user_id );
		$nonce = wp_create_nonce( $action );

		$_COOKIE = $cookie_before;
		wp_set_current_user( $user_before );
		return $nonce;
	}

	/**
	 * The logged-in cookie (with its session) of a user's simulated browser.
	 *
	 * @param int $user_id User.
	 * @return string
	 */
	private function browser_cookie( int $user_id ): string {
		if ( ! isset( $this->browser_cookies[ $user_id ] ) ) {
			$this->browser_cookies[ $user_id ] = wp_generate_auth_cookie( $user_id, time() + DAY_IN_SECONDS, 'logged_in' );
		}
		return $this->browser_cookies[ $user_id ];
	}

	/**
	 * Builds a REST request.
	 *
	 * @param string $method HTTP method.
	 * @param string $route  Route, maybe with a query string.
	 * @param array  $params Params.
	 * @return WP_REST_Request
	 */
	private function make_request( string $method, string $route, array $params ): WP_REST_Request {
		$method = strtoupper( $method );
		$query  = array();
		if ( false !== strpos( $route, '?' ) ) {
			list( $route, $query_string ) = explode( '?', $route, 2 );
			parse_str( $query_string, $query );
		}
		$request = new WP_REST_Request( $method, $route );
		if ( in_array( $method, array( 'GET', 'HEAD', 'DELETE' ), true ) ) {
			$request->set_query_params( array_merge( $query, $params ) );
		} else {
			$request->set_query_params( $query );
			$request->set_body_params( $params );
		}
		return $request;
	}

	/**
	 * Logged out, fresh REST server, empty object cache, no current post or query.
	 */
	private function reset_state(): void {
		$GLOBALS['wp_rest_server']      = null;
		$GLOBALS['wp_rest_auth_cookie'] = false;
		wp_set_current_user( 0 );
		wp_cache_flush();
		$GLOBALS['wp_the_query'] = new WP_Query();
		$GLOBALS['wp_query']     = $GLOBALS['wp_the_query'];
		$GLOBALS['post']         = null;
	}

	/**
	 * Saves the hooks, so the ones a test adds can be dropped afterwards.
	 */
	private function backup_hooks(): void {
		$this->hooks_backup = array(
			'wp_actions'        => $GLOBALS['wp_actions'],
			'wp_filters'        => $GLOBALS['wp_filters'] ?? array(),
			'wp_current_filter' => $GLOBALS['wp_current_filter'],
			'wp_filter'         => array(),
		);
		foreach ( $GLOBALS['wp_filter'] as $hook_name => $hook ) {
			$this->hooks_backup['wp_filter'][ $hook_name ] = clone $hook;
		}
	}

	/**
	 * Restores the hooks saved by backup_hooks().
	 */
	private function restore_hooks(): void {
		$GLOBALS['wp_actions']        = $this->hooks_backup['wp_actions'];
		$GLOBALS['wp_filters']        = $this->hooks_backup['wp_filters'];
		$GLOBALS['wp_current_filter'] = $this->hooks_backup['wp_current_filter'];
		$GLOBALS['wp_filter']         = array();
		foreach ( $this->hooks_backup['wp_filter'] as $hook_name => $hook ) {
			$GLOBALS['wp_filter'][ $hook_name ] = clone $hook;
		}
	}
}
