<?php
/**
 * GET /library/v2/notifications/
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Rest;

use LibraryPortal\Notifications\Notifier;
use LibraryPortal\Repositories\Notification;
use LibraryPortal\Repositories\NotificationRepository;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The current user's notifications, paged (spec points 2 and 7). Hiding and read-all come
 * with the notifications screens.
 */
final class NotificationsController extends Controller {

	public const PER_PAGE     = 10;
	public const MAX_PER_PAGE = 50;

	/**
	 * Notifications.
	 *
	 * @var NotificationRepository
	 */
	private NotificationRepository $notifications;

	/**
	 * Wires the controller.
	 *
	 * @param NotificationRepository $notifications Notifications.
	 */
	public function __construct( NotificationRepository $notifications ) {
		$this->notifications = $notifications;
		$this->rest_base     = 'notifications';
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
						'page'           => array(
							'description' => __( 'Page of the list, from 1.', 'library-portal' ),
							'type'        => 'integer',
							'default'     => 1,
							'minimum'     => 1,
							'maximum'     => Limits::MAX_PAGE,
						),
						'per_page'       => array(
							'description' => __( 'Notifications per page.', 'library-portal' ),
							'type'        => 'integer',
							'default'     => self::PER_PAGE,
							'minimum'     => 1,
							'maximum'     => self::MAX_PER_PAGE,
						),
						'include_hidden' => array(
							'description' => __( 'Whether hidden notifications are listed too.', 'library-portal' ),
							'type'        => 'boolean',
							'default'     => false,
						),
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
	public function get_items_permissions_check( $request ) {
		return $this->require_login();
	}

	/**
	 * One page of the current user's notifications.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get_items( $request ): WP_REST_Response {
		$page     = (int) $request['page'];
		$per_page = (int) $request['per_page'];
		$result   = $this->notifications->page_for_user( get_current_user_id(), $page, $per_page, (bool) $request['include_hidden'] );

		return $this->success(
			array(
				'notifications' => array_map( array( $this, 'to_reply' ), $result->notifications ),
				'total'         => $result->total,
				'page'          => $page,
				'per_page'      => $per_page,
				'total_pages'   => (int) ceil( $result->total / $per_page ),
			)
		);
	}

	/**
	 * One notification as spec point 3 names its fields.
	 *
	 * @param Notification $notification Stored notification.
	 * @return array<string, mixed>
	 */
	private function to_reply( Notification $notification ): array {
		return array(
			'id'                 => $notification->id,
			// Plain text (also for rows stored as HTML by earlier versions); the UI shows it as text.
			'message'            => Notifier::plain_text( $notification->message ),
			'hide_status'        => $notification->hidden,
			'read_status'        => $notification->read,
			'timestamp'          => $notification->created_at,
			'type'               => $notification->type,
			'related_product_id' => $notification->related_product_id,
			'related_user_id'    => $notification->related_user_id,
		);
	}

	/**
	 * Schema of the reply.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		if ( ! $this->schema ) {
			$int          = array( 'type' => 'integer' );
			$bool         = array( 'type' => 'boolean' );
			$this->schema = $this->envelope_schema(
				'library-notifications',
				self::closed_object(
					array(
						'notifications' => array(
							'type'  => 'array',
							'items' => self::closed_object(
								array(
									'id'                 => $int,
									'message'            => array( 'type' => 'string' ),
									'hide_status'        => $bool,
									'read_status'        => $bool,
									'timestamp'          => $int,
									'type'               => array( 'type' => 'string' ),
									'related_product_id' => $int,
									'related_user_id'    => $int,
								)
							),
						),
						'total'         => $int,
						'page'          => $int,
						'per_page'      => $int,
						'total_pages'   => $int,
					)
				)
			);
		}
		return $this->add_additional_fields_schema( $this->schema );
	}
}
