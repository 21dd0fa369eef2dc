<?php
/**
 * Columns of the library item list in wp-admin.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Catalogue;

use LibraryPortal\Core\Items\ContentType;
use LibraryPortal\Core\Items\ItemMedia;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Items\Quiz;

/**
 * Content type, number of video parts and whether the item has a test, after the title. The list
 * table primes the meta of the page's posts in one query, so the columns add none. Items with a
 * video part of unknown length (which the progress rule holds to the slow default pace) are marked
 * in the parts column and listed by the view "Length unknown".
 */
final class ItemListColumns {

	/**
	 * Query argument of the "Length unknown" view.
	 */
	public const LENGTH_VIEW = 'library_portal_length';

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_filter( 'manage_' . ItemPostType::POST_TYPE . '_posts_columns', array( $this, 'columns' ) );
		add_action( 'manage_' . ItemPostType::POST_TYPE . '_posts_custom_column', array( $this, 'cell' ), 10, 2 );
		add_action( 'admin_head-edit.php', array( $this, 'widths' ) );
		add_filter( 'views_edit-' . ItemPostType::POST_TYPE, array( $this, 'views' ) );
		add_action( 'pre_get_posts', array( $this, 'only_unknown_length' ) );
	}

	/**
	 * The meta query of items with a video part of unknown length: a multi-part video with a part
	 * whose duration is 0 (as PHP serializes it in `_lp_video_parts`), or a single video with
	 * neither a typed nor a read length.
	 *
	 * @return array<int|string, mixed>
	 */
	public static function unknown_length_query(): array {
		$zero = static fn( string $key ): array => array(
			'relation' => 'OR',
			array(
				'key'     => $key,
				'compare' => 'NOT EXISTS',
			),
			array(
				'key'     => $key,
				'value'   => array( '', '0' ),
				'compare' => 'IN',
			),
		);
		return array(
			'relation' => 'OR',
			array(
				'key'     => '_lp_video_parts',
				'value'   => 's:8:"duration";i:0;',
				'compare' => 'LIKE',
			),
			array(
				'relation' => 'AND',
				array(
					'key'     => '_lp_video_url',
					'value'   => '',
					'compare' => '!=',
				),
				$zero( '_lp_video_duration' ),
				$zero( '_lp_video_length' ),
			),
		);
	}

	/**
	 * The "Length unknown" view after WordPress's own (All, Published, …), with its count.
	 *
	 * @param array<string, string> $views Views by key.
	 * @return array<string, string>
	 */
	public function views( $views ): array {
		$count                                  = ( new \WP_Query(
			array(
				'post_type'       => ItemPostType::POST_TYPE,
				'post_status'     => 'any',
				'fields'          => 'ids',
				'posts_per_page'  => 1,
				self::LENGTH_VIEW => 'unknown',
			)
		) )->found_posts;
		$url                                    = add_query_arg( self::LENGTH_VIEW, 'unknown', admin_url( 'edit.php?post_type=' . ItemPostType::POST_TYPE ) );
		$current                                = isset( $_GET[ self::LENGTH_VIEW ] ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a list filter, read only.
		$views                                  = (array) $views;
		$views['library_portal_length_unknown'] = sprintf(
			'<a href="%s"%s>%s <span class="count">(%s)</span></a>',
			esc_url( $url ),
			$current ? ' class="current" aria-current="page"' : '',
			esc_html__( 'Length unknown', 'library-portal' ),
			esc_html( number_format_i18n( $count ) )
		);
		return $views;
	}

	/**
	 * The item query under the "Length unknown" view: the list's own (the view's link) and the
	 * view's count, which names the view as a query argument, so both narrow the same way.
	 *
	 * @param \WP_Query $query Query.
	 */
	public function only_unknown_length( $query ): void {
		if ( ItemPostType::POST_TYPE !== $query->get( 'post_type' ) ) {
			return;
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a list filter, read only.
		$listed = is_admin() && $query->is_main_query() && isset( $_GET[ self::LENGTH_VIEW ] );
		if ( ! $listed && 'unknown' !== $query->get( self::LENGTH_VIEW ) ) {
			return;
		}
		$query->set( 'meta_query', self::unknown_length_query() );
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
					if ( ItemMedia::of( $post_id, '' )->has_unknown_length() ) {
						echo '<br><span class="library-portal-length-unknown">' . esc_html__( 'Length unknown', 'library-portal' ) . '</span>';
					}
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
