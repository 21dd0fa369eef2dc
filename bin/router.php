<?php
/**
 * Router for PHP's built-in server (php -S 127.0.0.1:PORT -t var/wordpress bin/router.php):
 * serves existing files, sends everything else to index.php (pretty permalinks).
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.Security.ValidatedSanitizedInput -- a web server's router, before WordPress.

$library_portal_root = rtrim( $_SERVER['DOCUMENT_ROOT'], '/' );
$library_portal_path = rawurldecode( library_portal_router_path( $_SERVER['REQUEST_URI'] ) );

/**
 * Path of a request URI (the router runs before WordPress, so no wp_parse_url()).
 *
 * @param string $uri Request URI.
 * @return string
 */
function library_portal_router_path( string $uri ): string {
	$path = strtok( $uri, '?' );
	return false === $path ? '/' : $path;
}

// Never serve databases, dot files or the project's own runtime folder through the plugin symlink.
if ( preg_match( '#/\.(ht|git)|/wp-content/plugins/library-portal/(var|node_modules)/#', $library_portal_path ) ) {
	http_response_code( 403 );
	echo 'Forbidden';
	return true;
}

$library_portal_file = $library_portal_root . $library_portal_path;
if ( '/' !== $library_portal_path && file_exists( $library_portal_file ) ) {
	if ( ! is_dir( $library_portal_file ) ) {
		return false; // Static file or PHP script: the built-in server handles it.
	}
	if ( file_exists( $library_portal_file . '/index.php' ) ) {
		if ( ! str_ends_with( $library_portal_path, '/' ) ) {
			$library_portal_query = strpos( $_SERVER['REQUEST_URI'], '?' ) !== false ? strstr( $_SERVER['REQUEST_URI'], '?' ) : '';
			header( 'Location: ' . $library_portal_path . '/' . $library_portal_query, true, 301 );
			return true;
		}
		return false;
	}
}

$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $library_portal_root . '/index.php';
chdir( $library_portal_root );
require $library_portal_root . '/index.php';
