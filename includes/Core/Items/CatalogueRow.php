<?php
/**
 * One published catalogue item as read from the database.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Items;

/**
 * A catalogue post with only the meta keys the library shows (Catalogue\Catalogue turns it
 * into the fields of the items reply).
 */
final class CatalogueRow {

	/**
	 * Builds the row.
	 *
	 * @param int                   $id      Post ID.
	 * @param string                $title   Post title, as stored.
	 * @param string                $excerpt Post excerpt.
	 * @param string                $content Post content.
	 * @param array<string, string> $meta    Meta key => stored value.
	 */
	public function __construct(
		public readonly int $id,
		public readonly string $title,
		public readonly string $excerpt,
		public readonly string $content,
		public readonly array $meta
	) {}

	/**
	 * One meta value, '' when the item has none.
	 *
	 * @param string $key Meta key.
	 */
	public function meta( string $key ): string {
		return $this->meta[ $key ] ?? '';
	}
}
