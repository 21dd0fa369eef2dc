<?php
/**
 * The installable zip works on a fresh site.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec, WordPress.PHP.DiscouragedPHPFunctions.system_calls_proc_open -- a test harness: files, HTTP, the packager and the server process.

namespace LibraryPortal\Tests\Dev;

use LibraryPortal\Tests\Support\TestCase;
use ZipArchive;

/**
 * Builds the zip with bin/package, installs it into a new site with its own copy of the core
 * (var/sites/zip-<engine>/wordpress: the shared core's files hard-linked, a plugins folder that
 * holds only the unzipped package, no link to this repository), activates it with
 * activate_plugin(), serves the site with PHP's built-in server and opens the portal as a
 * logged-in member. The site's engine follows the PHPUnit lane: zip-sqlite on SQLite,
 * zip-mariadb on MariaDB. The shared core, its plugins folder and the other sites are not touched.
 */
final class PluginZipTest extends TestCase {

	private const PLUGIN = 'library-portal/library-portal.php';

	/**
	 * The site's name, folder, port and address.
	 *
	 * @var array{site: string, dir: string, port: int, url: string}
	 */
	private static array $site = array(
		'site' => '',
		'dir'  => '',
		'port' => 0,
		'url'  => '',
	);

	/**
	 * The zip bin/package wrote.
	 *
	 * @var string
	 */
	private static string $zip = '';

	/**
	 * What the activate step reported, or the error of the step that failed.
	 *
	 * @var array<string, mixed>
	 */
	private static array $activation = array();

	/**
	 * The server process (leader of its own process group).
	 *
	 * @var resource|null
	 */
	private static $server = null;

	/**
	 * What the install steps printed (stdout and stderr).
	 *
	 * @var string[]
	 */
	private static array $install_output = array();

