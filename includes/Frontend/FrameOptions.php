<?php
/**
 * The portal is never shown inside another site's frame.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

use LibraryPortal\Core\Site\Routes;
use WP;
use WP_REST_Request;
use WP_REST_Response;

/**
 * Portal pages hold one-click actions (accept a share, activate a seat, revoke): framed by another
 * site, a visitor could be tricked into clicking them (clickjacking). Every portal route and the
 * certificate pages send `X-Frame-Options: SAMEORIGIN` through WordPress's own
 * send_frame_options_header(), as wp-login.php and wp-admin do; so does a page holding the portal
 * block or shortcode at its own address, and the library/v2 REST replies carry it too
 * (docs/rules/platform.md, "Security").
 */
final class FrameOptions {

	/**
	 * Hooks: once the request is parsed (the route is known), while headers can still be sent.
	 */
	public function register(): void {
		add_action( 'send_headers', array( $this, 'on_portal_routes' ) );
		add_action( 'template_redirect', array( $this, 'on_portal_pages' ) );
		add_filter( 'rest_post_dispatch', array( $this, 'on_rest_replies' ), 10, 3 );
	}

	/**
	 * Sends the header on a page that holds the portal at its own address. Which page that is,
	 * and what it holds, is only known once the main query ran: send_headers comes before it, so
	 * this waits for template_redirect, still before any output.
	 */
	public function on_portal_pages(): void {
		if ( Routes::is_portal_page() && ! headers_sent() ) {
			send_frame_options_header();
		}
	}

	/**
	 * Sends the header on a portal route or a certificate page.
	 *
	 * @param mixed $wp The parsed request (WP).
	 */
	public function on_portal_routes( $wp ): void {
		if ( ! $wp instanceof WP ) {
			return;
		}
		if ( ! empty( $wp->query_vars[ Routes::QUERY_VAR ] ) || ! empty( $wp->query_vars[ Routes::CERTIFICATE_VAR ] ) ) {
			send_frame_options_header();
		}
	}

	/**
	 * Adds the header to the plugin's REST replies.
	 *
	 * @param mixed $response Reply.
	 * @param mixed $server   REST server.
	 * @param mixed $request  Request.
	 * @return mixed The same reply.
	 */
	public function on_rest_replies( $response, $server, $request ) {
		if ( $response instanceof WP_REST_Response && $request instanceof WP_REST_Request && str_starts_with( $request->get_route(), '/library/v2/' ) ) {
			$response->header( 'X-Frame-Options', 'SAMEORIGIN' );
		}
		return $response;
	}
}
