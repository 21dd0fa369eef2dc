<?php
/**
 * Reads catalogue items in batches.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Catalogue;

use LibraryPortal\Domain\ContentType;
use WP_Post;

/**
 * Loads many catalogue items with a fixed number of queries: the posts, their meta and
 * their featured images, each in one batch, whatever the number of items.
 */
final class Catalogue {

	/**
	 * Published catalogue items by ID, as plain arrays.
	 *
	 * @param int[] $ids Post IDs.
	 * @return array<int, array<string, mixed>>
	 */
	public function items( array $ids ): array {
		$ids = array_values( array_unique( array_filter( array_map( 'intval', $ids ) ) ) );
		if ( ! $ids ) {
			return array();
		}
		$posts = get_posts(
			array(
				'post_type'              => ItemPostType::POST_TYPE,
				'post_status'            => 'publish',
				'post__in'               => $ids,
				'numberposts'            => -1,
				'orderby'                => 'ID', // Not post__in: SQLite caps FIELD() at a few hundred arguments.
				'order'                  => 'ASC',
				'suppress_filters'       => false,
				'update_post_meta_cache' => true,
				'update_post_term_cache' => false,
			)
		);
		// One batch for every featured image (an empty query object runs no query of its own).
		$batch        = new \WP_Query();
		$batch->posts = $posts;
		update_post_thumbnail_cache( $batch );

		$items = array();
		foreach ( $posts as $post ) {
			$items[ $post->ID ] = $this->to_array( $post );
		}
		return $items;
	}

	/**
	 * One item as the library needs it.
	 *
	 * @param WP_Post $post Catalogue post.
	 * @return array<string, mixed>
	 */
	private function to_array( WP_Post $post ): array {
		$meta  = static fn( string $key ) => get_post_meta( $post->ID, $key, true );
		$type  = ContentType::normalize( (string) $meta( '_lp_content_type' ) );
		$parts = $meta( '_lp_video_parts' );
		$image = get_the_post_thumbnail_url( $post, 'medium_large' );

		$description = '' !== $post->post_excerpt ? $post->post_excerpt : $post->post_content;

		return array(
			'product_id'    => $post->ID,
			'title'         => get_the_title( $post ),
			'subtitle'      => (string) $meta( '_lp_subtitle' ),
			'description'   => trim( wp_strip_all_tags( strip_shortcodes( $description ) ) ),
			'img'           => $image ? $image : (string) $meta( '_lp_image_url' ),
			'content_type'  => $type,
			'product_link'  => (string) $meta( '_lp_product_link' ),
			'product_type'  => (string) $meta( '_lp_product_type' ) ? (string) $meta( '_lp_product_type' ) : 'simple',
			'download_link' => (string) $meta( '_lp_download_link' ),
			'free_item'     => (bool) $meta( '_lp_free_item' ),
			'part_count'    => is_array( $parts ) && $parts ? count( $parts ) : 1,
		);
	}
}
