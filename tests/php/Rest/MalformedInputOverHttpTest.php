<?php
/**
 * Malformed input on every library/v2 route, over real HTTP, watching the site's PHP log.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions -- curl against the running test site, and its log file.

namespace LibraryPortal\Tests\Rest;

use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\ParallelSite;
use LibraryPortal\Tests\Support\TestCase;

/**
 * `tag` sent as an array to the video and progress routes wrote "Array to
 * string conversion" to the PHP log although the reply was the schema's 400: WordPress builds the
 * 400's Allow header by calling each handler's permission check with the raw parameters, which
 * only a real request (WP_REST_Server::serve_request()) does. Here every route of the plugin gets,
 * as a logged-in customer with a valid nonce, an array and an object for each scalar argument; each
 * must answer 400 `rest_invalid_param`, and the served site's PHP log must not grow by one line.
 * MalformedInputTest covers the other malformed values in the test's own process.
 */
final class MalformedInputOverHttpTest extends TestCase {

	use ParallelSite;

	/**
	 * The contract the test made (deleted afterwards: it was committed).
	 *
	 * @var int
	 */
	private int $contract = 0;

	public function tear_down() {
		if ( $this->contract > 0 ) {
			$this->services()->contracts->delete( $this->contract );
		}
		parent::tear_down();
	}

	/**
	 * The served site's PHP log (WP_DEBUG_LOG of bin/site-config.php).
	 */
	private static function log_file(): string {
		return LIBRARY_PORTAL_DEV_SITE_DIR . '/debug.log';
	}

	/**
	 * Lines the served site's PHP log got since $offset; moves $offset to its end.
	 *
	 * @param int $offset Bytes already read.
	 * @return string[]
	 */
	private function new_log_lines( int &$offset ): array {
		clearstatcache();
		if ( ! is_file( self::log_file() ) ) {
			return array();
		}
		$size   = (int) filesize( self::log_file() );
		$text   = $size > $offset ? (string) file_get_contents( self::log_file(), false, null, $offset ) : '';
		$offset = $size;
		return array_values( array_filter( explode( "\n", $text ), 'strlen' ) );
	}

	/**
	 * A request to the served site: [status, decoded body].
	 *
	 * @param string                               $method  Method.
	 * @param string                               $path    REST path.
	 * @param array<string, mixed>                 $params  Query (GET) or JSON body.
	 * @param array{cookie: string, nonce: string} $browser Cookie and nonce.
	 * @return array{0: int, 1: mixed}
	 */
	private function request( string $method, string $path, array $params, array $browser ): array {
		$url    = 'http://127.0.0.1:' . self::$port . '/wp-json' . $path;
		$handle = curl_init( 'GET' === $method ? $url . '?' . http_build_query( $params ) : $url );
		curl_setopt_array(
			$handle,
			array(
				CURLOPT_CUSTOMREQUEST  => $method,
				CURLOPT_HTTPHEADER     => array( 'Content-Type: application/json', 'X-WP-Nonce: ' . $browser['nonce'], 'Cookie: ' . $browser['cookie'] ),
				CURLOPT_RETURNTRANSFER => true,
				CURLOPT_TIMEOUT        => 60,
			)
		);
		if ( 'GET' !== $method ) {
			curl_setopt( $handle, CURLOPT_POSTFIELDS, (string) wp_json_encode( $params ) );
		}
		$body   = (string) curl_exec( $handle );
		$status = (int) curl_getinfo( $handle, CURLINFO_HTTP_CODE );
		curl_close( $handle );
		return array( $status, json_decode( $body, true ) );
	}

	public function test_arrays_and_objects_for_scalars_get_a_400_on_every_route_and_nothing_in_the_php_log(): void {
		$user = $this->user();
		$item = Library::item( 'Malformed over HTTP', 'on-demand-workshop', 2 );

		$this->committed['posts'][] = $item;
		Library::grant( $user, $item, 2 );
		$contracts      = $this->services()->contracts;
		$this->contract = $contracts->create( array( 'title' => 'Malformed over HTTP' ), time() );
		$contracts->add_member( $this->contract, $user );
		$contracts->add_item( $this->contract, $item );
		$browser    = $this->browser( $user );
		$values     = array(
			'id'         => (string) $item,
			'product_id' => (string) $item,
			'contractid' => (string) $this->contract,
			'n'          => '0',
		);
		$log_offset = 0;
		$this->new_log_lines( $log_offset ); // Only what these requests write counts.

		$sent = 0;
		foreach ( rest_get_server()->get_routes( 'library/v2' ) as $route => $handlers ) {
			if ( '/library/v2' === $route ) {
				continue;
			}
			$path = (string) preg_replace_callback( '#\(\?P<(\w+)>[^)]+\)#', static fn( array $match ): string => $values[ $match[1] ] ?? '1', $route );
			$path = str_replace( array( '(?:', ')?' ), '', $path );
			foreach ( $handlers as $handler ) {
				$args = (array) ( $handler['args'] ?? array() );
				$base = array();
				foreach ( $args as $name => $arg ) {
					if ( ! empty( $arg['required'] ) && ! str_contains( $route, "<$name>" ) ) {
						$base[ $name ] = MalformedInputTest::valid_value( $arg );
					}
				}
				foreach ( array_keys( $handler['methods'] ) as $method ) {
					foreach ( $args as $name => $arg ) {
						if ( in_array( $arg['type'] ?? '', array( 'object', 'array' ), true ) || str_contains( $route, "<$name>" ) ) {
							continue;
						}
						foreach ( array(
							'an array'  => array( 'member', '1' ),
							'an object' => array( 'a' => array( 'b' => 'c' ) ),
						) as $what => $value ) {
							list( $status, $body ) = $this->request( (string) $method, $path, array_merge( $base, array( $name => $value ) ), $browser );
							$this->assertSame( array( 400, 'rest_invalid_param' ), array( $status, is_array( $body ) ? ( $body['code'] ?? null ) : null ), "$method $route $name: $what" );
							++$sent;
							$this->assertSame( array(), $this->new_log_lines( $log_offset ), "$method $route $name: $what: no new line in the PHP log" );
						}
					}
				}
			}
		}

		$this->assertGreaterThan( 40, $sent );
	}
}
