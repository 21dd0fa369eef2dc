<?php
/**
 * The learner's writes on one item: progress reports and seat activation.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

use LibraryPortal\Core\Items\ItemMedia;
use LibraryPortal\Core\Rows\Access;
use LibraryPortal\Core\Rows\ItemLookup;
use LibraryPortal\Core\Rows\RowSchema;
use LibraryPortal\Core\Rows\RowStatus;
use LibraryPortal\Platform\Rest\ArgSchemas;
use LibraryPortal\Platform\Rest\Controller;
use LibraryPortal\Platform\Rest\ErrorReply;
use LibraryPortal\Platform\Rest\Refusal;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * POST video/progress/{product_id} and POST activate-manual-license/{id} (docs/contract.md): the
 * two routes that change what a learner holds of an item, each answering with the row (or its
 * progress) as it stands after the write. Access is decided on the server from the user's library
 * row (Domain/Access).
 */
final class ProgressController extends Controller {

	/**
	 * Row lookup shared with the other `/{id}` routes.
	 *
	 * @var ItemLookup
	 */
	private ItemLookup $lookup;

	/**
	 * Progress rule.
	 *
	 * @var ProgressRecorder
	 */
	private ProgressRecorder $recorder;

	/**
	 * Seat activation.
	 *
	 * @var SeatActivation
	 */
	private SeatActivation $activation;

