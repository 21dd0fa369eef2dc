<?php
/**
 * Malformed input on every library/v2 route.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Rest;

use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;
use WP_REST_Request;
use WP_REST_Response;

/**
 * Walks the routes the REST server itself lists under library/v2 (a route added later is covered
 * without touching this test) and sends each route and method, as a logged-in user who owns an
 * item that is also in their contract, the malformed requests a client or an attacker may send:
 * wrong types, arrays and objects for scalars, huge and negative numbers, values outside an enum,
 * 100 KB strings and broken JSON. Every declared argument must be refused by its schema (400
 * `rest_invalid_param` naming it) and every reply must be a JSON error without a PHP notice or
 * warning; a parameter a route does not declare must be ignored, also without a notice (a route
 * that reads a parameter must declare it). docs/rules/platform.md, "Security".
 */
final class MalformedInputTest extends TestCase {

	private const NAMESPACE_INDEX = '/library/v2';

	private const BIG_STRING_BYTES = 100 * 1024;

	/**
	 * The user the requests are sent as.
	 *
	 * @var int
	 */
	private int $user = 0;

	/**
	 * Values for the path parameters, by name.
	 *
	 * @var array<string, string>
	 */
	private array $path_values = array();

	/**
	 * PHP errors raised while a request was dispatched.
	 *
	 * @var string[]
	 */
	private array $php_errors = array();

	public function set_up() {
		parent::set_up();
		$this->user = $this->make_user();
		$item       = Library::item( 'Malformed input', 'on-demand-workshop', 2 );
		Library::grant( $this->user, $item, 2 );
		$contracts = $this->services()->contracts;
		$contract  = $contracts->create( array( 'title' => 'Malformed contract' ), time() );
		$contracts->add_member( $contract, $this->user );
		$contracts->add_item( $contract, $item );
		// Path parameters get values that reach the routes' own checks (the user's item and contract).
		$this->path_values = array(
			'id'         => (string) $item,
			'product_id' => (string) $item,
			'contractid' => (string) $contract,
			'n'          => '0',
		);
	}

	/**
	 * The plugin's routes and methods with their declared arguments (the namespace's index,
	 * WordPress's own description of the routes, excepted).
	 *
	 * @return array<int, array{route: string, method: string, args: array<string, array<string, mixed>>}>
	 */
	private static function endpoints(): array {
		$endpoints = array();
		foreach ( rest_get_server()->get_routes( 'library/v2' ) as $route => $handlers ) {
			if ( self::NAMESPACE_INDEX === $route ) {
				continue;
			}
			foreach ( $handlers as $handler ) {
				foreach ( array_keys( $handler['methods'] ) as $method ) {
					$endpoints[] = array(
						'route'  => $route,
						'method' => (string) $method,
						'args'   => (array) ( $handler['args'] ?? array() ),
					);
				}
			}
		}
		return $endpoints;
	}

	/**
	 * A concrete path for a route pattern, path parameters replaced by values.
	 *
	 * @param string                $route     Route pattern.
	 * @param array<string, string> $overrides Path parameter values to use instead of the fixture's.
	 */
	private function path( string $route, array $overrides = array() ): string {
		$values = array_merge( $this->path_values, $overrides );
		$path   = (string) preg_replace_callback( '#\(\?P<(\w+)>[^)]+\)#', static fn( array $match ): string => $values[ $match[1] ] ?? '1', $route );
		$path   = str_replace( array( '(?:', ')?' ), '', $path );
		$this->assertMatchesRegularExpression( '@^' . $route . '$@i', $path, "A path for $route" );
		return $path;
	}

	/**
	 * Names of the route's parameters that are part of its path.
	 *
	 * @param string $route Route pattern.
	 * @return string[]
	 */
	private static function path_names( string $route ): array {
		preg_match_all( '#\(\?P<(\w+)>#', $route, $matches );
		return $matches[1];
	}

	/**
	 * A valid value for a required argument, so that only the malformed one is refused (the
	 * over-HTTP test uses it too).
	 *
	 * @param array<string, mixed> $arg Schema.
	 * @return mixed
	 */
	public static function valid_value( array $arg ) {
		if ( isset( $arg['enum'] ) ) {
			return $arg['enum'][0];
		}
		switch ( $arg['type'] ?? '' ) {
			case 'integer':
				return max( (int) ( $arg['minimum'] ?? 1 ), min( 5, (int) ( $arg['maximum'] ?? 5 ) ) );
			case 'boolean':
				return false;
			case 'object':
				return new \stdClass();
			case 'array':
				return array();
			default:
				return 'abc';
		}
	}

