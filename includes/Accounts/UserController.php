<?php
/**
 * GET /library/v2/user/
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Accounts;

use LibraryPortal\Core\Rows\LibraryService;
use LibraryPortal\Platform\Rest\Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The current user's basics and membership expiry (User).
 */
final class UserController extends Controller {

	/**
	 * Library builder.
	 *
	 * @var LibraryService
	 */
	private LibraryService $library;

	/**
	 * Wires the controller.
	 *
	 * @param LibraryService $library Library builder.
	 */
	public function __construct( LibraryService $library ) {
		$this->library   = $library;
		$this->rest_base = 'user';
	}

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_item' ),
					'permission_callback' => array( $this, 'get_item_permissions_check' ),
					'args'                => array(
						'context' => $this->get_context_param( array( 'default' => 'view' ) ),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * Only logged-in users.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|\WP_Error
	 */
	public function get_item_permissions_check( $request ) {
		return $this->require_login();
	}

	/**
	 * The current user; there is no way to ask for another one.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get_item( $request ): WP_REST_Response {
		return $this->success( $this->library->user_summary( wp_get_current_user() ) );
	}

	/**
	 * Schema of the reply.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		if ( ! $this->schema ) {
			$this->schema = $this->envelope_schema(
				'library-user',
				self::closed_object(
					array(
						'id'            => array( 'type' => 'integer' ),
						'display_name'  => array( 'type' => 'string' ),
						'user_nicename' => array( 'type' => 'string' ),
						'user_email'    => array(
							'type'   => 'string',
							'format' => 'email',
						),
						'member_expiry' => array( 'type' => 'integer' ),
						'is_member'     => array( 'type' => 'boolean' ),
					)
				)
			);
		}
		return $this->add_additional_fields_schema( $this->schema );
	}
}
