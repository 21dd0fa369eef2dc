<?php
/**
 * The test site served over HTTP, for real parallel requests.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions.system_calls_proc_open -- a test harness: the server process and its sockets.

namespace LibraryPortal\Tests\Support;

/**
 * Starts the test site on PHP's built-in server with four workers (as bin/site serves sites),
 * commits the fixtures so the server's processes see them, and fires requests at once with
 * curl_multi. The fixtures are deleted afterwards (they were committed, so no rollback takes them).
 */
trait ParallelSite {

	/**
	 * The server (its workers outlive the master: DevServer stops the group).
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

	/**
	 * Whether set_up() ended the test's transaction (tear_down() then opens one again).
	 *
	 * @var bool
	 */
	private bool $committing = false;

	/**
	 * Users and posts committed by the running test, deleted afterwards.
	 *
	 * @var array{users: int[], posts: int[]}
	 */
	private array $committed = array(
		'users' => array(),
		'posts' => array(),
	);

	public static function set_up_before_class() {
		parent::set_up_before_class();
		self::$server = new DevServer(
			self::site_environment(),
			array( '-d', 'display_errors=0', '-d', 'sendmail_path=cat >/dev/null' )
		);
		self::$port   = self::$server->port;
	}

	/**
	 * The server's environment (a test class may add to it).
	 *
	 * @return array<string, string>
	 */
	private static function site_environment(): array {
		return array(
			'LP_SITE'                => (string) getenv( 'LP_SITE' ),
			'PHP_CLI_SERVER_WORKERS' => '4',
			// The server's requests write the public actions they fire here (bin/dev-mu-plugin.php).
			'LP_ACTION_LOG'          => self::action_log(),
		);
	}

	public static function tear_down_after_class() {
		if ( self::$server ) {
			self::$server->stop();
			self::$server = null;
		}
		parent::tear_down_after_class();
	}

	/**
	 * Ends the test's transaction: what the test writes now is committed, as a real site's.
	 */
	/**
	 * The file the server's requests log their public actions to.
	 */
	private static function action_log(): string {
		return dirname( __DIR__, 3 ) . '/var/tmp/parallel-actions-' . getmypid() . '.log';
	}

	/**
	 * The public actions the server's requests fired since the test began, each [name, ...arguments],
	 * in the order they were written.
	 *
	 * @return array<int, array<int, mixed>>
	 */
	private function fired_actions(): array {
		$lines = is_file( self::action_log() ) ? (array) file( self::action_log(), FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES ) : array();
		return array_map( static fn( string $line ): array => (array) json_decode( $line, true ), $lines );
	}

	/**
	 * How many times the server's requests fired an action.
	 *
	 * @param string $name Action.
	 */
	private function fired_count( string $name ): int {
		return count( array_filter( $this->fired_actions(), static fn( array $fired ): bool => ( $fired[0] ?? '' ) === $name ) );
	}

	public function set_up() {
		global $wpdb;
		if ( is_dir( dirname( self::action_log() ) ) ) {
			file_put_contents( self::action_log(), '' );
		}
		parent::set_up(); // May skip the test (WooCommerceTestCase): then nothing was committed.
		$wpdb->query( 'COMMIT' );
		$this->committing = true;
	}

	/**
	 * Deletes the committed fixtures (the user handler takes their seats, progress and cache),
	 * then opens a transaction again for TestCase's rollback.
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
		// Only where set_up() committed: after a skip the test's transaction is still open, and a
		// second START TRANSACTION (a savepoint on SQLite) would leave it open for every later test.
		if ( $this->committing ) {
			$wpdb->query( 'START TRANSACTION' );
			$this->committing = false;
		}
		parent::tear_down();
	}

	/**
	 * A committed user.
	 */
	private function user(): int {
		$user                       = $this->make_user();
		$this->committed['users'][] = $user;
		return $user;
	}

	/**
	 * The logged-in cookie and a REST nonce for a user, as a browser holds them.
	 *
	 * @param int $user_id User.
	 * @return array{cookie: string, nonce: string}
	 */
	private function browser( int $user_id ): array {
		$cookie                      = wp_generate_auth_cookie( $user_id, time() + HOUR_IN_SECONDS, 'logged_in' );
		$before                      = $_COOKIE;
		$_COOKIE[ LOGGED_IN_COOKIE ] = $cookie;
		wp_set_current_user( $user_id );
		$nonce   = wp_create_nonce( 'wp_rest' );
		$_COOKIE = $before;
		wp_set_current_user( 0 );
		return array(
			'cookie' => LOGGED_IN_COOKIE . '=' . rawurlencode( $cookie ),
			'nonce'  => $nonce,
		);
	}

	/**
	 * Fires POST requests at once and returns [status, decoded body] of each.
	 *
	 * @param string                           $route   REST route.
	 * @param array{cookie: string, nonce: string} $browser Cookie and nonce.
	 * @param array<int, array<string, mixed>> $bodies  One JSON body per request.
	 * @return array<int, array{0: int, 1: mixed}>
	 */
	private function fire( string $route, array $browser, array $bodies ): array {
		return $this->fire_as( array_map( static fn( array $body ) => array( $route, $browser, $body ), $bodies ) );
	}

	/**
	 * Fires POST requests at once, each to its route from its own browser, and returns
	 * [status, decoded body] of each.
	 *
	 * @param array<int, array{0: string, 1: array{cookie: string, nonce: string}, 2: array<string, mixed>}> $requests Route, browser and JSON body of each.
	 * @return array<int, array{0: int, 1: mixed}>
	 */
	private function fire_as( array $requests ): array {
		$multi   = curl_multi_init();
		$handles = array();
		foreach ( $requests as list( $route, $browser, $body ) ) {
			$handle = curl_init( 'http://127.0.0.1:' . self::$port . '/wp-json' . $route );
			curl_setopt_array(
				$handle,
				array(
					CURLOPT_POST           => true,
					CURLOPT_POSTFIELDS     => wp_json_encode( $body ),
					CURLOPT_HTTPHEADER     => array( 'Content-Type: application/json', 'X-WP-Nonce: ' . $browser['nonce'], 'Cookie: ' . $browser['cookie'] ),
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

		$replies = array();
		foreach ( $handles as $handle ) {
			$replies[] = array( (int) curl_getinfo( $handle, CURLINFO_HTTP_CODE ), json_decode( (string) curl_multi_getcontent( $handle ), true ) );
			curl_multi_remove_handle( $multi, $handle );
			curl_close( $handle );
		}
		curl_multi_close( $multi );
		return $replies;
	}

}
