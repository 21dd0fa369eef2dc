<?php
/**
 * GET /library/v2/user/
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Rest;

use LibraryPortal\Library\LibraryCache;
use LibraryPortal\Library\LibraryService;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The current user's basics and membership expiry (spec point 3, User).
 */
final class UserController extends Controller {

	/**
	 * Library builder.
	 *
	 * @var LibraryService
	 */
	private LibraryService $library;

	/**
	 * Cache of encoded libraries.
	 *
	 * @var LibraryCache
	 */
	private LibraryCache $cache;

	/**
	 * Wires the controller.
	 *
	 * @param LibraryService $library Library builder.
	 * @param LibraryCache   $cache   Cache of encoded libraries.
	 */
	public function __construct( LibraryService $library, LibraryCache $cache ) {
		$this->library   = $library;
		$this->cache     = $cache;
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
		$user  = wp_get_current_user();
		$now   = time();
		$items = json_decode( $this->cache->items_json( $user->ID, $now, fn() => $this->library->items_for( $user->ID, $now ) ), true );
		return $this->success( $this->library->user_summary( $user, is_array( $items ) ? $items : array() ) );
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
				array(
					'type'       => 'object',
					'properties' => array(
						'id'            => array( 'type' => 'integer' ),
						'display_name'  => array( 'type' => 'string' ),
						'user_nicename' => array( 'type' => 'string' ),
						'user_email'    => array(
							'type'   => 'string',
							'format' => 'email',
						),
						'member_expiry' => array( 'type' => 'integer' ),
					),
				)
			);
		}
		return $this->add_additional_fields_schema( $this->schema );
	}
}