	/**
	 * Wires the controller.
	 *
	 * @param ItemLookup       $lookup     Row lookup.
	 * @param ProgressRecorder $recorder   Progress rule.
	 * @param SeatActivation   $activation Seat activation.
	 */
	public function __construct( ItemLookup $lookup, ProgressRecorder $recorder, SeatActivation $activation ) {
		$this->lookup     = $lookup;
		$this->recorder   = $recorder;
		$this->activation = $activation;
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$id       = self::item_id_arg();
		$tag      = ArgSchemas::item_tag();
		$contract = ArgSchemas::contract_scope();

		register_rest_route(
			$this->namespace,
			'/video/progress/(?P<product_id>\d+)',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'post_progress' ),
					'permission_callback' => array( $this, 'report_permissions_check' ),
					'args'                => array(
						'product_id' => $id,
						'tag'        => $tag,
						'contract'   => $contract,
						// Wide bounds: the progress rule answers its own 400 invalid_progress / invalid_part.
						'progress'   => array(
							'description' => __( 'Watched percent of the part, a whole 5% step.', 'library-portal' ),
							'type'        => 'integer',
							'required'    => true,
							'minimum'     => -1000,
							'maximum'     => 1000,
						),
						'part'       => array(
							'description' => __( '0-based part index.', 'library-portal' ),
							'type'        => 'integer',
							'default'     => 0,
							'minimum'     => 0,
							'maximum'     => 1000,
						),
					),
				),
				'schema' => array( $this, 'get_progress_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/activate-manual-license/(?P<id>\d+)',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'post_activation' ),
					'permission_callback' => array( $this, 'item_permissions_check' ),
					'args'                => array(
						'id'       => $id,
						'tag'      => $tag,
						'contract' => $contract,
					),
				),
				'schema' => array( $this, 'get_activation_schema' ),
			)
		);
	}

	/**
	 * Logged in, and the item is in the user's library: the same check as the item routes, on the
	 * report's own lookup (ItemLookup::report_row()).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function report_permissions_check( $request ) {
		$login = $this->require_login();
		if ( true !== $login ) {
			return $login;
		}
		$found = $this->report_row( $request );
		return is_wp_error( $found ) ? $found : true;
	}

	/**
	 * Logged in, and the item (in the contract, when one is named) is in the user's library.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function item_permissions_check( $request ) {
		$login = $this->require_login();
		if ( true !== $login ) {
			return $login;
		}
		$row = LearningReplies::row( $this->lookup, $request );
		return is_wp_error( $row ) ? $row : true;
	}

	/**
	 * POST video/progress/{product_id}.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function post_progress( $request ) {
		$found = $this->report_row( $request );
		if ( is_wp_error( $found ) ) {
			return $found;
		}
		$row = $found['row'];
		if ( ! Access::granted( (string) $row['access'] ) ) {
			return self::no_access();
		}
		$user_id    = get_current_user_id();
		$product_id = (int) $row['product_id'];
		$media      = ItemMedia::of( $product_id, (string) ( $row['title'] ?? '' ) );
		$before     = $this->lookup->progress( $user_id, $product_id );
		$result     = $this->recorder->report( $user_id, $row, $before, $media, (int) $request['part'], (int) $request['progress'], time() );
		if ( $result instanceof Refusal ) {
			return ErrorReply::refused( $result );
		}
		$fresh = RowStatus::with_progress( $row, $result['progress'] ?? $before );
		// A row built from the report's own read carries no texts: the reply then carries only the
		// progress, unless the status moved (docs/rules/learning-and-progress.md, "Watching: progress, activation, subtitles, media": what a report answers).
		$whole = $found['whole'];
		if ( $result['activation'] || ( ! $whole && ( $fresh['status'] !== $row['status'] || $fresh['playback_status'] !== $row['playback_status'] ) ) ) {
			// A seat may have been spent (here or by a parallel request), or the status moved:
			// the row read again (counts, access, certificate).
			$fresh = $this->lookup->fresh_row( $user_id, $row );
			$whole = true;
		}
		if ( is_wp_error( $fresh ) ) {
			return $fresh;
		}
		return $this->success(
			array(
				'product_id' => $product_id,
				'item'       => $whole ? $fresh : null,
				'progress'   => LearningReplies::progress( $fresh ),
				'test'       => LearningReplies::test( $fresh, $media ),
				'activated'  => $result['activated'],
			)
		);
	}

	/**
	 * POST activate-manual-license/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function post_activation( $request ) {
		$row = LearningReplies::row( $this->lookup, $request );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$user_id = get_current_user_id();
		$title   = (string) $row['title'];
		$outcome = $this->activation->activate( $user_id, $row, time() );
		if ( SeatActivation::NO_SEAT === $outcome ) {
			/* translators: %s: item title. */
			$message = sprintf( __( 'You don\'t have an active license for "%s". Purchase a license to download this manual.', 'library-portal' ), $title );
			return new WP_Error(
				Access::NO_LICENSE,
				$message,
				array(
					'status' => 409,
					'error'  => $message,
				)
			);
		}
		$fresh = $this->lookup->fresh_row( $user_id, $row );
		if ( is_wp_error( $fresh ) ) {
			return $fresh;
		}
		$activated = SeatActivation::ACTIVATED === $outcome;
		return $this->success(
			array(
				'item'    => $fresh,
				'status'  => $activated ? 'activated' : 'already_active',
				'message' => $activated
					/* translators: %s: item title. */
					? sprintf( __( 'Your license for "%s" is now active.', 'library-portal' ), $title )
					/* translators: %s: item title. */
					: sprintf( __( 'Your license for "%s" is already active.', 'library-portal' ), $title ),
			)
		);
	}

	/**
	 * The row a progress report acts on, and whether it is whole (ItemLookup::report_row(): the
	 * permission check and the handler ask alike; the lookup is made once).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array{row: array<string, mixed>, whole: bool}|WP_Error
	 */
	private function report_row( WP_REST_Request $request ) {
		return $this->lookup->report_row( get_current_user_id(), (int) $request['product_id'], LearningReplies::tag( $request ), (int) ( $request['contract'] ?? 0 ) );
	}

	/**
	 * The refusal for a user without access.
	 */
	private static function no_access(): WP_Error {
		return ErrorReply::error( Access::NO_LICENSE, __( "You don't have access to view this video. Purchase or activate a license to gain access.", 'library-portal' ), 403 );
	}

	/**
	 * Schema of one library item, as GET items/ sends it.
	 *
	 * @return array<string, mixed>
	 */
	private function item_schema(): array {
		return RowSchema::row();
	}

	/**
	 * Schema of the `progress` object.
	 *
	 * @return array<string, mixed>
	 */
	public static function progress_schema(): array {
		$int = array( 'type' => 'integer' );
		return self::closed_object(
			array(
				'count' => $int,
				'time'  => $int,
				'parts' => array(
					'type'  => 'array',
					'items' => self::closed_object(
						array(
							'count' => $int,
							'time'  => $int,
						)
					),
				),
			)
		);
	}

	/**
	 * Schema of POST video/progress/{product_id}.
	 *
	 * @return array<string, mixed>
	 */
	public function get_progress_schema(): array {
		return $this->envelope_schema(
			'library-progress',
			self::closed_object(
				array(
					'product_id' => array( 'type' => 'integer' ),
					'item'       => array_merge( $this->item_schema(), array( 'type' => array( 'object', 'null' ) ) ),
					'progress'   => self::progress_schema(),
					'test'       => RowSchema::test(),
					'activated'  => array( 'type' => 'boolean' ),
				)
			)
		);
	}

	/**
	 * Schema of POST activate-manual-license/{id}.
	 *
	 * @return array<string, mixed>
	 */
	public function get_activation_schema(): array {
		return $this->envelope_schema(
			'library-activation',
			self::closed_object(
				array(
					'item'    => $this->item_schema(),
					'status'  => array(
						'type' => 'string',
						'enum' => array( 'activated', 'already_active' ),
					),
					'message' => array( 'type' => 'string' ),
				)
			)
		);
	}
}
