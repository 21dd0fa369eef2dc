<?php
/**
 * A webhook receiver, as a site owner's tool would run one: PHP's built-in server routes every
 * request here (tests/php/Webhooks/WebhookDeliveryTest). It checks the signature the way
 * docs/webhooks.md tells a receiver to (HMAC-SHA256 of the raw body under the secret, base64,
 * compared in constant time), writes what it received as a JSON line, and answers with the status
 * written in its status file (200 when there is none).
 *
 * Environment: RECEIVER_SECRET_FILE (the webhook's secret, written by the test once the plugin made
 * it), RECEIVER_LOG (file), RECEIVER_STATUS (file).
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.Security, WordPress.PHP.DiscouragedPHPFunctions, WordPress.NamingConventions.PrefixAllGlobals, WordPress.WP.GlobalVariablesOverride, WordPress.WP.AlternativeFunctions.json_encode_json_encode -- a bare PHP receiver outside WordPress.

$body      = (string) file_get_contents( 'php://input' );
$secret    = is_file( (string) getenv( 'RECEIVER_SECRET_FILE' ) ) ? (string) file_get_contents( (string) getenv( 'RECEIVER_SECRET_FILE' ) ) : '';
$signature = (string) ( $_SERVER['HTTP_X_LIBRARY_PORTAL_SIGNATURE'] ?? '' );
$expected  = base64_encode( hash_hmac( 'sha256', $body, $secret, true ) );
$status    = is_file( (string) getenv( 'RECEIVER_STATUS' ) ) ? (int) file_get_contents( (string) getenv( 'RECEIVER_STATUS' ) ) : 200;

file_put_contents(
	(string) getenv( 'RECEIVER_LOG' ),
	json_encode(
		array(
			'method'   => $_SERVER['REQUEST_METHOD'] ?? '',
			'valid'    => '' !== $signature && hash_equals( $expected, $signature ),
			'event'    => $_SERVER['HTTP_X_LIBRARY_PORTAL_EVENT'] ?? '',
			'delivery' => $_SERVER['HTTP_X_LIBRARY_PORTAL_DELIVERY'] ?? '',
			'attempt'  => (int) ( $_SERVER['HTTP_X_LIBRARY_PORTAL_ATTEMPT'] ?? 0 ),
			'type'     => $_SERVER['CONTENT_TYPE'] ?? '',
			'body'     => json_decode( $body, true ),
		)
	) . "\n",
	FILE_APPEND | LOCK_EX
);
http_response_code( $status );
header( 'Content-Type: application/json' );
echo '{"received":true}';
