<?php
/**
 * Columns of the library item list in wp-admin.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Catalogue;

use LibraryPortal\Certificates\Quiz;
use LibraryPortal\Domain\ContentType;
use LibraryPortal\Learning\ItemMedia;

/**
 * Content type, number of video parts and whether the item has a test, after the title. The list
 * table primes the meta of the page's posts in one query, so the columns add none.
 */
final class ItemListColumns {

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_filter( 'manage_' . ItemPostType::POST_TYPE . '_posts_columns', array( $this, 'columns' ) );
		add_action( 'manage_' . ItemPostType::POST_TYPE . '_posts_custom_column', array( $this, 'cell' ), 10, 2 );
		add_action( 'admin_head-edit.php', array( $this, 'widths' ) );
	}

	/**
	 * Narrow columns for short values, so the title keeps the room.
	 */
	public function widths(): void {
		$screen = get_current_screen();
		if ( null !== $screen && ItemPostType::POST_TYPE === $screen->post_type ) {
			echo '<style>.fixed .column-library_portal_type{width:14%}.fixed .column-library_portal_parts,.fixed .column-library_portal_test{width:7em}</style>';
		}
	}

	/**
	 * The columns, ours after the title.
	 *
	 * @param array<string, string> $columns Columns by key.
	 * @return array<string, string>
	 */
	public function columns( $columns ): array {
		$ours = array(
			'library_portal_type'  => __( 'Content type', 'library-portal' ),
			'library_portal_parts' => __( 'Video parts', 'library-portal' ),
			'library_portal_test'  => __( 'Test', 'library-portal' ),
		);
		$out  = array();
		foreach ( (array) $columns as $key => $label ) {
			$out[ $key ] = $label;
			if ( 'title' === $key ) {
				$out += $ours;
			}
		}
		return $out + $ours;
	}

	/**
	 * Prints one cell.
	 *
	 * @param string $column  Column key.
	 * @param int    $post_id Item.
	 */
	public function cell( $column, $post_id ): void {
		$post_id = (int) $post_id;
		$type    = ContentType::normalize( (string) get_post_meta( $post_id, '_lp_content_type', true ) );
		switch ( $column ) {
			case 'library_portal_type':
				echo esc_html( ContentType::label( $type ) );
				break;
			case 'library_portal_parts':
				$parts = get_post_meta( $post_id, '_lp_video_parts', true );
				$video = is_array( $parts ) && array_filter( $parts, 'is_array' ) || '' !== (string) get_post_meta( $post_id, '_lp_video_url', true );
				if ( ContentType::has_video( $type ) && $video ) {
					echo esc_html( (string) ItemMedia::part_count_of( $parts ) );
				} else {
					echo '<span aria-hidden="true">—</span><span class="screen-reader-text">' . esc_html__( 'No video', 'library-portal' ) . '</span>';
				}
				break;
			case 'library_portal_test':
				echo esc_html( Quiz::of_item( $post_id )->has_questions() ? __( 'Yes', 'library-portal' ) : __( 'No', 'library-portal' ) );
				break;
		}
	}
}
