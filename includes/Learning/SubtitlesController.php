<?php
/**
 * GET /library/v2/subtitles/{product_id}/{n}
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

use LibraryPortal\Core\Items\ItemMedia;
use LibraryPortal\Core\Rows\Access;
use LibraryPortal\Core\Rows\ItemLookup;
use LibraryPortal\Core\Rows\LearnerRow;
use LibraryPortal\Platform\Rest\Controller;
use LibraryPortal\Platform\Rest\ErrorReply;
use LibraryPortal\Platform\Rest\VttResponse;
use WP_Error;
use WP_REST_Request;
use WP_REST_Server;

/**
 * The subtitle proxy (docs/contract.md, docs/rules/README.md): the n-th subtitle entry of an item,
 * for a user with access, as `text/vtt` with `nosniff`. The client names an item and an index,
 * never a path; SubtitleSource decides what may be read.
 */
final class SubtitlesController extends Controller {

	/**
	 * Row lookup shared with the other `/{id}` routes.
	 *
	 * @var ItemLookup
	 */
	private ItemLookup $lookup;

	/**
	 * Wires the controller.
	 *
	 * @param ItemLookup $lookup Row lookup.
	 */
	public function __construct( ItemLookup $lookup ) {
		$this->lookup    = $lookup;
		$this->rest_base = 'subtitles';
	}

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/(?P<product_id>\d+)/(?P<n>\d+)',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_item' ),
					'permission_callback' => array( $this, 'get_item_permissions_check' ),
					'args'                => array(
						'product_id' => self::item_id_arg(),
						'n'          => array(
							'description' => __( 'Index of the subtitle in the item.', 'library-portal' ),
							'type'        => 'integer',
							'minimum'     => 0,
							'maximum'     => 1000,
						),
					),
				),
			)
		);
	}

	/**
	 * Logged in, and the item is in the user's library.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function get_item_permissions_check( $request ) {
		$login = $this->require_login();
		if ( true !== $login ) {
			return $login;
		}
		$rows = $this->lookup->rows( get_current_user_id(), (int) $request['product_id'] );
		return is_wp_error( $rows ) ? $rows : true;
	}

	/**
	 * The subtitle file.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return VttResponse|WP_Error
	 */
	public function get_item( $request ) {
		$rows = $this->lookup->rows( get_current_user_id(), (int) $request['product_id'] );
		if ( is_wp_error( $rows ) ) {
			return $rows;
		}
		$row = LearnerRow::pick( $rows, '' );
		if ( null === $row || ! Access::granted( (string) $row['access'] ) ) {
			return ErrorReply::error( Access::NO_LICENSE, __( "You don't have access to view this video. Purchase or activate a license to gain access.", 'library-portal' ), 403 );
		}
		$text = SubtitleSource::text( ItemMedia::of( (int) $row['product_id'], (string) $row['title'] )->subtitle( (int) $request['n'] ) );
		if ( null === $text ) {
			return ErrorReply::error( 'subtitle_not_found', __( 'This subtitle file is not available.', 'library-portal' ), 404 );
		}
		return new VttResponse( $text );
	}
}
