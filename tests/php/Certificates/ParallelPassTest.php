<?php
/**
 * Passes racing each other over real HTTP.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions.system_calls_proc_open -- a test harness: the server process and its sockets.

namespace LibraryPortal\Tests\Certificates;

use LibraryPortal\Certificates\Quiz;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Starts the test site on PHP's built-in server with four workers, commits the fixtures so its
 * processes see them, and sends the same passing answers N times at once (curl_multi, the user's
 * real cookie and nonce). The database's UNIQUE key decides: one certificate, every attempt
 * recorded, every reply carrying that one certificate, one notification to the sharing owner.
 * The committed fixtures are deleted afterwards (the user handler takes their rows).
 */
final class ParallelPassTest extends TestCase {

	private const PARALLEL = 6;

	/**
	 * The server process (leader of its own process group).
	 *
	 * @var resource|null
	 */
	private static $server = null;

	/**
	 * Its port.
	 *
	 * @var int
	 */
	private static int $port = 0;

	/**
	 * Committed users and posts, deleted afterwards.
	 *
	 * @var array{users: int[], posts: int[]}
	 */
	private array $committed = array(
		'users' => array(),
		'posts' => array(),
	);

	public static function set_up_before_class() {
		parent::set_up_before_class();
		$root       = dirname( __DIR__, 3 );
		$probe      = stream_socket_server( 'tcp://127.0.0.1:0' );
		self::$port = (int) substr( strrchr( stream_socket_get_name( $probe, false ), ':' ), 1 );
		fclose( $probe );
		$command      = array( 'setsid', PHP_BINARY, '-d', 'display_errors=0', '-d', 'sendmail_path=/bin/true', '-S', '127.0.0.1:' . self::$port, '-t', $root . '/var/wordpress', $root . '/bin/router.php' );
		$env          = array_merge( getenv(), array( 'PHP_CLI_SERVER_WORKERS' => '4' ) );
		self::$server = proc_open( $command, array( array( 'pipe', 'r' ), array( 'file', '/dev/null', 'w' ), array( 'file', '/dev/null', 'w' ) ), $pipes, $root, $env );
		for ( $i = 0; $i < 100; $i++ ) {
			$socket = @fsockopen( '127.0.0.1', self::$port ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- polling until the server listens.
			if ( $socket ) {
				fclose( $socket );
				break;
			}
			usleep( 50000 );
		}
	}

	public static function tear_down_after_class() {
		if ( self::$server ) {
			$pid = (int) proc_get_status( self::$server )['pid'];
			if ( $pid > 0 ) {
				posix_kill( -$pid, SIGTERM );
			}
			proc_close( self::$server );
			self::$server = null;
		}
		parent::tear_down_after_class();
	}

	/**
	 * What the test writes is committed, as on a real site.
	 */
	public function set_up() {
		global $wpdb;
		parent::set_up();
		$wpdb->query( 'COMMIT' );
	}

	/**
	 * Deletes the committed fixtures, then reopens a transaction for TestCase's rollback.
	 */
	public function tear_down() {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/user.php';
		foreach ( $this->committed['users'] as $user_id ) {
			wp_delete_user( $user_id );
		}
		foreach ( $this->committed['posts'] as $post_id ) {
			wp_delete_post( $post_id, true );
		}
		$wpdb->query( 'START TRANSACTION' );
		parent::tear_down();
	}

	/**
	 * Rows of a table for a user.
	 *
	 * @param string $table   Short table name.
	 * @param int    $user_id User.
	 */
	private static function rows( string $table, int $user_id ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE user_id = %d', $wpdb->prefix . 'lp_' . $table, $user_id ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- %i is newer than WPCS 2.3.
	}

	public function test_racing_passes_issue_one_certificate_and_one_notification(): void {
		$owner                      = $this->make_user();
		$member                     = $this->make_user();
		$this->committed['users']   = array( $owner, $member );
		$item                       = Library::item( 'Racing passes' );
		$this->committed['posts'][] = $item;
		update_post_meta(
			$item,
			Quiz::META_KEY,
			array(
				'questions' => array(
					array(
						'id'      => 'q1',
						'text'    => 'Two and two?',
						'answers' => array( 'Three', 'Four' ),
						'correct' => 1,
					),
				),
			)
		);
		Library::grant( $owner, $item, 2 );
		Library::share( $owner, $member, $item );
		$this->services()->progress->record( $member, $item, 0, 100, time() );
		$cookie = wp_generate_auth_cookie( $member, time() + HOUR_IN_SECONDS, 'logged_in' );
		// The nonce belongs to the session inside this very cookie.
		$before                      = $_COOKIE;
		$_COOKIE[ LOGGED_IN_COOKIE ] = $cookie;
		wp_set_current_user( $member );
		$nonce   = wp_create_nonce( 'wp_rest' );
		$_COOKIE = $before;
		wp_set_current_user( 0 );

		$multi   = curl_multi_init();
		$handles = array();
		for ( $i = 0; $i < self::PARALLEL; $i++ ) {
			$handle = curl_init( 'http://127.0.0.1:' . self::$port . '/wp-json/library/v2/quiz/' . $item );
			curl_setopt_array(
				$handle,
				array(
					CURLOPT_POST           => true,
					CURLOPT_POSTFIELDS     => wp_json_encode( array( 'answers' => array( 'q1' => 1 ) ) ),
					CURLOPT_HTTPHEADER     => array( 'Content-Type: application/json', 'X-WP-Nonce: ' . $nonce, 'Cookie: ' . LOGGED_IN_COOKIE . '=' . rawurlencode( $cookie ) ),
					CURLOPT_RETURNTRANSFER => true,
					CURLOPT_TIMEOUT        => 60,
				)
			);
			curl_multi_add_handle( $multi, $handle );
			$handles[] = $handle;
		}
		do {
			$status = curl_multi_exec( $multi, $running );
			if ( $running ) {
				curl_multi_select( $multi, 1.0 );
			}
		} while ( $running && CURLM_OK === $status );
		$codes = array();
		foreach ( $handles as $handle ) {
			$reply = json_decode( (string) curl_multi_getcontent( $handle ), true );
			$this->assertSame( 200, (int) curl_getinfo( $handle, CURLINFO_HTTP_CODE ), (string) curl_multi_getcontent( $handle ) );
			$this->assertTrue( $reply['data']['passed'] );
			$codes[] = $reply['data']['certificate']['code'];
			curl_multi_remove_handle( $multi, $handle );
			curl_close( $handle );
		}
		curl_multi_close( $multi );

		$this->assertSame( 1, self::rows( 'certificates', $member ), 'One certificate.' );
		$this->assertSame( self::PARALLEL, self::rows( 'quiz_attempts', $member ), 'Every attempt recorded.' );
		$this->assertCount( 1, array_unique( $codes ), 'Every reply carries the one certificate.' );
		$this->assertSame( $this->services()->certificates->for_user_item( $member, $item )->code, $codes[0] );
		$this->assertSame( 1, self::rows( 'notifications', $owner ), 'Only the request that issued it notifies.' );
	}
}
