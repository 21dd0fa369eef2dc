<?php
/**
 * Catalogue items as the library shows them.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Items;

use LibraryPortal\Platform\Database\SelectPart;

/**
 * Turns catalogue rows into the fields of the items reply. Featured images are looked up in
 * one batch, and only for the items that have one.
 */
final class Catalogue {

	/**
	 * Catalogue rows.
	 *
	 * @var CatalogueRepository
	 */
	private CatalogueRepository $rows;

	/**
	 * Wires the catalogue.
	 *
	 * @param CatalogueRepository $rows Catalogue rows.
	 */
	public function __construct( CatalogueRepository $rows ) {
		$this->rows = $rows;
	}

	/**
	 * Published items of a user's library by ID.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Only this item (0 = all).
	 * @return array<int, array<string, mixed>>
	 */
	public function items_for_user( int $user_id, int $product_id = 0 ): array {
		return $this->items( $this->rows->items_for_user( $user_id, $product_id ) );
	}

	/**
	 * Published items by ID.
	 *
	 * @param int[] $ids Item IDs.
	 * @return array<int, array<string, mixed>>
	 */
	public function items_by_id( array $ids ): array {
		return $this->items( $this->rows->items_by_id( $ids ) );
	}

	/**
	 * A published item's content type and part count: what a progress report judges, given as a
	 * part of the report's one read (CatalogueRepository::published_item_meta_read()), which also
	 * fills WordPress's meta cache, so ItemMedia reads the parts without a query. Its value is
	 * null when it is not a published item with meta (the caller then takes the whole lookup).
	 *
	 * @param int $product_id Item.
	 */
	public function kind_read( int $product_id ): SelectPart {
		return $this->rows->published_item_meta_read( $product_id )->then(
			static fn( ?array $meta ): ?array => null === $meta ? null : array(
				'content_type' => ContentType::normalize( (string) ItemMedia::single( $meta, '_lp_content_type' ) ),
				'part_count'   => ItemMedia::part_count_of( ItemMedia::single( $meta, '_lp_video_parts' ) ),
			)
		);
	}

	/**
	 * Catalogue rows as the library needs them, their images primed in one query.
	 *
	 * @param array<int, CatalogueRow> $rows Rows by ID.
	 * @return array<int, array<string, mixed>>
	 */
	private function items( array $rows ): array {
		$thumb_ids = array_filter( array_map( static fn( CatalogueRow $row ) => (int) $row->meta( '_thumbnail_id' ), $rows ) );
		if ( $thumb_ids ) {
			_prime_post_caches( array_values( array_unique( $thumb_ids ) ), false, true );
		}

		$items = array();
		foreach ( $rows as $id => $row ) {
			$items[ $id ] = $this->to_item( $row, (int) ( $thumb_ids[ $id ] ?? 0 ) );
		}
		return self::shop_links( $items, $rows );
	}

	/**
	 * Items sold by a shop product (item meta `_lp_wc_product_id`, kept by the WooCommerce
	 * integration) link to that product's page; the filter answers for all of them at once.
	 *
	 * @param array<int, array<string, mixed>> $items Items by ID.
	 * @param array<int, CatalogueRow>         $rows  Their rows.
	 * @return array<int, array<string, mixed>>
	 */
	private static function shop_links( array $items, array $rows ): array {
		$linked = array_filter( array_map( static fn( CatalogueRow $row ) => (int) $row->meta( '_lp_wc_product_id' ), $rows ) );
		if ( ! $linked || ! has_filter( 'library_portal_product_links' ) ) {
			return $items;
		}
		/**
		 * Product pages of items linked to shop products.
		 *
		 * @param array<int, string> $links  Item ID => address (empty: keep the item's own link).
		 * @param array<int, int>    $linked Item ID => product ID.
		 */
		$links = (array) apply_filters( 'library_portal_product_links', array(), $linked );
		foreach ( $links as $id => $link ) {
			if ( isset( $items[ $id ] ) && is_string( $link ) && '' !== $link ) {
				$items[ $id ]['product_link'] = $link;
			}
		}
		return $items;
	}

	/**
	 * One item as the library needs it.
	 *
	 * @param CatalogueRow $row      Catalogue row.
	 * @param int          $thumb_id Featured image ID (0 = none).
	 * @return array<string, mixed>
	 */
	private function to_item( CatalogueRow $row, int $thumb_id ): array {
		$type         = ContentType::normalize( $row->meta( '_lp_content_type' ) );
		$parts        = maybe_unserialize( $row->meta( '_lp_video_parts' ) );
		$image        = $thumb_id ? wp_get_attachment_image_url( $thumb_id, 'medium_large' ) : false;
		$description  = '' !== $row->excerpt ? $row->excerpt : $row->content;
		$product_type = $row->meta( '_lp_product_type' );

		return array(
			'product_id'    => $row->id,
			'title'         => html_entity_decode( $row->title, ENT_QUOTES, 'UTF-8' ),
			'subtitle'      => $row->meta( '_lp_subtitle' ),
			'description'   => trim( false === strpbrk( $description, '<[' ) ? $description : wp_strip_all_tags( strip_shortcodes( $description ) ) ),
			'img'           => $image ? $image : $row->meta( '_lp_image_url' ),
			'content_type'  => $type,
			'product_link'  => $row->meta( '_lp_product_link' ),
			'product_type'  => '' !== $product_type ? $product_type : 'simple',
			'download_link' => $row->meta( '_lp_download_link' ),
			'course_url'    => $row->meta( '_lp_course_url' ),
			'free_item'     => (bool) $row->meta( '_lp_free_item' ),
			'part_count'    => ItemMedia::part_count_of( $parts ),
		);
	}
}
