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

// phpcs:disable WordPress.Security.ValidatedSanitizedInput.InputNotSanitized, WordPress.Security.ValidatedSanitizedInput.MissingUnslash, WordPress.Security.NonceVerification.Recommended -- only compared, never stored or printed; there is no database, so no nonce either.

$library_portal_uri     = isset( $_SERVER['REQUEST_URI'] ) ? (string) $_SERVER['REQUEST_URI'] : '';
$library_portal_is_rest = str_contains( $library_portal_uri, '/wp-json/' ) || isset( $_GET['rest_route'] );
$library_portal_retry   = 10; // Seconds: a restart or a failover of the database usually takes a few.
// Core's own strings: wp_load_translations_early() loaded them. A plugin's text domain would be
// loaded just in time through get_option(), which needs the database (and the object cache) first.
$library_portal_unreached = __( 'Error establishing a database connection' ); // phpcs:ignore WordPress.WP.I18n.MissingArgDomain -- core's translation, on purpose.

// esc_html() reads the blog_charset option, from the database: PHP's own escaping, in UTF-8, instead.
$library_portal_text = static fn( string $text ): string => htmlspecialchars( $text, ENT_QUOTES, 'UTF-8' );

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
<title><?php echo $library_portal_text( __( 'Database Error' ) ); // phpcs:ignore WordPress.WP.I18n.MissingArgDomain, WordPress.Security.EscapeOutput.OutputNotEscaped -- core's translation; escaped by $library_portal_text. ?></title>
</head>
<body>
<main>
<h1><?php echo $library_portal_text( $library_portal_unreached ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by $library_portal_text. ?></h1>
<p>Please try again in a few seconds.</p>
</main>
</body>
</html>
