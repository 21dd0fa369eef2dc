<?php
/**
 * The installable package holds the plugin and nothing of the dev tooling.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Dev;

use LibraryPortal\Cli\Commands;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Runs bin/package --list (the files the zip would hold) and checks what ships.
 */
final class PackageTest extends TestCase {

	/**
	 * Folder the package is staged in (one per test site, so parallel runs do not collide).
	 *
	 * @var string
	 */
	private static string $out = '';

	/**
	 * Files of the package, relative to the plugin's folder.
	 *
	 * @var string[]
	 */
	private static array $files = array();

	public static function set_up_before_class() {
		parent::set_up_before_class();
		$root      = dirname( __DIR__, 3 );
		self::$out = library_portal_site_settings( (string) getenv( 'LP_SITE' ) )['dir'] . '/package';
		exec( escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( $root . '/bin/package.php' ) . ' --list --out=' . escapeshellarg( self::$out ) . ' 2>&1', $lines, $code ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec
		self::$files = 0 === $code ? array_values( array_filter( $lines ) ) : array( 'FAILED: ' . implode( ' ', $lines ) );
	}

	public function test_the_package_holds_the_plugin_its_build_and_a_production_autoloader(): void {
		foreach ( array( 'library-portal.php', 'uninstall.php', 'includes/Plugin.php', 'includes/Cli/Commands.php', 'build/index.js', 'build/blocks/portal/block.json', 'build/blocks/portal/index.js', 'build/blocks/portal/index.asset.php', 'vendor/autoload.php', 'languages/library-portal.pot' ) as $file ) {
			$this->assertContains( $file, self::$files, $file );
		}
	}

	public function test_every_view_template_ships(): void {
		$root  = dirname( __DIR__, 3 );
		$views = (array) glob( $root . '/includes/*/views/*.php' );
		$this->assertContains( 'includes/Grants/views/grants-list.php', array_map( static fn( string $view ): string => substr( $view, strlen( $root ) + 1 ), $views ), 'the admin screens print through views/' );
		foreach ( $views as $view ) {
			$this->assertContains( substr( $view, strlen( $root ) + 1 ), self::$files );
		}
	}

	public function test_the_package_holds_only_the_plugin_its_readme_build_translations_and_runtime_vendor(): void {
		$top      = array_values( array_unique( array_map( static fn( string $file ): string => explode( '/', $file )[0], self::$files ) ) );
		$required = array( 'build', 'composer.json', 'includes', 'languages', 'library-portal.php', 'readme.txt', 'uninstall.php', 'vendor' );

		$this->assertSame( array(), array_values( array_diff( $required, $top ) ), 'Missing from the zip.' );
		$this->assertSame( array(), array_values( array_diff( $top, $required, array( 'assets' ) ) ), 'Not part of the plugin.' );
	}

	public function test_the_shipped_composer_json_names_only_what_vendor_holds(): void {
		$this->assertContains( 'composer.json', self::$files, 'WordPress.org asks for it beside vendor/.' );
		$shipped = json_decode( (string) file_get_contents( self::$out . '/library-portal/composer.json' ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		$this->assertIsArray( $shipped );
		$this->assertSame( array( 'php', 'tecnickcom/tcpdf' ), array_keys( $shipped['require'] ) );
		$this->assertArrayNotHasKey( 'require-dev', $shipped );
		$this->assertArrayNotHasKey( 'autoload-dev', $shipped );
	}

	public function test_the_readme_agrees_with_the_plugin_header(): void {
		$root   = dirname( __DIR__, 3 );
		$readme = (string) file_get_contents( $root . '/readme.txt' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		$header = get_file_data(
			$root . '/library-portal.php',
			array(
				'version' => 'Version',
				'wp'      => 'Requires at least',
				'php'     => 'Requires PHP',
				'tested'  => 'Tested up to',
				'license' => 'License',
			)
		);

		$this->assertStringStartsWith( "=== Library Portal ===\n", $readme );
		$this->assertStringContainsString( "\nStable tag: {$header['version']}\n", $readme );
		$this->assertStringContainsString( "\nRequires at least: {$header['wp']}\n", $readme );
		$this->assertStringContainsString( "\nRequires PHP: {$header['php']}\n", $readme );
		$this->assertStringContainsString( "\nTested up to: {$header['tested']}\n", $readme );
		$this->assertStringContainsString( "\nLicense: {$header['license']}\n", $readme );
		$this->assertStringContainsString( "\nContributors: ", $readme );
		$this->assertStringContainsString( "\nTags: ", $readme );
		foreach ( array( 'Description', 'Installation', 'Frequently Asked Questions', 'Changelog' ) as $section ) {
			$this->assertStringContainsString( "\n== $section ==\n", $readme );
		}
		$this->assertStringContainsString( "\n= {$header['version']} =\n", $readme, 'A changelog entry for the current version.' );
		$this->assertSame( LIBRARY_PORTAL_VERSION, $header['version'] );
	}

	public function test_the_readme_passes_plugin_checks_readme_rules(): void {
		$root   = dirname( __DIR__, 3 );
		$readme = (string) file_get_contents( $root . '/readme.txt' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		$header = get_file_data(
			$root . '/library-portal.php',
			array(
				'name'   => 'Plugin Name',
				'wp'     => 'Requires at least',
				'tested' => 'Tested up to',
				'path'   => 'Domain Path',
			)
		);
		// Plugin Check's codes: mismatched_plugin_name, invalid_tested_upto_minor, readme_parser_warnings_*
		// (a short description past 150 characters is cut, tags past 5 are dropped), plugin_header_nonexistent_domain_path.
		$this->assertSame( "=== {$header['name']} ===", strtok( $readme, "\n" ) );
		$this->assertMatchesRegularExpression( '/^\d+\.\d+$/', $header['tested'], 'Tested up to names a major version only.' );
		$this->assertTrue( version_compare( $header['tested'], $header['wp'], '>=' ) );
		$this->assertSame( 1, preg_match( '/\nTags: ([^\n]*)\n/', $readme, $tags ) );
		$this->assertLessThanOrEqual( 5, count( explode( ',', $tags[1] ) ) );
		$this->assertSame( 1, preg_match( '/\n\n([^=\n][^\n]*)\n\n== Description ==/', $readme, $short ), 'A short description right above Description.' );
		$this->assertLessThanOrEqual( 150, mb_strlen( $short[1] ) );
		$this->assertDirectoryExists( $root . $header['path'] );
	}

	public function test_the_package_holds_no_hidden_archive_or_executable_file(): void {
		// Plugin Check's file_type: hidden files, VCS folders, compressed files, application files.
		foreach ( self::$files as $file ) {
			$this->assertDoesNotMatchRegularExpression( '#(^|/)\.|\.(zip|gz|tgz|tar|rar|7z|phar|exe|sh|bat|so|dll|dylib|sql)$#i', $file );
		}
	}

	public function test_the_package_holds_no_dev_tooling(): void {
		$forbidden = '#^(dev|bin|tests|tools|src|docs|node_modules|var|artifacts|\.git|\.ci)(/|$)|(^|/)\.(git|distignore|wp-env)|^vendor/(?!autoload\.php$|composer/|tecnickcom/tcpdf/)#';
		foreach ( self::$files as $file ) {
			$this->assertDoesNotMatchRegularExpression( $forbidden, $file );
		}
		$stage = self::$out . '/library-portal';
		foreach ( self::$files as $file ) {
			if ( str_ends_with( $file, '.php' ) ) {
				$source = (string) file_get_contents( $stage . '/' . $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
				$this->assertStringNotContainsString( 'DemoSeeder', $source, $file );
				$this->assertStringNotContainsString( 'LibraryPortal\\\\Dev', $source, $file );
				$this->assertStringNotContainsString( 'LibraryPortal\\Dev', $source, $file );
			}
		}
	}

	public function test_the_runtime_dependencies_ship_and_no_dev_package_does(): void {
		$stage     = self::$out . '/library-portal';
		$installed = json_decode( (string) file_get_contents( $stage . '/vendor/composer/installed.json' ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		$required  = array_keys( json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/composer.json' ), true )['require'] ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents

		$this->assertSame( array( 'tecnickcom/tcpdf' ), array_column( $installed['packages'], 'name' ) );
		$this->assertSame( array( 'php', 'tecnickcom/tcpdf' ), $required, 'Every runtime package ships; a new one needs a line here.' );
		foreach ( array( 'tcpdf.php', 'tcpdf_autoconfig.php', 'tcpdf_barcodes_2d.php', 'include/barcodes/qrcode.php', 'fonts/dejavusans.php', 'fonts/dejavusans.z', 'fonts/dejavusansb.php', 'fonts/cid0cs.php', 'fonts/uni2cid_ag15.php', 'LICENSE.TXT' ) as $file ) {
			$this->assertContains( 'vendor/tecnickcom/tcpdf/' . $file, self::$files, $file );
		}
		foreach ( self::$files as $file ) {
			$this->assertDoesNotMatchRegularExpression( '#^vendor/(phpunit|squizlabs|yoast|wp-coding-standards|phpcompatibility|dealerdirect|sebastian|bin)/|^vendor/tecnickcom/tcpdf/(tools|fonts/(freefont|dejavu-fonts|ae_fonts))#', $file );
		}
		$classmap = (string) file_get_contents( $stage . '/vendor/composer/autoload_classmap.php' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		$this->assertStringContainsString( "'TCPDF' =>", $classmap );
		$this->assertStringNotContainsString( 'PHPUnit', $classmap );
		$this->assertLessThan( 8 * MB_IN_BYTES, self::size( $stage . '/vendor' ), 'Only the fonts the certificate uses.' );
	}

	public function test_the_packaged_copy_draws_a_certificate_with_its_own_fonts(): void {
		$stage  = self::$out . '/library-portal';
		$script = 'define( "ABSPATH", "/" ); function __( $s ) { return $s; } require $argv[1] . "/vendor/autoload.php";'
			. ' echo ( new LibraryPortal\Certificates\CertificatePdf() )->render( array( "name" => "Zoë 李", "training" => "T", "date" => "D", "code" => "C", "verify_url" => "https://example.com/v", "site" => "S" ) );';
		exec( escapeshellarg( PHP_BINARY ) . ' -r ' . escapeshellarg( $script ) . ' ' . escapeshellarg( $stage ) . ' 2>&1', $output, $code ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec

		$this->assertSame( 0, $code, implode( "\n", array_slice( $output, 0, 5 ) ) );
		$this->assertStringStartsWith( '%PDF-', (string) ( $output[0] ?? '' ) );
	}

	/**
	 * Bytes below a folder.
	 *
	 * @param string $dir Folder.
	 */
	private static function size( string $dir ): int {
		$bytes = 0;
		foreach ( new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $dir, \FilesystemIterator::SKIP_DOTS ) ) as $file ) {
			$bytes += $file->getSize();
		}
		return $bytes;
	}

	public function test_the_shipped_cli_has_no_demo_command(): void {
		$this->assertFalse( method_exists( Commands::class, 'seed_demo' ) );
		$this->assertTrue( method_exists( Commands::class, 'grant' ) );
	}
}
