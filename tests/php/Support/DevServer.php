<?php
/**
 * PHP's built-in server with bin/router.php on a free port, as bin/site serves the local sites.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions.system_calls_proc_open -- a test harness: the server process and its sockets.

namespace LibraryPortal\Tests\Support;

/**
 * One server process, leader of its own process group (its workers outlive the master, so
 * stop() ends the whole group). The tests that talk to a site over real HTTP start one.
 */
final class DevServer {

	/**
	 * The server process.
	 *
	 * @var resource|null
	 */
	private $process;

	/**
	 * Its port.
	 *
	 * @var int
	 */
	public int $port;

	/**
	 * Starts the server on the local core and waits until it listens (5 s at most).
	 *
	 * @param array<string, string> $env      Environment added to the test's own (LP_SITE, …); LP_PORT is
	 *                                        the server's port (a site not known by name needs it).
	 * @param string[]              $php_args PHP options before -S, e.g. array( '-d', 'display_errors=0' ).
	 */
	public function __construct( array $env, array $php_args = array( '-d', 'display_errors=0' ) ) {
		$root       = dirname( __DIR__, 3 );
		$probe      = stream_socket_server( 'tcp://127.0.0.1:0' );
		$this->port = (int) substr( (string) strrchr( (string) stream_socket_get_name( $probe, false ), ':' ), 1 );
		fclose( $probe );

		$command       = array_merge( array( 'setsid', PHP_BINARY ), $php_args, array( '-S', '127.0.0.1:' . $this->port, '-t', $root . '/var/wordpress', $root . '/bin/router.php' ) );
		$this->process = proc_open( $command, array( array( 'pipe', 'r' ), array( 'file', '/dev/null', 'w' ), array( 'file', '/dev/null', 'w' ) ), $pipes, $root, array_merge( getenv(), array( 'LP_PORT' => (string) $this->port ), $env ) );
		for ( $i = 0; $i < 100; $i++ ) {
			$socket = @fsockopen( '127.0.0.1', $this->port ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- polling until the server listens.
			if ( $socket ) {
				fclose( $socket );
				break;
			}
			usleep( 50000 );
		}
	}

	/**
	 * Stops the server and its workers.
	 */
	public function stop(): void {
		if ( ! $this->process ) {
			return;
		}
		$pid = (int) proc_get_status( $this->process )['pid'];
		if ( $pid > 0 ) {
			posix_kill( -$pid, SIGTERM ); // The group: master and workers.
		}
		proc_close( $this->process );
		$this->process = null;
	}
}
