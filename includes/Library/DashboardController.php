<?php
/**
 * GET /library/v2/dashboard/
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Library;

use LibraryPortal\Core\Settings;
use LibraryPortal\Platform\Rest\Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The current user's dashboard figures (Dashboard stats), each with the list
 * filter that shows what it counts.
 */
final class DashboardController extends Controller {

	/**
	 * Wires the controller.
	 *
	 * @param DashboardStats $stats    Dashboard figures.
	 * @param Settings       $settings Settings (whether Manage My Team is offered).
	 */
	public function __construct( private readonly DashboardStats $stats, private readonly Settings $settings ) {
		$this->rest_base = 'dashboard';
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
					'permission_callback' => array( $this, 'require_login' ),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * The current user's figures; there is no way to ask for another user's.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get_item( $request ): WP_REST_Response {
		$response = $this->success( $this->stats->for_user( wp_get_current_user(), time(), (bool) $this->settings->get( 'share_users' ) ) );
		$response->header( 'Cache-Control', 'no-store, private' );
		return $response;
	}

	/**
	 * Schema of the reply.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		if ( ! $this->schema ) {
			$count        = array(
				'type'    => 'integer',
				'minimum' => 0,
			);
			$filter       = self::closed_object(
				array(
					'types'  => array(
						'type'  => 'array',
						'items' => array( 'type' => 'string' ),
					),
					'status' => array( 'type' => 'string' ),
				)
			);
			$this->schema = $this->envelope_schema(
				'library-dashboard',
				self::closed_object(
					array(
						'completedUsersThisYear'    => $count,
						'totalSharedUsers'          => $count,
						'remainingLicenses'         => $count,
						'completionRate'            => array(
							'type'    => 'integer',
							'minimum' => 0,
							'maximum' => 100,
						),
						'onDemandWorkshops'         => $count,
						'webinars'                  => $count,
						'eManuals'                  => $count,
						'completedTrainings'        => $count,
						'membershipExpiry'          => array( 'type' => array( 'integer', 'null' ) ),
						'membershipExpiryDate'      => array( 'type' => 'string' ),
						'expiringLicensesThisMonth' => $count,
						'completedVideos'           => $count,
						'totalVideos'               => $count,
						'canShare'                  => array( 'type' => 'boolean' ),
						'contractHome'              => array( 'type' => array( 'integer', 'null' ) ),
						'filters'                   => self::closed_object(
							array(
								'onDemandWorkshops'  => $filter,
								'webinars'           => $filter,
								'eManuals'           => $filter,
								'completedTrainings' => $filter,
								'expiringLicensesThisMonth' => $filter,
							)
						),
					)
				)
			);
		}
		return $this->add_additional_fields_schema( $this->schema );
	}
}
