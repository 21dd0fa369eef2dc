<?php
/**
 * WordPress.org's Plugin Check finds nothing in the zip, when a copy of it is at hand.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec -- runs bin/plugin-check.

namespace LibraryPortal\Tests\Dev;

use LibraryPortal\Tests\Support\TestCase;

/**
 * Runs bin/plugin-check (all of Plugin Check's checks on a throwaway site with the zip installed:
 * docs/rules/platform.md, "Distribution and quality gates"). Neither Plugin Check nor WP-CLI is on the
 * registries here: without LP_PLUGIN_CHECK_DIR and LP_WP_CLI the test is skipped, and
 * ReviewRulesTest, PackageTest and phpcs stand in for each of its findings.
 */
final class PluginCheckTest extends TestCase {

	public function test_plugin_check_finds_nothing_in_the_zip(): void {
		if ( '' === (string) getenv( 'LP_PLUGIN_CHECK_DIR' ) || '' === (string) getenv( 'LP_WP_CLI' ) ) {
			$this->markTestSkipped( 'Plugin Check is a copy you bring: set LP_PLUGIN_CHECK_DIR and LP_WP_CLI (CONTRIBUTING.md).' );
		}
		exec( escapeshellarg( dirname( __DIR__, 3 ) . '/bin/plugin-check' ) . ' --include-low-severity-errors --include-low-severity-warnings 2>&1', $output, $code );
		$this->assertSame( 0, $code, implode( "\n", $output ) );
		$this->assertStringContainsString( 'No errors found', implode( "\n", $output ) );
	}
}
