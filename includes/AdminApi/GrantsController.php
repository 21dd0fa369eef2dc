<?php
/**
 * The site owner's REST API: grants.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\AdminApi;

use InvalidArgumentException;
use LibraryPortal\Core\Seats\Grant;
use LibraryPortal\Core\Seats\GrantRepository;
use LibraryPortal\Core\Seats\GrantService;
use LibraryPortal\Core\Site\SiteDate;
use LibraryPortal\Platform\Database\WriteFailed;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `library-admin/v1/grants`: the Grants screen's list and actions for the owner's own tools (a CRM,
 * a script, a no-code automation), authenticated the WordPress way: a logged-in admin's cookie and
 * nonce, or an Application Password from outside. Who may: users with the Grants capability.
 * Validation is GrantService's, so a refusal reads as on the screen and nothing is written.
 * Replies are plain WordPress REST resources (no envelope), lists paged with X-WP-Total and
 * X-WP-TotalPages (docs/admin-api.md).
 */
final class GrantsController extends WP_REST_Controller {

	public const NAMESPACE = 'library-admin/v1';

	/**
	 * Grants service (validation, audit trail, notices).
	 *
	 * @var GrantService
	 */
	private GrantService $grants;

	/**
	 * Grant rows (the list and its seat counts).
	 *
	 * @var GrantRepository
	 */
	private GrantRepository $rows;

