<?php
/**
 * GET /library/v2/notifications/, POST notifications/hide/{id}, POST notifications/read-all
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Notifications;

use LibraryPortal\Core\Notices\Notification;
use LibraryPortal\Core\Notices\NotificationRepository;
use LibraryPortal\Core\Notices\Notifier;
use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Core\Site\SiteDate;
use LibraryPortal\Platform\Rest\Controller;
use LibraryPortal\Platform\Rest\ErrorReply;
use LibraryPortal\Platform\Rest\Limits;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The current user's notifications, paged, hidden one by one and all marked read (spec points
 * 2, 4 and 7). Only the caller's own rows: another user's ID answers the same 404 as a missing one.
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
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/hide/(?P<id>\d+)',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'hide_item' ),
					'permission_callback' => array( $this, 'require_login' ),
					'args'                => array(
						'id' => array_merge( self::item_id_arg(), array( 'description' => __( 'Notification ID.', 'library-portal' ) ) ),
					),
				),
				'schema' => array( $this, 'change_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/read-all',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'read_all' ),
					'permission_callback' => array( $this, 'require_login' ),
				),
				'schema' => array( $this, 'change_schema' ),
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
				'unread'        => $result->unread,
			)
		);
	}

	/**
	 * POST notifications/hide/{id}: hides one of the caller's notifications (again: still 200).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function hide_item( $request ) {
		$user_id = get_current_user_id();
		if ( ! $this->notifications->hide( $user_id, (int) $request['id'] ) ) {
			return ErrorReply::error( 'notification_not_found', __( 'Notification not found.', 'library-portal' ), 404 );
		}
		return $this->changed( $user_id );
	}

	/**
	 * POST notifications/read-all: marks every notification of the caller read.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function read_all( $request ): WP_REST_Response {
		$user_id = get_current_user_id();
		$this->notifications->mark_all_read( $user_id );
		return $this->changed( $user_id );
	}

	/**
	 * The reply of a change: the unread, visible count after it, so the bell needs no new fetch.
	 *
	 * @param int $user_id User.
	 */
	private function changed( int $user_id ): WP_REST_Response {
		return $this->success( array( 'unread' => $this->notifications->unread_count( $user_id ) ) );
	}

	/**
	 * Schema of the hide and read-all replies.
	 *
	 * @return array<string, mixed>
	 */
	public function change_schema(): array {
		return $this->envelope_schema( 'library-notifications-change', self::closed_object( array( 'unread' => array( 'type' => 'integer' ) ) ) );
	}

	/**
	 * One notification as the spec names its fields.
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
			'link'               => self::link_of( $notification ),
			'date'               => SiteDate::date_time( $notification->created_at ),
		);
	}

	/**
	 * Where a notification leads: the item it is about (its Share Details for news about the
	 * owner's shares), nowhere for an item taken out of the library or none at all.
	 *
	 * @param Notification $notification Stored notification.
	 */
	private static function link_of( Notification $notification ): string {
		if ( $notification->related_product_id <= 0 || 'license_taken_back' === $notification->type ) {
			return '';
		}
		$url = home_url( '/' . Routes::PORTAL_PATH . '/videos/' . $notification->related_product_id );
		return in_array( $notification->type, array( 'share_accepted', 'license_request', 'team_completed' ), true ) ? add_query_arg( 'tab', 'share-details', $url ) : $url;
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
									'link'               => array( 'type' => 'string' ),
									'date'               => array( 'type' => 'string' ),
								)
							),
						),
						'total'         => $int,
						'page'          => $int,
						'per_page'      => $int,
						'total_pages'   => $int,
						'unread'        => $int,
					)
				)
			);
		}
		return $this->add_additional_fields_schema( $this->schema );
	}
}
