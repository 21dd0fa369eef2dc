<?php
/**
 * Runs PHP with WordPress loaded for the site in LP_SITE (see bin/wp-php).
 *
 * Usage: LP_SITE=<site> php bin/wp-run.php <file.php | 'php code'> [args...]
 * The code runs in the global scope as the admin user (LP_USER=<login> picks another; 0 = nobody).
 * $library_portal_args holds the extra arguments.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions -- a command-line tool.

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}
if ( $argc < 2 ) {
	fwrite( STDERR, "usage: bin/wp-php <site> <file.php | 'php code'> [args...]\n" );
	exit( 2 );
}

$library_portal_target = $argv[1];
$library_portal_args   = array_slice( $argv, 2 );

require dirname( __DIR__ ) . '/var/wordpress/wp-load.php';

$library_portal_login = getenv( 'LP_USER' );
$library_portal_user  = get_user_by( 'login', false === $library_portal_login || '' === $library_portal_login ? 'admin' : $library_portal_login );
wp_set_current_user( $library_portal_user ? $library_portal_user->ID : 0 );

if ( is_file( $library_portal_target ) ) {
	require $library_portal_target;
} else {
	$library_portal_code = preg_replace( '/^\s*<\?php/', '', $library_portal_target );
	eval( $library_portal_code ); // phpcs:ignore Squiz.PHP.Eval.Discouraged -- running the developer's snippet is the point.
}
