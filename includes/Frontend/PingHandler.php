<?php
/**
 * Session keep-alive: admin-ajax action ping_library.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

/**
 * Answers the portal's keep-alive ping.
 *
 * `success: true` while the session and nonce are valid, with a fresh REST nonce and a fresh ping
 * nonce, so a portal left open for a day keeps working. Otherwise `success: false` with HTTP 403
 * and `data.reason`: `logged_out` (the page says so and offers to log in again, coming back to
 * the same address) or `stale_nonce` (logged in, but the page's ping nonce is too old: the client
 * reloads the page, which prints fresh ones).
 */
final class PingHandler {

	public const ACTION    = 'ping_library';
	public const NONCE_KEY = 'library_portal_ping';
	public const HEADER    = 'HTTP_X_LIBRARY_NONCE';

	/**
	 * Hooks, for logged-in and logged-out callers.
	 */
	public function register(): void {
		add_action( 'wp_ajax_' . self::ACTION, array( $this, 'handle' ) );
		add_action( 'wp_ajax_nopriv_' . self::ACTION, array( $this, 'handle' ) );
	}

	/**
	 * Checks login and nonce, then answers.
	 */
	public function handle(): void {
		$nonce = isset( $_SERVER[ self::HEADER ] ) ? sanitize_text_field( wp_unslash( $_SERVER[ self::HEADER ] ) ) : '';
		if ( ! is_user_logged_in() ) {
			wp_send_json_error(
				array(
					'reason'  => 'logged_out',
					'message' => __( 'Your session has ended. Please log in again.', 'library-portal' ),
				),
				403
			);
		}
		if ( ! wp_verify_nonce( $nonce, self::NONCE_KEY ) ) {
			wp_send_json_error(
				array(
					'reason'  => 'stale_nonce',
					'message' => __( 'Your session has ended. Please log in again.', 'library-portal' ),
				),
				403
			);
		}
		wp_send_json_success(
			array(
				'restNonce' => wp_create_nonce( 'wp_rest' ),
				'pingNonce' => wp_create_nonce( self::NONCE_KEY ),
			)
		);
	}
}
