<?php
/**
 * GET /library/v2/shareduserscontent/ and its CSV export.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Team;

use LibraryPortal\Core\Rows\PlaybackStatus;
use LibraryPortal\Platform\Rest\Controller;
use LibraryPortal\Platform\Rest\CsvResponse;
use LibraryPortal\Platform\Rest\RawJsonResponse;

use LibraryPortal\Core\Rows\TeamProgress;
use LibraryPortal\Core\Rows\TeamReplyCache;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The caller's team: everyone holding a seat the caller shared. Only the caller's own shares
 * are ever read (the owner is the current user, never a parameter), so there is no one else's
 * object to ask for.
 */
final class TeamController extends Controller {

	/**
	 * Wires the controller.
	 *
	 * @param TeamProgress   $team  Team progress (the CSV, built afresh).
	 * @param TeamReplyCache $reply The team reply, kept while it holds.
	 */
	public function __construct( private readonly TeamProgress $team, private readonly TeamReplyCache $reply ) {
		$this->rest_base = 'shareduserscontent';
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_items' ),
					'permission_callback' => array( $this, 'require_login' ),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/export',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'export' ),
				'permission_callback' => array( $this, 'require_login' ),
			)
		);
	}

	/**
	 * The team keyed by user ID (an empty object when nobody holds a shared seat).
	 *
	 * @param \WP_REST_Request $request Request.
	 */
	public function get_items( $request ): WP_REST_Response {
		$response = RawJsonResponse::compressed( $this->reply->reply( get_current_user_id() ) );
		$response->header( 'Cache-Control', 'no-store, private' );
		return $response;
	}

	/**
	 * The team's progress as a CSV download (open it with `?_wpnonce=` and the REST nonce).
	 *
	 * @param \WP_REST_Request $request Request.
	 */
	public function export( $request ): CsvResponse {
		$now = time();
		return new CsvResponse(
			TeamCsv::rows( $this->team->for_owner( get_current_user_id() ) ),
			'team-progress-' . wp_date( 'Y-m-d', $now ) . '.csv'
		);
	}

	/**
	 * Schema of the reply: members by user ID.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		if ( ! $this->schema ) {
			$int          = array( 'type' => 'integer' );
			$string       = array( 'type' => 'string' );
			$product      = self::closed_object(
				array(
					'share_id'           => $int,
					'product_id'         => $int,
					'title'              => $string,
					'subtitle'           => $string,
					'content_type'       => $string,
					'content_type_label' => $string,
					'status'             => array(
						'type' => 'string',
						'enum' => PlaybackStatus::all(),
					),
					'video_data'         => array( 'type' => 'object' ),
				)
			);
			$member       = self::closed_object(
				array(
					'id'                  => $int,
					'name'                => $string,
					'email'               => $string,
					'shared_licenses'     => $int,
					'completed_count'     => $int,
					'total_count'         => $int,
					'completed_percent'   => $int,
					'products'            => array(
						'type'  => 'array',
						'items' => $product,
					),
					'revocable_share_ids' => array(
						'type'  => 'array',
						'items' => $int,
					),
				)
			);
			$this->schema = $this->envelope_schema(
				'library-shared-users',
				array(
					'type'                 => 'object',
					'additionalProperties' => $member,
				)
			);
		}
		return $this->add_additional_fields_schema( $this->schema );
	}
}
