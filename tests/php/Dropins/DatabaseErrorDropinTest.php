<?php
/**
 * The database-error drop-in (includes/dropins/db-error.php, linked into the local core by bin/setup)
 * over real HTTP, on a site whose database cannot be reached.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions.system_calls_proc_open -- a test harness: sockets and the server process.

namespace LibraryPortal\Tests\Dropins;

use LibraryPortal\Tests\Support\DevServer;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Serves a site named "nodb-mariadb" (its database lp_nodb_mariadb never exists) with PHP's server:
 * WordPress reaches dead_db() on every request, as it does while MariaDB is stopped.
 */
final class DatabaseErrorDropinTest extends TestCase {

	/**
	 * The server.
	 *
	 * @var DevServer|null
	 */
	private static ?DevServer $server = null;

	/**
	 * Its port.
	 *
	 * @var int
	 */
	private static int $port = 0;

	public static function set_up_before_class() {
		parent::set_up_before_class();
		self::$server = new DevServer(
			array(
				'LP_SITE'      => 'nodb-mariadb',
				'LP_DB_ENGINE' => 'mariadb',
			)
		);
		self::$port   = self::$server->port;
	}

	public static function tear_down_after_class() {
		if ( self::$server ) {
			self::$server->stop();
			self::$server = null;
		}
		parent::tear_down_after_class();
	}

	/**
	 * GET a path: [status, headers (lower-case names), body].
	 *
	 * @param string $path Path.
	 * @return array{0: int, 1: array<string, string>, 2: string}
	 */
	private function get( string $path ): array {
		$socket = fsockopen( '127.0.0.1', self::$port, $errno, $error, 5 );
		$this->assertNotFalse( $socket, $error );
		stream_set_timeout( $socket, 30 );
		fwrite( $socket, "GET $path HTTP/1.0\r\nHost: 127.0.0.1:" . self::$port . "\r\nAccept: application/json\r\nConnection: close\r\n\r\n" );
		$reply = (string) stream_get_contents( $socket );
		fclose( $socket );
		list( $head, $body ) = array_pad( explode( "\r\n\r\n", $reply, 2 ), 2, '' );
		preg_match( '#^HTTP/\S+ (\d{3})#', $head, $status );
		$headers = array();
		foreach ( array_slice( explode( "\r\n", $head ), 1 ) as $line ) {
			list( $name, $value )                   = array_pad( explode( ':', $line, 2 ), 2, '' );
			$headers[ strtolower( trim( $name ) ) ] = trim( $value );
		}
		return array( (int) ( $status[1] ?? 0 ), $headers, $body );
	}

	public function test_a_rest_request_gets_503_json_and_retry_after(): void {
		foreach ( array( '/wp-json/library/v2/items/', '/?rest_route=/library/v2/video/progress/5' ) as $path ) {
			list( $status, $headers, $body ) = $this->get( $path );
			$this->assertSame( 503, $status, $path );
			$this->assertSame( '10', $headers['retry-after'] ?? '', $path );
			$this->assertStringStartsWith( 'application/json', $headers['content-type'] ?? '', $path );
			$error = json_decode( $body, true );
			$this->assertSame( 'database_unavailable', $error['code'] ?? null, $path );
			$this->assertSame( 503, $error['data']['status'] ?? null, $path );
		}
	}

	public function test_a_page_gets_a_503_page_that_is_not_kept(): void {
		list( $status, $headers, $body ) = $this->get( '/my-account/library/' );
		$this->assertSame( 503, $status );
		$this->assertSame( '10', $headers['retry-after'] ?? '' );
		$this->assertStringContainsString( 'no-cache', $headers['cache-control'] ?? '' );
		$this->assertStringContainsString( '<h1>Error establishing a database connection</h1>', $body );
	}
}