	public static function set_up_before_class() {
		parent::set_up_before_class();
		$root  = dirname( __DIR__, 3 );
		$name  = str_ends_with( (string) getenv( 'LP_SITE' ), 'mariadb' ) ? 'zip-mariadb' : 'zip-sqlite';
		$probe = stream_socket_server( 'tcp://127.0.0.1:0' );
		$port  = (int) substr( (string) strrchr( (string) stream_socket_get_name( $probe, false ), ':' ), 1 );
		fclose( $probe );
		self::$site = array(
			'site' => $name,
			'dir'  => $root . '/var/sites/' . $name,
			'port' => $port,
			'url'  => 'http://127.0.0.1:' . $port,
		);

		$dir = self::$site['dir'];
		$wp  = $dir . '/wordpress';

		try {
			// The zip, as `npm run plugin-zip` makes it (from the build bin/setup made).
			self::shell( escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( $root . '/bin/package.php' ) . ' --out=' . escapeshellarg( $dir . '/package' ), $output );
			self::$zip = (string) strtok( (string) end( $output ), ' ' );

			// A core of its own: the shared core's files hard-linked (no copy, no link back to the
			// repository: PHP resolves symlinked files to their target, which would load the shared core).
			$core = $root . '/var/wordpress';
			self::shell( 'rm -rf ' . escapeshellarg( $wp ) . ' ' . escapeshellarg( $dir . '/debug.log' ) . ' && mkdir -p ' . escapeshellarg( $wp . '/wp-content/plugins' ) . ' ' . escapeshellarg( $wp . '/wp-content/mu-plugins' ) );
			self::shell( 'cd ' . escapeshellarg( $core ) . ' && cp -al wp-admin wp-includes index.php wp-*.php xmlrpc.php ' . escapeshellarg( $wp ) . ' && rm ' . escapeshellarg( $wp . '/wp-config.php' ) . ' && cp -al wp-content/index.php wp-content/themes ' . escapeshellarg( $wp . '/wp-content' ) . ' && cp wp-content/db.php ' . escapeshellarg( $wp . '/wp-content' ) . ' && cp -al wp-content/plugins/index.php wp-content/plugins/sqlite-database-integration ' . escapeshellarg( $wp . '/wp-content/plugins' ) );
			// db.php is copied, not linked: the SQLite integration may rewrite its drop-in. The local
			// runtime's must-use plugin (no calls to wordpress.org) and its configuration.
			copy( $root . '/bin/dev-mu-plugin.php', $wp . '/wp-content/mu-plugins/library-portal-dev.php' );
			file_put_contents( $wp . '/wp-config.php', "<?php\nrequire " . var_export( $root . '/bin/site-config.php', true ) . ";\ndefined( 'ABSPATH' ) || define( 'ABSPATH', __DIR__ . '/' );\nrequire_once ABSPATH . 'wp-settings.php';\n" ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_var_export

			// Installed the way a site owner does: the zip unpacked into wp-content/plugins.
			$archive = new ZipArchive();
			if ( true !== $archive->open( self::$zip ) || ! $archive->extractTo( $wp . '/wp-content/plugins' ) ) {
				throw new \RuntimeException( 'cannot unpack ' . self::$zip );
			}
			$archive->close();

			foreach ( array( 'database', 'install', 'activate' ) as $step ) {
				$output = array();
				self::shell( self::env() . ' ' . escapeshellarg( PHP_BINARY ) . ' -d ' . escapeshellarg( 'sendmail_path=cat >/dev/null' ) . ' -d display_errors=stderr -d memory_limit=512M ' . escapeshellarg( __DIR__ . '/zip-site.php' ) . ' ' . escapeshellarg( $wp ) . ' ' . $step, $output );
				self::$install_output = array_merge( self::$install_output, $output );
			}
			self::$activation = (array) json_decode( (string) end( $output ), true );

			$command      = array( 'setsid', PHP_BINARY, '-d', 'display_errors=0', '-d', 'log_errors=1', '-d', 'error_log=' . $dir . '/debug.log', '-d', 'sendmail_path=cat >/dev/null', '-S', '127.0.0.1:' . $port, '-t', $wp, $root . '/bin/router.php' );
			$env          = array_merge(
				getenv(),
				array(
					'LP_SITE' => $name,
					'LP_PORT' => (string) $port,
				)
			);
			self::$server = proc_open( $command, array( array( 'pipe', 'r' ), array( 'file', '/dev/null', 'w' ), array( 'file', $dir . '/server.log', 'w' ) ), $pipes, $root, $env );
			for ( $i = 0; $i < 100; $i++ ) {
				$socket = @fsockopen( '127.0.0.1', $port ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- polling until the server listens.
				if ( $socket ) {
					fclose( $socket );
					break;
				}
				usleep( 50000 );
			}
		} catch ( \RuntimeException $e ) {
			self::$activation = array( 'error' => $e->getMessage() );
		}
	}

	public static function tear_down_after_class() {
		if ( self::$server ) {
			$pid = (int) proc_get_status( self::$server )['pid'];
			if ( $pid > 0 ) {
				posix_kill( -$pid, SIGTERM ); // The group: the server and any worker.
			}
			proc_close( self::$server );
			self::$server = null;
		}
		parent::tear_down_after_class();
	}

	public function test_the_install_prints_no_php_notice(): void {
		$this->assertNotEmpty( self::$install_output, 'the install ran' );
		$notices = preg_grep( '/\b(Deprecated|Notice|Warning|Fatal error):/', self::$install_output );
		$this->assertSame( array(), array_values( (array) $notices ), 'PHP notices during a fresh install (the SQLite integration\'s are cast away by bin/setup).' );
	}

	public function test_the_zip_activates_on_a_fresh_site_from_its_own_folder(): void {
		$this->assertArrayNotHasKey( 'error', self::$activation, (string) ( self::$activation['error'] ?? '' ) );
		$this->assertTrue( self::$activation['activated'] ?? null, 'activate_plugin(): ' . wp_json_encode( self::$activation ) );
		$this->assertSame( array( self::PLUGIN ), self::$activation['active'] );

		$folder = self::$site['dir'] . '/wordpress/wp-content/plugins/library-portal';
		$this->assertFalse( is_link( $folder ), 'The plugin is the unzipped copy, not a link to the repository.' );
		$this->assertSame( realpath( $folder ), self::$activation['plugin_dir'] );
		$this->assertGreaterThan( 0, self::$activation['schema'], 'Activation created the tables.' );
		$this->assertFileExists( $folder . '/composer.json' ); // What vendor/ holds, for reviewers (PackageTest checks its content).
		$this->assertDirectoryDoesNotExist( $folder . '/dev' );
		// The portal block (the Library page holds it on this block theme): block.json and its editor script.
		foreach ( array( 'block.json', 'index.js', 'index.asset.php' ) as $file ) {
			$this->assertFileExists( $folder . '/build/blocks/portal/' . $file );
		}
		$this->assertDirectoryDoesNotExist( $folder . '/vendor/phpunit' );
	}

	public function test_a_logged_in_member_opens_the_portal_with_the_zips_scripts(): void {
		$http = curl_init();
		curl_setopt_array(
			$http,
			array(
				CURLOPT_RETURNTRANSFER => true,
				CURLOPT_COOKIEFILE     => '',
				CURLOPT_TIMEOUT        => 60,
			)
		);
		$this->request( $http, '/wp-login.php' ); // Sets WordPress's test cookie.
		list( $status ) = $this->request(
			$http,
			'/wp-login.php',
			array(
				'log'         => (string) ( self::$activation['login'] ?? '' ),
				'pwd'         => (string) ( self::$activation['password'] ?? '' ),
				'testcookie'  => '1',
				'redirect_to' => self::$site['url'] . '/',
			)
		);
		$this->assertSame( 302, $status, 'Logging in redirects.' );

		// The Library page activation made holds the portal block: printed from the zip's block.json.
		list( $status, $html ) = $this->request( $http, '/my-account/library', null, true );
		$this->assertSame( 200, $status, substr( $html, 0, 500 ) );
		$this->assertMatchesRegularExpression( '#<div id="library-portal-root" class="library-portal library-portal--harbor[^"]*" data-island="shell" data-brand="harbor">#', $html );

		$build = self::$site['url'] . '/wp-content/plugins/library-portal/build/';
		$this->assertSame( 1, preg_match( '#<script[^>]* src="(' . preg_quote( $build, '#' ) . 'index\.js\?ver=[^"]+)"#', $html, $script ), 'The entry script from the plugin folder of the zip.' );
		$this->assertSame( 1, preg_match( '#<link[^>]* href=\'(' . preg_quote( $build, '#' ) . 'brand-harbor\.css\?ver=[^\']+)\'#', $html, $style ), 'The brand stylesheet from the zip.' );

		$archive = new ZipArchive();
		$archive->open( self::$zip );
		$served = array(
			'index.js'         => $script[1],
			'brand-harbor.css' => $style[1],
		);
		foreach ( $served as $file => $url ) {
			list( $status, $body ) = $this->request( $http, substr( html_entity_decode( $url ), strlen( self::$site['url'] ) ) );
			$this->assertSame( 200, $status, $url );
			$this->assertSame( $archive->getFromName( 'library-portal/build/' . $file ), $body, "$file is served as the zip holds it." );
		}
		$archive->close();
		curl_close( $http );
	}

	/**
	 * Runs after the requests: nothing warned or failed on the site (it runs only WordPress and the zip).
	 *
	 * @depends test_a_logged_in_member_opens_the_portal_with_the_zips_scripts
	 */
	public function test_the_site_logged_no_php_error(): void {
		$log = is_file( self::$site['dir'] . '/debug.log' ) ? (string) file_get_contents( self::$site['dir'] . '/debug.log' ) : '';
		$this->assertDoesNotMatchRegularExpression( '#PHP (Fatal|Parse|Warning|Notice|Deprecated)#', $log );
	}

	/**
	 * One request to the site.
	 *
	 * @param \CurlHandle                $http   Handle (keeps the cookies).
	 * @param string                     $path   Path.
	 * @param array<string, string>|null $post   Form fields for a POST.
	 * @param bool                       $follow Follow redirects.
	 * @return array{0: int, 1: string} Status and body.
	 */
	private function request( $http, string $path, ?array $post = null, bool $follow = false ): array {
		curl_setopt( $http, CURLOPT_URL, self::$site['url'] . $path );
		curl_setopt( $http, CURLOPT_FOLLOWLOCATION, $follow );
		curl_setopt( $http, CURLOPT_HTTPGET, true );
		if ( null !== $post ) {
			curl_setopt( $http, CURLOPT_POSTFIELDS, http_build_query( $post ) );
		}
		$body = curl_exec( $http );
		return array( (int) curl_getinfo( $http, CURLINFO_RESPONSE_CODE ), is_string( $body ) ? $body : curl_error( $http ) );
	}

	/**
	 * The environment of the site's steps.
	 */
	private static function env(): string {
		return 'LP_SITE=' . escapeshellarg( self::$site['site'] ) . ' LP_PORT=' . (int) self::$site['port'];
	}

	/**
	 * Runs a shell command.
	 *
	 * @param string   $command Command.
	 * @param string[] $output  Its output lines.
	 * @throws \RuntimeException When it fails.
	 */
	private static function shell( string $command, &$output = array() ): void {
		exec( $command . ' 2>&1', $output, $code );
		if ( 0 !== $code ) {
			throw new \RuntimeException( "$command\n" . implode( "\n", array_slice( $output, -20 ) ) );
		}
	}
}
