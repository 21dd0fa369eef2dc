<?php
/**
 * Router for PHP's built-in server (php -S 127.0.0.1:PORT -t var/wordpress bin/router.php):
 * serves existing files, sends everything else to index.php (pretty permalinks).
 *
 * What may be served is decided on real paths (symlinks, "//", "/./", "..", %-encodings all
 * resolved), never on the spelling of the URL: a file is served only when its real path is inside
 * the WordPress docroot (no dot files) or inside one of the plugin's shipped asset folders. The
 * project's own var/ (databases, logins.json, logs), vendor/, node_modules/, tests/, bin/, .git are
 * reachable through the plugin symlink, so they are refused with 403.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.Security.ValidatedSanitizedInput -- a web server's router, before WordPress.

/**
 * Plugin folders whose files (not PHP) a browser may fetch.
 */
const LIBRARY_PORTAL_ROUTER_ASSETS = array( 'build', 'languages', 'assets' );

/**
 * Text files sent gzip-compressed to a client that accepts it (as bin/prod's nginx does), by
 * extension => Content-Type. PHP's server sends every file as it is, which made a phone's figures
 * on the local sites worse than any real host's (docs/measurements.md, "Bench").
 */
const LIBRARY_PORTAL_ROUTER_GZIP_TYPES = array(
	'js'   => 'text/javascript; charset=UTF-8',
	'css'  => 'text/css; charset=UTF-8',
	'json' => 'application/json',
	'svg'  => 'image/svg+xml',
	'vtt'  => 'text/vtt; charset=UTF-8',
	'm3u8' => 'application/vnd.apple.mpegurl',
	'map'  => 'application/json',
);

$library_portal_root = (string) realpath( $_SERVER['DOCUMENT_ROOT'] );
$library_portal_repo = (string) realpath( dirname( __DIR__ ) );
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

/**
 * Whether a real (resolved) path may be served.
 *
 * @param string $real Real path of an existing file or folder.
 * @param string $root Real path of the WordPress docroot.
 * @param string $repo Real path of the plugin (this repository).
 */
function library_portal_router_allows( string $real, string $root, string $repo ): bool {
	if ( $real === $root ) {
		return true;
	}
	if ( str_starts_with( $real, $root . '/' ) ) {
		$inside = substr( $real, strlen( $root ) + 1 );
		return ! preg_match( '#(^|/)\.#', $inside ); // No .htaccess, .ht.sqlite, .git.
	}
	foreach ( library_portal_router_linked_plugins( $root, $repo ) as $plugin ) {
		if ( str_starts_with( $real, $plugin . '/' ) ) {
			return library_portal_router_is_static( substr( $real, strlen( $plugin ) + 1 ) );
		}
	}
	if ( str_starts_with( $real, $repo . '/' ) ) {
		$inside   = substr( $real, strlen( $repo ) + 1 );
		$segments = explode( '/', $inside );
		return in_array( $segments[0], LIBRARY_PORTAL_ROUTER_ASSETS, true )
			&& library_portal_router_is_static( $inside );
	}
	return false;
}

/**
 * Whether a path inside a folder names a file a browser may fetch: no dot file, no PHP.
 *
 * @param string $inside Path relative to the folder.
 */
function library_portal_router_is_static( string $inside ): bool {
	return ! preg_match( '#(^|/)\.#', $inside ) && ! preg_match( '#\.(php|phar|phtml)$#i', $inside );
}

/**
 * Real paths of the other plugins linked into the core's plugins folder from outside the docroot
 * (a WooCommerce copy named by LP_WOOCOMMERCE_DIR, CONTRIBUTING.md): their static assets are served
 * as a web server serves a plugin's, their PHP files are not.
 *
 * @param string $root Real path of the WordPress docroot.
 * @param string $repo Real path of the plugin (this repository).
 * @return string[]
 */
function library_portal_router_linked_plugins( string $root, string $repo ): array {
	$linked = array();
	foreach ( (array) glob( $root . '/wp-content/plugins/*', GLOB_ONLYDIR ) as $folder ) {
		$real = is_link( (string) $folder ) ? realpath( (string) $folder ) : false;
		if ( false !== $real && $real !== $repo && ! str_starts_with( $real, $root . '/' ) ) {
			$linked[] = $real;
		}
	}
	return $linked;
}

/**
 * Refuses the request.
 *
 * @param int $status HTTP status.
 */
function library_portal_router_refuse( int $status ): bool {
	http_response_code( $status );
	header( 'Content-Type: text/plain' );
	echo 403 === $status ? 'Forbidden' : 'Bad Request';
	return true;
}

/**
 * Sends a static text file gzip-compressed when the client accepts it; false leaves the file
 * to the built-in server (other types, or no gzip in Accept-Encoding).
 *
 * @param string $file Real path of an allowed file.
 */
