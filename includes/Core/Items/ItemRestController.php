<?php
/**
 * REST access to catalogue items, for the block editor only.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Items;

use WP_Error;
use WP_REST_Posts_Controller;
use WP_REST_Request;

/**
 * Core's posts controller shows every published post to anyone, which would publish download
 * links and videos. Here reading needs the capability to edit catalogue items; customers get
 * catalogue data only through the plugin's own routes, and only what they have access to.
 */
final class ItemRestController extends WP_REST_Posts_Controller {

	/**
	 * Listing needs the post type's edit capability.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function get_items_permissions_check( $request ) {
		return $this->can_edit_items() ? parent::get_items_permissions_check( $request ) : $this->forbidden();
	}

	/**
	 * Reading one item needs the capability to edit that item.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return bool|WP_Error
	 */
	public function get_item_permissions_check( $request ) {
		$post = $this->get_post( $request['id'] );
		if ( is_wp_error( $post ) ) {
			return $this->can_edit_items() ? $post : $this->forbidden();
		}
		return current_user_can( 'edit_post', $post->ID ) ? parent::get_item_permissions_check( $request ) : $this->forbidden();
	}

	/**
	 * Whether the current user may edit catalogue items at all.
	 */
	private function can_edit_items(): bool {
		$type = get_post_type_object( $this->post_type );
		return null !== $type && current_user_can( $type->cap->edit_posts );
	}

	/**
	 * 401 for a visitor, 403 for a logged-in user without the capability (as core answers).
	 */
	private function forbidden(): WP_Error {
		return new WP_Error(
			'rest_forbidden',
			__( 'Sorry, you are not allowed to see library items.', 'library-portal' ),
			array( 'status' => rest_authorization_required_code() )
		);
	}
}
