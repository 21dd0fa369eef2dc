<?php
/**
 * The invitee's sharing routes.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Sharing;

use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * POST accept-share, dismiss-share and request-license: what the person a share link was given
 * to does with it (docs/contract.md). Every route needs a login and the REST nonce; the link's
 * code says which seat and whose.
 */
final class ShareInviteController extends ShareRoutes {

	/**
	 * Wires the controller.
	 *
	 * @param SeatSharing $sharing Seat changes.
	 */
	public function __construct( private readonly SeatSharing $sharing ) {}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$encoded = array(
			'encoded' => array(
				'description' => __( 'The share link code (the part after /shareseats/).', 'library-portal' ),
				'type'        => 'string',
				'required'    => true,
				'maxLength'   => 1100,
			),
		);
		$login   = array( $this, 'require_login' );

		foreach ( array(
			'accept-share'    => 'accept',
			'dismiss-share'   => 'dismiss',
			'request-license' => 'request_license',
		) as $route => $callback ) {
			register_rest_route(
				$this->namespace,
				'/' . $route,
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, $callback ),
					'permission_callback' => $login,
					'args'                => $encoded,
				)
			);
		}
	}

	/**
	 * POST accept-share.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function accept( WP_REST_Request $request ) {
		return $this->reply( $this->sharing->accept( get_current_user_id(), (string) $request['encoded'], time() ) );
	}

	/**
	 * POST dismiss-share.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function dismiss( WP_REST_Request $request ) {
		return $this->reply( $this->sharing->dismiss( get_current_user_id(), (string) $request['encoded'], time() ) );
	}

	/**
	 * POST request-license.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function request_license( WP_REST_Request $request ) {
		return $this->reply( $this->sharing->request_license( get_current_user_id(), (string) $request['encoded'], time() ) );
	}
}
