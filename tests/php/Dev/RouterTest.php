<?php
/**
 * The dev router of PHP's built-in server, over real HTTP.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions.system_calls_proc_open -- a test harness: raw sockets, files and the server process.

namespace LibraryPortal\Tests\Dev;

use LibraryPortal\Tests\Support\DevServer;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Starts `php -S` with bin/router.php on a free port and asks for the project's private files
 * in every spelling: none of them is served, while WordPress and the plugin's build are.
 */
final class RouterTest extends TestCase {

	private const SECRET = 'router-canary-7f3a9c';

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

	/**
	 * Canary file in the site's var folder, as logins.json is.
	 *
	 * @var string
	 */
	private static string $canary = '';

	public static function set_up_before_class() {
		parent::set_up_before_class();
		$site         = (string) getenv( 'LP_SITE' );
		self::$canary = library_portal_site_settings( $site )['dir'] . '/router-canary.json';
		file_put_contents( self::$canary, '{"password":"' . self::SECRET . '"}' );

		self::$server = new DevServer( array( 'LP_SITE' => $site ), array() );
		self::$port   = self::$server->port;
	}

	public static function tear_down_after_class() {
		if ( self::$server ) {
			self::$server->stop();
			self::$server = null;
		}
		if ( is_file( self::$canary ) ) {
			unlink( self::$canary );
		}
		parent::tear_down_after_class();
	}

	/**
	 * Sends a request line exactly as given (no client normalises the path) and returns
	 * [status, body].
	 *
	 * @param string $path Raw request target.
	 * @return array{0: int, 1: string}
	 */
	private function get( string $path ): array {
		$socket = fsockopen( '127.0.0.1', self::$port, $errno, $error, 5 );
		$this->assertNotFalse( $socket, 'no server on port ' . self::$port . ": $error" );
		stream_set_timeout( $socket, 30 );
		fwrite( $socket, "GET $path HTTP/1.0\r\nHost: 127.0.0.1:" . self::$port . "\r\nConnection: close\r\n\r\n" );
		$reply = stream_get_contents( $socket );
		fclose( $socket );
		list( $head, $body ) = array_pad( explode( "\r\n\r\n", (string) $reply, 2 ), 2, '' );
		preg_match( '#^HTTP/\S+ (\d{3})#', $head, $status );
		return array( (int) ( $status[1] ?? 0 ), $body );
	}

	/**
	 * Spellings of private files reached through the plugin symlink.
	 *
	 * @return array<string, array{0: string}>
	 */
	public function private_paths(): array {
		$site   = (string) getenv( 'LP_SITE' );
		$plugin = '/wp-content/plugins/library-portal';
		$var    = 'var/sites/' . $site . '/router-canary.json';
		return array(
			'plain'              => array( "$plugin/$var" ),
			'double slash'       => array( "$plugin//$var" ),
			'dot segment'        => array( "$plugin/./$var" ),
			'%2e segment'        => array( "$plugin/%2e/$var" ),
			'%2E%2F'             => array( "$plugin/%2E%2F$var" ),
			'encoded letters'    => array( "$plugin/%76%61%72/sites/$site/router-canary.json" ),
			'dot-dot via build'  => array( "$plugin/build/../$var" ),
			'%2e%2e via build'   => array( "$plugin/build/%2e%2e/$var" ),
			'slashes everywhere' => array( "//wp-content//plugins//library-portal//$var" ),
			'path info'          => array( "$plugin/$var/x" ),
		);
	}

	/**
	 * @dataProvider private_paths
	 *
	 * @param string $path Request path.
	 */
	public function test_the_projects_var_folder_is_never_served( string $path ): void {
		list( $status, $body ) = $this->get( $path );

		$this->assertStringNotContainsString( self::SECRET, $body, $path );
		$this->assertContains( $status, array( 403, 404 ), $path );
	}

	/**
	 * Dev files of the repository.
	 *
	 * @return array<string, array{0: string}>
	 */
	public function dev_files(): array {
		$plugin = '/wp-content/plugins/library-portal';
		return array(
			'composer lock of vendor' => array( "$plugin/vendor/composer/installed.json" ),
			'vendor via //'           => array( "$plugin//vendor/autoload.php" ),
			'node_modules'            => array( "$plugin/node_modules/.package-lock.json" ),
			'tests'                   => array( "$plugin/tests/php/bootstrap.php" ),
			'bin'                     => array( "$plugin/bin/sites.php" ),
			'dev'                     => array( "$plugin/dev/DemoSeeder.php" ),
			'.git'                    => array( "$plugin/.git/HEAD" ),
			'.git encoded'            => array( "$plugin/%2egit/HEAD" ),
			'package.json'            => array( "$plugin/package.json" ),
			'plugin PHP'              => array( "$plugin/includes/Plugin.php" ),
		);
	}

	/**
	 * @dataProvider dev_files
	 *
	 * @param string $path Request path.
	 */
	public function test_dev_files_of_the_repository_are_refused( string $path ): void {
		list( $status ) = $this->get( $path );

		$this->assertSame( 403, $status, $path );
	}

	public function test_wordpress_and_the_plugins_build_are_served(): void {
		list( $status, $body ) = $this->get( '/wp-content/plugins/library-portal/build/index.js' );
		$this->assertSame( 200, $status );
		$this->assertSame( file_get_contents( dirname( __DIR__, 3 ) . '/build/index.js' ), $body );

		list( $status ) = $this->get( '/wp-includes/js/jquery/jquery.min.js' );
		$this->assertSame( 200, $status );

		list( $status, $body ) = $this->get( '/wp-login.php' );
		$this->assertSame( 200, $status );
		$this->assertStringContainsString( 'user_login', $body );
	}

	public function test_a_plugin_linked_from_outside_the_docroot_serves_its_assets_not_its_php(): void {
		$root   = dirname( __DIR__, 3 );
		$copy   = $root . '/var/tmp/router-linked-plugin-' . getmypid();
		$link   = $root . '/var/wordpress/wp-content/plugins/lp-router-linked';
		$secret = '<?php echo "' . self::SECRET . '";';
		wp_mkdir_p( $copy . '/assets' );
		file_put_contents( $copy . '/assets/style.css', 'body{color:#000}' );
		file_put_contents( $copy . '/assets/secret.php', $secret );
		file_put_contents( $copy . '/assets/.env', self::SECRET );
		symlink( $copy, $link ); // As bin/site-install.php links a WooCommerce copy (CONTRIBUTING.md).
		try {
			list( $status, $body ) = $this->get( '/wp-content/plugins/lp-router-linked/assets/style.css' );
			$this->assertSame( 200, $status );
			$this->assertSame( 'body{color:#000}', $body );
			foreach ( array( 'secret.php', '.env', '%2eenv' ) as $file ) {
				list( $status, $body ) = $this->get( '/wp-content/plugins/lp-router-linked/assets/' . $file );
				$this->assertSame( 403, $status, $file );
				$this->assertStringNotContainsString( self::SECRET, $body, $file );
			}
		} finally {
			unlink( $link );
			array_map( 'unlink', array( $copy . '/assets/style.css', $copy . '/assets/secret.php', $copy . '/assets/.env' ) );
			rmdir( $copy . '/assets' );
			rmdir( $copy );
		}
	}
}
