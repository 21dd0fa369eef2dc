<?php
/**
 * WordPress.org's Plugin Check finds nothing in the zip, when a copy of it is at hand, and its
 * runtime checks are among those that ran.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec -- runs bin/plugin-check.

namespace LibraryPortal\Tests\Dev;

use LibraryPortal\Tests\Support\TestCase;

/**
 * Runs bin/plugin-check (all of Plugin Check's checks on a throwaway site with the zip installed:
 * docs/rules/platform.md, "Distribution and quality gates"). Neither Plugin Check nor WP-CLI is on the
 * registries here: without LP_PLUGIN_CHECK_DIR and LP_WP_CLI the tests are skipped, and
 * ReviewRulesTest, PackageTest and phpcs stand in for each of its findings.
 */
final class PluginCheckTest extends TestCase {

	/**
	 * A plugin that passes every static check and loads its script on every front-end page: only a
	 * runtime check can tell. Kept under tests/, so never in the zip.
	 */
	private const RUNTIME_FIXTURE = __DIR__ . '/scope-fixture';

	public function test_plugin_check_finds_nothing_in_the_zip(): void {
		$this->require_plugin_check();
		list( $code, $output ) = $this->plugin_check();
		$this->assertSame( 0, $code, $output );
		$this->assertStringContainsString( 'No errors found', $output );
	}

	/**
	 * Plugin Check drops its runtime checks without a word when WP-CLI's global flags come before
	 * `plugin check`: "No errors found" on the zip would then hide every runtime finding. The same
	 * script run on the fixture must report what only a runtime check sees, and nothing else.
	 */
	public function test_the_runtime_checks_run(): void {
		$this->require_plugin_check();
		list( $code, $output ) = $this->plugin_check( self::RUNTIME_FIXTURE );
		$this->assertSame( 1, $code, $output );
		$this->assertMatchesRegularExpression( '/^0,0,WARNING,EnqueuedScriptsScope,/m', $output );
		preg_match_all( '/^\d+,\d+,(?:ERROR|WARNING),([^,]+),/m', $output, $findings );
		$this->assertSame( array( 'EnqueuedScriptsScope' ), array_values( array_unique( $findings[1] ) ), $output );
	}

	/**
	 * Skips the test, saying why, when no copy of Plugin Check and WP-CLI is given.
	 */
	private function require_plugin_check(): void {
		if ( '' === (string) getenv( 'LP_PLUGIN_CHECK_DIR' ) || '' === (string) getenv( 'LP_WP_CLI' ) ) {
			$this->markTestSkipped( 'Plugin Check is a copy you bring: set LP_PLUGIN_CHECK_DIR and LP_WP_CLI (CONTRIBUTING.md).' );
		}
	}

	/**
	 * Runs bin/plugin-check with every severity on the zip, or on another plugin folder.
	 *
	 * @param string $plugin A plugin folder to check instead of the zip ('' for the zip).
	 * @return array{0: int, 1: string} The exit code and the output.
	 */
	private function plugin_check( string $plugin = '' ): array {
		$env = '' === $plugin ? 'LP_PLUGIN_CHECK_PLUGIN= ' : 'LP_PLUGIN_CHECK_PLUGIN=' . escapeshellarg( $plugin ) . ' ';
		exec( $env . escapeshellarg( dirname( __DIR__, 3 ) . '/bin/plugin-check' ) . ' --include-low-severity-errors --include-low-severity-warnings 2>&1', $output, $code );
		return array( $code, implode( "\n", $output ) );
	}
}
