<?php
/**
 * PHPUnit bootstrap: a fresh WordPress for the site named by LP_SITE (test-sqlite or test-mariadb).
 *
 * 1. A child process (bin/site install <site> --fresh) drops the site's database, runs
 *    wp_install(), activates the plugin (its activation hook creates the tables) and sets
 *    pretty permalinks (MariaDB is started when needed). LP_TEST_REUSE=1 skips this step.
 * 2. This process then loads wp-load.php, so tests run against the real WordPress + plugin.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.GlobalVariablesOverride.Prohibited, WordPress.WP.AlternativeFunctions, WordPress.Security.EscapeOutput.OutputNotEscaped

$library_portal_root = dirname( __DIR__, 2 );
require_once $library_portal_root . '/bin/sites.php';

$library_portal_site = (string) getenv( 'LP_SITE' );
if ( '' === $library_portal_site ) {
	$library_portal_site = 'test-sqlite';
	putenv( 'LP_SITE=' . $library_portal_site ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- bin/site-config.php reads it.
}
if ( ! str_starts_with( $library_portal_site, 'test-' ) ) {
	fwrite( STDERR, "PHPUnit wipes its site's database: LP_SITE must be a test site (test-sqlite, test-mariadb), not '$library_portal_site'.\n" );
	exit( 1 );
}
if ( ! is_file( $library_portal_root . '/var/wordpress/wp-config.php' ) ) {
	fwrite( STDERR, "WordPress is not set up in var/wordpress: run bin/setup (or npm run test:php).\n" );
	exit( 1 );
}

// One PHPUnit run per test site at a time (the tree is shared): wait for the other one.
$library_portal_dir = library_portal_site_settings( $library_portal_site )['dir'];
if ( ! is_dir( $library_portal_dir ) ) {
	mkdir( $library_portal_dir, 0777, true );
}
$GLOBALS['library_portal_test_lock'] = fopen( $library_portal_dir . '/phpunit.lock', 'c' );
if ( ! flock( $GLOBALS['library_portal_test_lock'], LOCK_EX | LOCK_NB ) ) {
	fwrite( STDERR, "Another PHPUnit run is using the site '$library_portal_site'; waiting for it to finish...\n" );
	flock( $GLOBALS['library_portal_test_lock'], LOCK_EX );
}

if ( '1' !== getenv( 'LP_TEST_REUSE' ) ) {
	$library_portal_command = 'bash ' . escapeshellarg( $library_portal_root . '/bin/site' ) . ' install ' . escapeshellarg( $library_portal_site ) . ' --fresh --quiet';
	passthru( $library_portal_command, $library_portal_code ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_passthru
	if ( 0 !== $library_portal_code ) {
		fwrite( STDERR, "Installing the test site '$library_portal_site' failed (exit $library_portal_code).\n" );
		exit( 1 );
	}
}

require_once $library_portal_root . '/vendor/autoload.php';

// PHPUnit includes this file from inside a method: make WordPress's globals global.
global $wpdb, $wp_rewrite, $wp, $wp_query, $wp_the_query, $wp_filter, $wp_actions, $wp_current_filter,
	$shortcode_tags, $current_user, $table_prefix, $wp_version, $wp_db_version, $wp_roles, $wp_post_types,
	$wp_taxonomies, $post, $wp_scripts, $wp_styles, $phpmailer, $wp_theme_directories, $current_site, $current_blog;

// Outside HTTP is blocked on this machine (bin/site-config.php); the tests' own second hosts are
// loopback addresses other than the site's: playlists on 127.0.0.2 (PlaylistOtherHostTest), a webhook
// receiver on 127.0.0.3 (WebhookDeliveryTest). wp_safe_remote_* still refuses them unless a test
// allows the host, as a site owner would.
define( 'WP_ACCESSIBLE_HOSTS', '127.0.0.2,127.0.0.3' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- WordPress's own constant.
require_once $library_portal_root . '/var/wordpress/wp-load.php';

// REST responses in tests record their headers instead of calling header().
add_filter(
	'wp_rest_server_class',
	static function () {
		return \LibraryPortal\Tests\Support\SpyRestServer::class;
	}
);

// Store the rewrite rules (the installer leaves them to be built with the plugin's rules).
$wp_rewrite->flush_rules( false );

unset( $library_portal_root, $library_portal_site, $library_portal_dir, $library_portal_command, $library_portal_code );
