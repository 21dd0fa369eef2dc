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
		foreach ( array( 'library-portal.php', 'uninstall.php', 'includes/Plugin.php', 'includes/Cli/Commands.php', 'build/index.js', 'vendor/autoload.php', 'languages/library-portal.pot' ) as $file ) {
			$this->assertContains( $file, self::$files, $file );
		}
	}

	public function test_the_package_holds_no_dev_tooling(): void {
		$forbidden = '#^(dev|bin|tests|tools|src|docs|node_modules|var|artifacts|\.git|\.ci)(/|$)|(^|/)\.(git|distignore|wp-env)|^vendor/(?!autoload\.php$|composer/)#';
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

	public function test_the_shipped_cli_has_no_demo_command(): void {
		$this->assertFalse( method_exists( Commands::class, 'seed_demo' ) );
		$this->assertTrue( method_exists( Commands::class, 'grant' ) );
	}
}