	/**
	 * Wires the controller.
	 *
	 * @param GrantService    $grants Grants service.
	 * @param GrantRepository $rows   Grant rows.
	 */
	public function __construct( GrantService $grants, GrantRepository $rows ) {
		$this->namespace = self::NAMESPACE;
		$this->rest_base = 'grants';
		$this->grants    = $grants;
		$this->rows      = $rows;
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$id = array(
			'description' => __( 'Grant ID.', 'library-portal' ),
			'type'        => 'integer',
			'minimum'     => 1,
			'required'    => true,
		);
		register_rest_route(
			self::NAMESPACE,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_items' ),
					'permission_callback' => array( AdminAccess::class, 'check' ),
					'args'                => $this->get_collection_params(),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => array( AdminAccess::class, 'check' ),
					'args'                => array(
						'owner'    => array(
							'description' => __( 'The owner: a user ID, an e-mail address or a login.', 'library-portal' ),
							'type'        => 'string',
							'required'    => true,
						),
						'product'  => array(
							'description' => __( 'A published library item (post ID).', 'library-portal' ),
							'type'        => 'integer',
							'minimum'     => 1,
							'required'    => true,
						),
						'quantity' => array(
							'description' => __( 'Licenses (seats) to give.', 'library-portal' ),
							'type'        => 'integer',
							'minimum'     => 1,
							'maximum'     => GrantService::MAX_QUANTITY,
							'required'    => true,
						),
						'expires'  => self::date_arg( __( 'Last day the licenses work (YYYY-MM-DD, site time); empty or absent: never.', 'library-portal' ) ),
						'tag'      => array(
							'description' => __( "'member' for a membership's licenses, '' otherwise.", 'library-portal' ),
							'type'        => 'string',
							'enum'        => GrantService::TAGS,
							'default'     => '',
						),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			self::NAMESPACE,
			'/' . $this->rest_base . '/(?P<id>\d+)',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_item' ),
					'permission_callback' => array( AdminAccess::class, 'check' ),
					'args'                => array( 'id' => $id ),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			self::NAMESPACE,
			'/' . $this->rest_base . '/(?P<id>\d+)/extend',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'extend' ),
					'permission_callback' => array( AdminAccess::class, 'check' ),
					'args'                => array(
						'id'      => $id,
						'expires' => self::date_arg( __( 'The new last day (YYYY-MM-DD, site time), later than the current one; empty: never.', 'library-portal' ) ) + array( 'required' => true ),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			self::NAMESPACE,
			'/' . $this->rest_base . '/(?P<id>\d+)/take-back',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'take_back' ),
					'permission_callback' => array( AdminAccess::class, 'check' ),
					'args'                => array(
						'id'    => $id,
						'count' => array(
							'description' => __( 'Licenses to take back (those not started); absent: every one not started, and the grant ends.', 'library-portal' ),
							'type'        => 'integer',
							'minimum'     => 1,
							'maximum'     => GrantService::MAX_QUANTITY,
						),
					),
				),
				'schema' => array( $this, 'get_take_back_schema' ),
			)
		);
	}

	/**
	 * GET grants: a page of grants, newest first.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_items( $request ) {
		$per_page = (int) $request['per_page'];
		$page     = (int) $request['page'];
		$search   = (string) $request['search'];
		$product  = (int) $request['product'];
		$state    = (string) $request['state'];
		$owner    = (int) $request['owner'];
		$total    = $this->rows->grant_count( $search, $product, $state, $owner );
		$grants   = $this->rows->grant_page( $search, $per_page, ( $page - 1 ) * $per_page, $product, $state, 'created', true, $owner );
		$seats    = $this->rows->grant_seat_counts( array_map( static fn( Grant $grant ): int => $grant->id, $grants ) );
		$response = rest_ensure_response( array_map( fn( Grant $grant ) => $this->shape( $grant, $seats[ $grant->id ] ?? null ), $grants ) );
		$response->header( 'X-WP-Total', (string) $total );
		$response->header( 'X-WP-TotalPages', (string) max( 1, (int) ceil( $total / $per_page ) ) );
		return $response;
	}

	/**
	 * GET grants/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_item( $request ) {
		$grant = $this->grants->find( (int) $request['id'] );
		return null === $grant ? self::not_found() : rest_ensure_response( $this->one( $grant ) );
	}

	/**
	 * POST grants: gives an owner licenses of an item (201 with the grant).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_item( $request ) {
		try {
			$owner    = AdminAccess::find_user( (string) $request['owner'] );
			$grant_id = $this->grants->grant( $owner->ID, (int) $request['product'], (int) $request['quantity'], SiteDate::end_of_day( (string) $request['expires'] ), (string) $request['tag'], 'api', '', get_current_user_id() );
		} catch ( InvalidArgumentException | WriteFailed $refused ) {
			return AdminAccess::refused( $refused );
		}
		$grant    = $this->grants->find( $grant_id );
		$response = rest_ensure_response( null === $grant ? array() : $this->one( $grant ) );
		$response->set_status( 201 );
		$response->header( 'Location', rest_url( $this->namespace . '/' . $this->rest_base . '/' . $grant_id ) );
		return $response;
	}

	/**
	 * POST grants/{id}/extend.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function extend( $request ) {
		if ( null === $this->grants->find( (int) $request['id'] ) ) {
			return self::not_found();
		}
		try {
			$grant = $this->grants->extend( (int) $request['id'], SiteDate::end_of_day( (string) $request['expires'] ), get_current_user_id() );
		} catch ( InvalidArgumentException | WriteFailed $refused ) {
			return AdminAccess::refused( $refused );
		}
		return rest_ensure_response( $this->one( $grant ) );
	}

	/**
	 * POST grants/{id}/take-back: takes back licenses nobody started.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function take_back( $request ) {
		if ( null === $this->grants->find( (int) $request['id'] ) ) {
			return self::not_found();
		}
		try {
			$result = $this->grants->take_back( (int) $request['id'], isset( $request['count'] ) ? (int) $request['count'] : null, get_current_user_id(), GrantService::REASON_ADMIN );
		} catch ( InvalidArgumentException | WriteFailed $refused ) {
			return AdminAccess::refused( $refused );
		}
		$grant = $this->grants->find( (int) $request['id'] );
		return rest_ensure_response(
			array(
				'taken'    => $result->taken(),
				'kept'     => $result->kept,
				'seat_ids' => $result->taken_ids,
				'grant'    => null === $grant ? null : $this->one( $grant ),
			)
		);
	}

	/**
	 * The list's parameters.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public function get_collection_params() {
		$params                        = parent::get_collection_params();
		$params['per_page']['maximum'] = 100;
		unset( $params['context'] );
		$params['owner']                 = array(
			'description' => __( "Only this user's grants (user ID).", 'library-portal' ),
			'type'        => 'integer',
			'minimum'     => 0,
			'default'     => 0,
		);
		$params['product']               = array(
			'description' => __( "Only this item's grants (post ID).", 'library-portal' ),
			'type'        => 'integer',
			'minimum'     => 0,
			'default'     => 0,
		);
		$params['state']                 = array(
			'description' => __( 'Only grants in this state.', 'library-portal' ),
			'type'        => 'string',
			'enum'        => array_merge( array( '' ), GrantRepository::GRANT_STATES ),
			'default'     => '',
		);
		$params['search']['description'] = __( "Part of the owner's e-mail address or login.", 'library-portal' );
		$params['search']['default']     = '';
		return $params;
	}

	/**
	 * Schema of a grant.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$int          = array( 'type' => 'integer' );
		$date         = array(
			'type'        => array( 'string', 'null' ),
			'format'      => 'date-time',
			'description' => __( 'UTC, ISO 8601; null for never.', 'library-portal' ),
		);
		$this->schema = array(
			'$schema'              => 'http://json-schema.org/draft-04/schema#',
			'title'                => 'library-grant',
			'type'                 => 'object',
			'additionalProperties' => false,
			'properties'           => array(
				'id'          => $int + array( 'description' => __( 'Grant ID.', 'library-portal' ) ),
				'owner'       => array(
					'type'                 => 'object',
					'additionalProperties' => false,
					'properties'           => array(
						'id'    => $int,
						'email' => array( 'type' => 'string' ),
						'name'  => array( 'type' => 'string' ),
					),
				),
				'product'     => array(
					'type'                 => 'object',
					'additionalProperties' => false,
					'properties'           => array(
						'id'    => $int,
						'title' => array( 'type' => 'string' ),
					),
				),
				'quantity'    => $int + array( 'description' => __( 'Licenses it holds now.', 'library-portal' ) ),
				'tag'         => array(
					'type' => 'string',
					'enum' => GrantService::TAGS,
				),
				'source'      => array( 'type' => 'string' ),
				'source_ref'  => array( 'type' => 'string' ),
				'contract_id' => $int,
				'state'       => array(
					'type' => 'string',
					'enum' => GrantRepository::GRANT_STATES,
				),
				'expires_at'  => $date,
				'created_at'  => array(
					'type'   => 'string',
					'format' => 'date-time',
				),
				'ended_at'    => $date,
				'seats'       => array(
					'type'                 => 'object',
					'additionalProperties' => false,
					'properties'           => array(
						'available' => $int,
						'assigned'  => $int,
						'activated' => $int,
					),
				),
			),
		);
		return $this->add_additional_fields_schema( $this->schema );
	}

	/**
	 * Schema of a take-back's reply.
	 *
	 * @return array<string, mixed>
	 */
	public function get_take_back_schema(): array {
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'library-grant-take-back',
			'type'       => 'object',
			'properties' => array(
				'taken'    => array( 'type' => 'integer' ),
				'kept'     => array( 'type' => 'integer' ),
				'seat_ids' => array(
					'type'  => 'array',
					'items' => array( 'type' => 'integer' ),
				),
				'grant'    => $this->get_item_schema(),
			),
		);
	}

	/**
	 * A date parameter (YYYY-MM-DD, or empty).
	 *
	 * @param string $description What it is.
	 * @return array<string, mixed>
	 */
	private static function date_arg( string $description ): array {
		return array(
			'description' => $description,
			'type'        => 'string',
			'pattern'     => '^(\d{4}-\d{2}-\d{2})?$',
			'default'     => '',
		);
	}

	/**
	 * One grant with its seat counts.
	 *
	 * @param Grant $grant Grant.
	 * @return array<string, mixed>
	 */
	private function one( Grant $grant ): array {
		return $this->shape( $grant, $this->rows->grant_seat_counts( array( $grant->id ) )[ $grant->id ] ?? null );
	}

	/**
	 * A grant as the API sends it.
	 *
	 * @param Grant                                                    $grant Grant.
	 * @param array{available: int, assigned: int, activated: int}|null $seats Its seats by state.
	 * @return array<string, mixed>
	 */
	private function shape( Grant $grant, ?array $seats ): array {
		$owner = get_userdata( $grant->owner_id );
		return array(
			'id'          => $grant->id,
			'owner'       => array(
				'id'    => $grant->owner_id,
				'email' => $owner ? (string) $owner->user_email : '',
				'name'  => $owner ? (string) $owner->display_name : '',
			),
			'product'     => array(
				'id'    => $grant->product_id,
				'title' => html_entity_decode( get_the_title( $grant->product_id ), ENT_QUOTES, 'UTF-8' ),
			),
			'quantity'    => $grant->quantity,
			'tag'         => $grant->tag,
			'source'      => $grant->source,
			'source_ref'  => $grant->source_ref,
			'contract_id' => $grant->contract_id,
			'state'       => $grant->state( time() ),
			'expires_at'  => AdminAccess::time( $grant->expires_at ),
			'created_at'  => (string) AdminAccess::time( $grant->created_at ),
			'ended_at'    => AdminAccess::time( $grant->ended_at ),
			'seats'       => array(
				'available' => (int) ( $seats['available'] ?? 0 ),
				'assigned'  => (int) ( $seats['assigned'] ?? 0 ),
				'activated' => (int) ( $seats['activated'] ?? 0 ),
			),
		);
	}

	/**
	 * The refusal of an unknown grant.
	 */
	private static function not_found(): WP_Error {
		return new WP_Error( 'grant_not_found', __( 'There is no such grant.', 'library-portal' ), array( 'status' => 404 ) );
	}
}
