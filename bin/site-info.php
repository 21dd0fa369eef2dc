<?php
/**
 * Prints settings of a local site, for the shell scripts: one per line, in the order asked.
 *
 * Usage: php bin/site-info.php <site> <port|url|engine|dir|db_name|socket> [<key>...]
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions -- a command-line tool outside WordPress.

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}

require __DIR__ . '/sites.php';

$library_portal_args = $argv;
if ( count( $library_portal_args ) < 3 ) {
	fwrite( STDERR, "usage: php bin/site-info.php <site> <key> [<key>...]\n" );
	exit( 2 );
}

try {
	$library_portal_settings = library_portal_site_settings( $library_portal_args[1] );
} catch ( InvalidArgumentException $e ) {
	fwrite( STDERR, $e->getMessage() . "\n" );
	exit( 1 );
}

$library_portal_keys = array_slice( $library_portal_args, 2 );
foreach ( $library_portal_keys as $library_portal_key ) {
	if ( ! array_key_exists( $library_portal_key, $library_portal_settings ) ) {
		fwrite( STDERR, "Unknown key '{$library_portal_key}'.\n" );
		exit( 2 );
	}
}
foreach ( $library_portal_keys as $library_portal_key ) {
	echo $library_portal_settings[ $library_portal_key ], "\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- CLI output.
}
