<?php
/**
 * GET /library/v2/items/
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Library;

use LibraryPortal\Core\Rows\LibraryCache;
use LibraryPortal\Core\Rows\LibraryService;
use LibraryPortal\Core\Rows\RowSchema;
use LibraryPortal\Platform\Rest\Controller;
use LibraryPortal\Platform\Rest\RawJsonResponse;
use LibraryPortal\Platform\Rest\ReplyBody;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The current user's library items.
 */
final class ItemsController extends Controller {

	/** The most rows one page holds (one page of 100 rows measured at the floor's throughput: docs/rules/README.md). */
	public const MAX_PER_PAGE = 100;

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
		$this->rest_base = 'items';
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
					'callback'            => array( $this, 'get_items' ),
					'permission_callback' => array( $this, 'get_items_permissions_check' ),
					'args'                => array(
						'context'  => $this->get_context_param( array( 'default' => 'view' ) ),
						// Opt-in pages (docs/rules/platform.md, "`items/` pages on request, and why the screens still ask for the whole list"): without per_page the whole list.
						'per_page' => array(
							'description' => __( 'Rows per page; without it the whole list.', 'library-portal' ),
							'type'        => 'integer',
							'minimum'     => 1,
							'maximum'     => self::MAX_PER_PAGE,
						),
						'page'     => array(
							'description' => __( 'Page of the list, from 1; only with per_page.', 'library-portal' ),
							'type'        => 'integer',
							'minimum'     => 1,
							'maximum'     => 100000,
							'default'     => 1,
						),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * Only logged-in users have a library.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|\WP_Error
	 */
	public function get_items_permissions_check( $request ) {
		return $this->require_login();
	}

	/**
	 * Every item of the current user, or one page of them; never anyone else's.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_items( $request ) {
		$user_id  = get_current_user_id();
		$now      = time();
		$build    = fn() => $this->library->items_for( $user_id, $now );
		$per_page = $request['per_page'];
		if ( null === $per_page ) {
			$response = RawJsonResponse::compressed( $this->cache->items_reply( $user_id, $now, $build ) );
			$response->header( 'Cache-Control', 'no-store, private' );
			return $response;
		}

		$page                 = (int) $request['page'];
		list( $json, $total ) = $this->cache->items_page( $user_id, $now, $build, $page, (int) $per_page );
		$pages                = (int) ceil( $total / (int) $per_page );
		if ( $page > max( 1, $pages ) ) {
			return new WP_Error(
				'invalid_page_number',
				__( 'The page number requested is larger than the number of pages available.', 'library-portal' ),
				array( 'status' => 400 )
			);
		}
		$response = new RawJsonResponse( ReplyBody::wrap( $json ) );
		$response->header( 'Cache-Control', 'no-store, private' );
		$response->header( 'X-WP-Total', (string) $total );
		$response->header( 'X-WP-TotalPages', (string) $pages );
		return $response;
	}

	/**
	 * Schema of the reply.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$this->schema = $this->envelope_schema(
			'library-items',
			array(
				'type'  => 'array',
				'items' => RowSchema::row(),
			)
		);
		return $this->add_additional_fields_schema( $this->schema );
	}
}