	/**
	 * Malformed values for an argument, by what they try.
	 *
	 * @param array<string, mixed> $arg Schema.
	 * @param bool                 $json Sent as JSON (types kept) rather than as a query string.
	 * @return array<string, mixed>
	 */
	private static function malformed_values( array $arg, bool $json ): array {
		$type   = (string) ( $arg['type'] ?? '' );
		$values = array(
			'100 KB string' => str_repeat( 'x', self::BIG_STRING_BYTES ),
		);
		if ( 'object' !== $type && 'array' !== $type ) {
			$values['array for a scalar']  = array( 'member', '1' );
			$values['object for a scalar'] = array( 'a' => array( 'b' => 'c' ) );
		}
		if ( isset( $arg['enum'] ) ) {
			$values['outside the enum'] = 'not-one-of-them';
		}
		switch ( $type ) {
			case 'integer':
				$values['not a number']  = 'twelve';
				$values['a fraction']    = $json ? 1.5 : '1.5';
				$values['huge number']   = '9' . str_repeat( '9', 30 );
				$values['negative']      = $json ? -1 : '-1';
				$values['below minimum'] = ( (int) $arg['minimum'] ) - 1;
				$values['above maximum'] = (int) $arg['maximum'] + 1;
				if ( (int) $arg['minimum'] < 0 ) {
					$values['negative'] = (int) $arg['minimum'] - 1000;
				}
				break;
			case 'boolean':
				$values['not a boolean'] = 'maybe';
				$values['a number']      = $json ? 7 : '7';
				break;
			case 'string':
				if ( $json ) {
					$values['a number for a string'] = 12;
				}
				break;
			case 'object':
				$values['a string for an object'] = 'answers';
				$value_schema                     = is_array( $arg['additionalProperties'] ?? null ) ? $arg['additionalProperties'] : array();
				foreach ( self::malformed_values( $value_schema, $json ) as $what => $value ) {
					$values[ "a property with $what" ] = array( 'q1' => $value );
				}
				break;
		}
		return $values;
	}