function library_portal_router_send_gzip( string $file ): bool {
	$type   = LIBRARY_PORTAL_ROUTER_GZIP_TYPES[ strtolower( pathinfo( $file, PATHINFO_EXTENSION ) ) ] ?? '';
	$accept = (string) ( $_SERVER['HTTP_ACCEPT_ENCODING'] ?? '' );
	if ( '' === $type || ! preg_match( '/\bgzip\b/i', $accept ) ) {
		return false;
	}
	// No validators, as the built-in server sends none: every load gets the whole file.
	header( 'Content-Type: ' . $type );
	header( 'Vary: Accept-Encoding' );
	$body = (string) gzencode( (string) file_get_contents( $file ), 6 ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
	header( 'Content-Encoding: gzip' );
	header( 'Content-Length: ' . strlen( $body ) );
	if ( 'HEAD' !== ( $_SERVER['REQUEST_METHOD'] ?? 'GET' ) ) {
		echo $body; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a file's bytes.
	}
	return true;
}

if ( '' === $library_portal_root || '' === $library_portal_repo || str_contains( $library_portal_path, "\0" ) ) {
	return library_portal_router_refuse( 400 );
}

// Both the file the built-in server resolved for this URL (what "return false" would send) and
// the file the path names must be allowed.
foreach ( array( (string) ( $_SERVER['SCRIPT_FILENAME'] ?? '' ), $library_portal_root . $library_portal_path ) as $library_portal_candidate ) {
	$library_portal_real = '' === $library_portal_candidate ? false : realpath( $library_portal_candidate );
	if ( false === $library_portal_real || realpath( __FILE__ ) === $library_portal_real ) {
		continue;
	}
	if ( ! library_portal_router_allows( $library_portal_real, $library_portal_root, $library_portal_repo ) ) {
		return library_portal_router_refuse( 403 );
	}
}

// A subdirectory network (a "-multisite" site: README, "A network of sites") serves core's files
// below each site's path, as its .htaccess rewrites do: /summit/wp-admin/... is /wp-admin/...,
// /summit/wp-login.php is /wp-login.php (WordPress reads the site from REQUEST_URI).
$library_portal_file = $library_portal_root . $library_portal_path;
if ( str_ends_with( (string) getenv( 'LP_SITE' ), '-multisite' ) && ! file_exists( $library_portal_file )
	&& preg_match( '#^/[_0-9a-zA-Z-]+(/(?:wp-(?:content|admin|includes)(?:/.*)?|[^/]+\.php))$#', $library_portal_path, $library_portal_match ) ) {
	$library_portal_core = $library_portal_root . $library_portal_match[1];
	$library_portal_real = realpath( $library_portal_core );
	if ( false !== $library_portal_real && ! library_portal_router_allows( $library_portal_real, $library_portal_root, $library_portal_repo ) ) {
		return library_portal_router_refuse( 403 );
	}
	if ( is_dir( $library_portal_core ) ) {
		if ( ! str_ends_with( $library_portal_path, '/' ) ) {
			header( 'Location: ' . $library_portal_path . '/', true, 301 );
			return true;
		}
		$library_portal_core = rtrim( $library_portal_core, '/' ) . '/index.php';
	}
	if ( is_file( $library_portal_core ) ) {
		if ( ! str_ends_with( $library_portal_core, '.php' ) ) {
			if ( library_portal_router_send_gzip( (string) realpath( $library_portal_core ) ) ) {
				return true;
			}
			header( 'Content-Type: ' . ( mime_content_type( $library_portal_core ) ? mime_content_type( $library_portal_core ) : 'application/octet-stream' ) );
			readfile( $library_portal_core ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_readfile -- a core file.
			return true;
		}
		$library_portal_script      = substr( $library_portal_core, strlen( $library_portal_root ) );
		$_SERVER['SCRIPT_NAME']     = $library_portal_script;
		$_SERVER['PHP_SELF']        = $library_portal_script;
		$_SERVER['SCRIPT_FILENAME'] = $library_portal_core;
		chdir( dirname( $library_portal_core ) );
		require $library_portal_core;
		return true;
	}
}
if ( '/' !== $library_portal_path && file_exists( $library_portal_file ) ) {
	if ( ! is_dir( $library_portal_file ) ) {
		// A text file goes out compressed; anything else (and PHP) the built-in server handles.
		return library_portal_router_send_gzip( (string) realpath( $library_portal_file ) );
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

// WordPress's pages and REST replies go out compressed too when the client accepts it (PHP's zlib
// leaves a reply with its own Content-Length, such as a file download, as it is). The plugin then sends
// its kept replies uncompressed for zlib to compress (Rest\RawJsonResponse); LP_ROUTER_GZIP=0 leaves
// compression to the plugin alone (CompressedRepliesTest).
if ( '0' !== getenv( 'LP_ROUTER_GZIP' ) ) {
	ini_set( 'zlib.output_compression', '1' ); // phpcs:ignore WordPress.PHP.IniSet.Risky -- the dev server's own setting.
}
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $library_portal_root . '/index.php';
chdir( $library_portal_root );
require $library_portal_root . '/index.php';
