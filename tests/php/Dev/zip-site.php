<?php
/**
 * One step of PluginZipTest's fresh site, each in its own PHP process because each loads WordPress
 * differently. The site's WordPress is the folder given as the first argument (a copy of the core
 * whose plugins folder holds only the unzipped package); LP_SITE and LP_PORT name the site.
 *
 * Usage: LP_SITE=<site> LP_PORT=<port> php zip-site.php <core folder> database|install|activate
 *   database  empty the site's database (delete the SQLite file, or drop and create the MariaDB one)
 *   install   wp_install() with an admin
 *   activate  activate_plugin( 'library-portal/library-portal.php' ), pretty permalinks, a member to
 *             log in as; prints what the test checks as JSON
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.Security.EscapeOutput.OutputNotEscaped -- a command-line step of a test, partly before WordPress.

if ( 'cli' !== PHP_SAPI || $argc < 3 ) {
	exit( 2 );
}

require_once dirname( __DIR__, 3 ) . '/bin/sites.php';

$library_portal_zip_wp       = rtrim( $argv[1], '/' );
$library_portal_zip_step     = $argv[2];
$library_portal_zip_settings = library_portal_site_settings( (string) getenv( 'LP_SITE' ) );

if ( 'database' === $library_portal_zip_step ) {
	if ( 'mariadb' === $library_portal_zip_settings['engine'] ) {
		$library_portal_zip_db = new mysqli( 'localhost', 'lp', 'lp', '', 0, $library_portal_zip_settings['socket'] ); // phpcs:ignore WordPress.DB.RestrictedClasses -- WordPress is not loaded yet; this creates its database.
		$library_portal_zip_db->query( "DROP DATABASE IF EXISTS `{$library_portal_zip_settings['db_name']}`" );
		$library_portal_zip_db->query( "CREATE DATABASE `{$library_portal_zip_settings['db_name']}` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci" );
		$library_portal_zip_db->close();
	} else {
		foreach ( glob( $library_portal_zip_settings['dir'] . '/database/.ht.sqlite*' ) as $library_portal_zip_file ) {
			unlink( $library_portal_zip_file );
		}
		if ( ! is_dir( $library_portal_zip_settings['dir'] . '/database' ) ) {
			mkdir( $library_portal_zip_settings['dir'] . '/database', 0777, true );
		}
	}
	exit( 0 );
}

if ( 'install' === $library_portal_zip_step ) {
	define( 'WP_INSTALLING', true ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals -- WordPress's own flag, as wp-admin/install.php sets it.
	require_once $library_portal_zip_wp . '/wp-load.php';
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';
	$library_portal_zip_result = wp_install( 'Library Portal (zip)', 'admin', 'admin@example.com', false, '', wp_generate_password( 24 ) );
	exit( empty( $library_portal_zip_result['user_id'] ) ? 1 : 0 );
}

if ( 'activate' === $library_portal_zip_step ) {
	require_once $library_portal_zip_wp . '/wp-load.php';
	require_once ABSPATH . 'wp-admin/includes/plugin.php';
	wp_set_current_user( 1 );
	update_option( 'permalink_structure', '/%postname%/' );
	update_option( 'show_avatars', 0 );
	$library_portal_zip_result = activate_plugin( 'library-portal/library-portal.php' );
	delete_option( 'rewrite_rules' ); // Rebuilt on the next request, with the plugin's rules.
	$library_portal_zip_password = wp_generate_password( 24 );
	$library_portal_zip_member   = wp_insert_user(
		array(
			'user_login' => 'zip-member',
			'user_pass'  => $library_portal_zip_password,
			'user_email' => 'zip-member@example.com',
			'role'       => 'subscriber',
		)
	);
	echo wp_json_encode(
		array(
			'activated'  => is_wp_error( $library_portal_zip_result ) ? $library_portal_zip_result->get_error_message() : true,
			'active'     => get_option( 'active_plugins' ),
			'plugin_dir' => defined( 'LIBRARY_PORTAL_DIR' ) ? realpath( LIBRARY_PORTAL_DIR ) : '',
			'schema'     => (int) get_option( 'library_portal_schema_version', 0 ),
			'version'    => get_bloginfo( 'version' ),
			'login'      => 'zip-member',
			'password'   => is_wp_error( $library_portal_zip_member ) ? '' : $library_portal_zip_password,
		)
	);
	exit( 0 );
}

exit( 2 );
