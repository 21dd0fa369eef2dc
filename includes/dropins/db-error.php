<?php
/**
 * Library Portal's database-error drop-in: copy it to wp-content/db-error.php (docs/rules/platform.md,
 * "Faults: the database away").
 *
 * WordPress includes wp-content/db-error.php when it cannot reach its database (dead_db(): at
 * start-up, or when the connection is lost and cannot be made again), before any plugin runs, and
 * stops after it. Without this file every request, a REST request included, gets status 500 and an
 * HTML page, which tells an API client nothing about coming back: the portal's player would take a
 * progress report refused that way for a final answer. With it, the outage says what it is:
 * - a REST request (/wp-json/… or ?rest_route=) gets 503, a JSON error with the code
 *   `database_unavailable` and Retry-After, so clients queue and send again;
 * - any other request gets a short 503 page with Retry-After, not kept by caches or search engines.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.NonceVerification.Recommended -- only whether the request is a REST one; there is no database, so no nonce either.

// sanitize_text_field() checks the encoding against the blog_charset option: PHP's URL filter instead.
$library_portal_uri     = isset( $_SERVER['REQUEST_URI'] ) ? (string) filter_var( wp_unslash( $_SERVER['REQUEST_URI'] ), FILTER_SANITIZE_URL ) : '';
$library_portal_is_rest = str_contains( $library_portal_uri, '/wp-json/' ) || isset( $_GET['rest_route'] );
$library_portal_retry   = 10; // Seconds: a restart or a failover of the database usually takes a few.
// Core's own strings, read from core's catalogue, which wp_load_translations_early() loaded. A
// plugin's text domain would be loaded just in time through get_option(), which needs the database
// (and the object cache) first; and these are core's messages for core's failure, in core's words.
$library_portal_core_catalogue = get_translations_for_domain( 'default' );
$library_portal_unreached      = $library_portal_core_catalogue->translate( 'Error establishing a database connection' );

// esc_html() reads the blog_charset option, from the database: PHP's own HTML escaping instead
// (FILTER_SANITIZE_FULL_SPECIAL_CHARS is htmlspecialchars() with ENT_QUOTES, in the default UTF-8).

if ( ! headers_sent() ) {
	status_header( 503 );
	nocache_headers();
	header( 'Retry-After: ' . $library_portal_retry );
	header( 'X-Robots-Tag: noindex' );
	header( 'Content-Type: ' . ( $library_portal_is_rest ? 'application/json' : 'text/html' ) . '; charset=utf-8' );
}

if ( $library_portal_is_rest ) {
	echo wp_json_encode(
		array(
			'code'    => 'database_unavailable',
			'message' => $library_portal_unreached,
			'data'    => array(
				'status'      => 503,
				'retry_after' => $library_portal_retry,
			),
		)
	);
	return;
}
?>
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title><?php echo filter_var( $library_portal_core_catalogue->translate( 'Database Error' ), FILTER_SANITIZE_FULL_SPECIAL_CHARS ); ?></title>
</head>
<body>
<main>
<h1><?php echo filter_var( $library_portal_unreached, FILTER_SANITIZE_FULL_SPECIAL_CHARS ); ?></h1>
<p>Please try again in a few seconds.</p>
</main>
</body>
</html>