	/**
	 * Dispatches a request as the user, catching PHP errors, and checks the reply is a JSON error.
	 *
	 * @param string               $method Method.
	 * @param string               $path   Path.
	 * @param array<string, mixed> $params Query (GET) or JSON body params.
	 * @param string|null          $body   Raw JSON body instead of $params.
	 */
	private function send( string $method, string $path, array $params, ?string $body = null ): WP_REST_Response {
		wp_set_current_user( $this->user );
		$request = new WP_REST_Request( $method, $path );
		if ( 'GET' === $method && null === $body ) {
			$request->set_query_params( $params );
		} else {
			$request->set_header( 'Content-Type', 'application/json' );
			$request->set_body( $body ?? (string) wp_json_encode( $params ) );
		}
		$this->php_errors = array();
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_set_error_handler -- the test watches for notices.
		set_error_handler(
			function ( int $level, string $message, string $file, int $line ): bool {
				$this->php_errors[] = "$message ($file:$line)";
				return true;
			}
		);
		try {
			$response = rest_ensure_response( rest_get_server()->dispatch( $request ) );
			// As WP_REST_Server::serve_request() does: its filters run for refused requests too,
			// and WordPress's rest_send_allow_header() calls every handler's permission check
			// with the raw, unvalidated parameters.
			$response = rest_ensure_response( apply_filters( 'rest_post_dispatch', $response, rest_get_server(), $request ) ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- core's filter.
			$encoded  = wp_json_encode( rest_get_server()->response_to_data( $response, false ) );
		} finally {
			restore_error_handler();
		}
		$this->assertSame( array(), $this->php_errors, "$method $path: no PHP notice or warning" );
		$this->assertIsString( $encoded, "$method $path: a JSON reply" );
		$this->assertLessThan( 500, $response->get_status(), "$method $path: no server error" );
		return $response;
	}

	/**
	 * Asserts a reply is the schema's refusal of one argument.
	 *
	 * @param WP_REST_Response $response Reply.
	 * @param string           $name     Argument.
	 * @param string           $what     What was sent.
	 */
	private function assert_refused( WP_REST_Response $response, string $name, string $what ): void {
		$data = (array) $response->get_data();
		$this->assertSame( 400, $response->get_status(), "$what: 400" );
		$this->assertSame( 'rest_invalid_param', $data['code'] ?? null, "$what: refused by the schema" );
		$this->assertIsString( $data['message'] ?? null, "$what: with a message" );
		$this->assertArrayHasKey( $name, (array) ( $data['data']['params'] ?? array() ), "$what: names the argument" );
	}

	public function test_every_argument_is_declared_with_its_type_and_allowed_values(): void {
		$this->assertGreaterThanOrEqual( 21, count( self::endpoints() ) );
		foreach ( self::endpoints() as $endpoint ) {
			foreach ( $endpoint['args'] as $name => $arg ) {
				$where = "{$endpoint['method']} {$endpoint['route']} $name";
				$this->assertContains( $arg['type'] ?? null, array( 'integer', 'string', 'boolean', 'object' ), "$where: a type" );
				if ( 'integer' === $arg['type'] ) {
					$this->assertArrayHasKey( 'minimum', $arg, $where );
					$this->assertArrayHasKey( 'maximum', $arg, $where );
				} elseif ( 'string' === $arg['type'] ) {
					$this->assertTrue( isset( $arg['enum'] ) || isset( $arg['maxLength'] ), "$where: an enum or a maxLength" );
				} elseif ( 'object' === $arg['type'] ) {
					$this->assertIsArray( $arg['additionalProperties'] ?? null, "$where: the type of its values" );
				}
			}
			foreach ( self::path_names( $endpoint['route'] ) as $name ) {
				$this->assertArrayHasKey( $name, $endpoint['args'], "{$endpoint['route']}: path parameter $name declared" );
			}
		}
	}

	public function test_malformed_arguments_get_a_400_json_error_and_no_notice(): void {
		$sent = 0;
		foreach ( self::endpoints() as $endpoint ) {
			$method = $endpoint['method'];
			$json   = 'GET' !== $method;
			$base   = array();
			foreach ( $endpoint['args'] as $name => $arg ) {
				if ( ! empty( $arg['required'] ) && ! in_array( $name, self::path_names( $endpoint['route'] ), true ) ) {
					$base[ $name ] = self::valid_value( $arg );
				}
			}
			$path = $this->path( $endpoint['route'] );

			foreach ( $endpoint['args'] as $name => $arg ) {
				foreach ( self::malformed_values( $arg, $json ) as $what => $value ) {
					$response = $this->send( $method, $path, array_merge( $base, array( $name => $value ) ) );
					$this->assert_refused( $response, $name, "$method {$endpoint['route']} $name: $what" );
					++$sent;
				}
			}

			foreach ( self::path_names( $endpoint['route'] ) as $name ) {
				$arg = $endpoint['args'][ $name ];
				foreach ( array(
					'huge number in the path'   => '9' . str_repeat( '9', 30 ),
					'above maximum in the path' => (string) ( (int) $arg['maximum'] + 1 ),
				) as $what => $value ) {
					$response = $this->send( $method, $this->path( $endpoint['route'], array( $name => $value ) ), $base );
					$this->assert_refused( $response, $name, "$method {$endpoint['route']} $name: $what" );
					++$sent;
				}
			}

			$broken = $this->send( $method, $path, array(), '{"progress": [1, ' );
			$this->assertSame( 400, $broken->get_status(), "$method {$endpoint['route']}: broken JSON" );
			$this->assertSame( 'rest_invalid_json', $broken->get_data()['code'] ?? null, "$method {$endpoint['route']}: broken JSON" );
			++$sent;
		}
		$this->assertGreaterThan( 250, $sent );
	}

	public function test_parameters_a_route_does_not_declare_are_ignored_without_a_notice(): void {
		$names = array();
		foreach ( self::endpoints() as $endpoint ) {
			$names = array_merge( $names, array_keys( $endpoint['args'] ) );
		}
		$names = array_unique( array_merge( $names, array( 'tag', 'contract', 'contractid', 'page', 'per_page', 'search', 'status' ) ) );

		foreach ( self::endpoints() as $endpoint ) {
			$method = $endpoint['method'];
			$base   = array();
			foreach ( $endpoint['args'] as $name => $arg ) {
				if ( ! empty( $arg['required'] ) && ! in_array( $name, self::path_names( $endpoint['route'] ), true ) ) {
					$base[ $name ] = self::valid_value( $arg );
				}
			}
			foreach ( array_diff( $names, array_keys( $endpoint['args'] ) ) as $name ) {
				// An array where a scalar is read: "Array to string conversion" if the code casts it.
				$this->send( $method, $this->path( $endpoint['route'] ), array_merge( $base, array( $name => array( 'member' => array( 'x' ) ) ) ) );
			}
		}
	}
}
