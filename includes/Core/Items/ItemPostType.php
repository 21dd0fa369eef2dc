<?php
/**
 * Catalogue items: a custom post type with typed meta.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Items;

/**
 * Registers the catalogue post type and its meta, editable in wp-admin.
 *
 * `product_id` in every call is the ID of one of these posts.
 */
final class ItemPostType {

	public const POST_TYPE = 'library_item';

	/**
	 * Meta keys and their types. JSON-shaped values (parts, subtitles) are stored as arrays.
	 */
	public const META = array(
		'_lp_content_type'   => 'string',
		'_lp_subtitle'       => 'string',
		'_lp_image_url'      => 'string',
		'_lp_product_link'   => 'string',
		'_lp_product_type'   => 'string',
		'_lp_download_link'  => 'string',
		'_lp_course_url'     => 'string',
		'_lp_free_item'      => 'boolean',
		'_lp_video_id'       => 'string',
		'_lp_video_url'      => 'string',
		'_lp_video_duration' => 'integer',
		// A single video's length as the admin typed it: wins over the read _lp_video_duration.
		'_lp_video_length'   => 'integer',
		'_lp_video_parts'    => 'array',
		'_lp_subtitles'      => 'array',
		'_lp_quiz_link'      => 'string',
		'_lp_attachment_url' => 'string',
		// What the item's certificate states for an accreditor ("3.0 CE hours", "NUR-204").
		'_lp_credits'        => 'string',
		'_lp_course_code'    => 'string',
		// The item's own accreditation statement, in place of its brand's (CertificateDesign).
		'_lp_statement'      => 'string',
	);

	/**
	 * Published items by title, for the admin screens' item pickers (grants, contracts, products).
	 * Items that share a title are told apart by their kind and ID ("Title — Workshop, #12"); only
	 * published items are offered, so the status never differs.
	 *
	 * @return array<int, string> Item ID => label.
	 */
	public static function published_titles(): array {
		$items  = get_posts(
			array(
				'post_type'        => self::POST_TYPE,
				'post_status'      => 'publish',
				'numberposts'      => -1,
				'orderby'          => 'title',
				'order'            => 'ASC',
				'suppress_filters' => false,
			)
		);
		$titles = array();
		foreach ( $items as $item ) {
			$titles[ $item->ID ] = get_the_title( $item );
		}
		$repeated = array_filter( array_count_values( $titles ), static fn( int $count ): bool => $count > 1 );
		foreach ( $titles as $item_id => $title ) {
			if ( isset( $repeated[ $title ] ) ) {
				$kind = ContentType::label( ContentType::normalize( (string) get_post_meta( $item_id, '_lp_content_type', true ) ) );
				/* translators: 1: item title, 2: content type, 3: item ID. */
				$titles[ $item_id ] = sprintf( __( '%1$s — %2$s, #%3$d', 'library-portal' ), $title, $kind, $item_id );
			}
		}
		return $titles;
	}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_action( 'init', array( $this, 'register_post_type' ) );
		add_filter( 'post_updated_messages', array( $this, 'updated_messages' ) );
	}

	/**
	 * The edit screen's notices after a save name a library item, not a "Post" (WordPress falls
	 * back to the post's messages for a type without its own). Library items are not public, so
	 * no message links to a view of the item.
	 *
	 * @param mixed $messages Messages by post type, each indexed by WordPress's message number.
	 * @return mixed The same, with the library item's.
	 */
	public function updated_messages( $messages ) {
		if ( ! is_array( $messages ) ) {
			return $messages;
		}
		$updated                     = __( 'Library item updated.', 'library-portal' );
		$messages[ self::POST_TYPE ] = array(
			0  => '',
			1  => $updated,
			2  => $updated,
			3  => $updated,
			4  => $updated,
			5  => __( 'Library item restored from a revision.', 'library-portal' ),
			6  => __( 'Library item published.', 'library-portal' ),
			7  => __( 'Library item saved.', 'library-portal' ),
			8  => __( 'Library item submitted.', 'library-portal' ),
			9  => __( 'Library item scheduled.', 'library-portal' ),
			10 => __( 'Library item draft updated.', 'library-portal' ),
		);
		return $messages;
	}

	/**
	 * Registers the post type and meta (also called on activation, before rewrite rules are flushed).
	 */
	public function register_post_type(): void {
		register_post_type(
			self::POST_TYPE,
			array(
				'labels'                => array(
					'name'          => __( 'Library items', 'library-portal' ),
					'singular_name' => __( 'Library item', 'library-portal' ),
					'add_new'       => __( 'Add library item', 'library-portal' ),
					'add_new_item'  => __( 'Add library item', 'library-portal' ),
					'edit_item'     => __( 'Edit library item', 'library-portal' ),
					'search_items'  => __( 'Search library items', 'library-portal' ),
					'not_found'     => __( 'No library items found.', 'library-portal' ),
					'all_items'     => __( 'All library items', 'library-portal' ),
					'menu_name'     => __( 'Training Library', 'library-portal' ),
				),
				'public'                => false,
				'show_ui'               => true,
				// REST only for the block editor: ItemRestController requires the edit capability.
				'show_in_rest'          => true,
				'rest_controller_class' => ItemRestController::class,
				'menu_icon'             => 'dashicons-welcome-learn-more',
				'supports'              => array( 'title', 'editor', 'excerpt', 'thumbnail', 'custom-fields' ),
				// Own capabilities (edit_library_items, ...): editors and administrators, not authors.
				'capability_type'       => array( 'library_item', 'library_items' ),
				'map_meta_cap'          => true,
			)
		);

		foreach ( self::META as $key => $type ) {
			$args = array(
				'type'          => $type,
				'single'        => true,
				'auth_callback' => static fn( $allowed, $meta_key, $post_id ) => current_user_can( 'edit_post', (int) $post_id ),
				'show_in_rest'  => 'array' === $type ? array(
					'schema' => array(
						'type'  => 'array',
						'items' => array( 'type' => 'object' ),
					),
				) : true,
			);
			if ( '_lp_content_type' === $key ) {
				$args['sanitize_callback'] = static fn( $value ) => ContentType::normalize( (string) $value );
			}
			register_post_meta( self::POST_TYPE, $key, $args );
		}
	}
}
