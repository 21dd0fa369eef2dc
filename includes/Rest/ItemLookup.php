<?php
/**
 * "This item, for this user."
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Rest;

use LibraryPortal\Library\LibraryService;
use WP_Error;

/**
 * The one lookup behind every `/{id}` route (video, progress, activation, share data, revoke,
 * contract item): both the permission callback and the handler ask it, as WordPress core's posts
 * controller asks get_post(), so "no such item" and "not in your library" are decided in one place
 * and answer the same 404 (a stranger learns nothing about other people's items).
 *
 * It builds only this item's rows (LibraryService::items_for with a product: a fixed handful of
 * small indexed queries) and never reads the cached library: that entry holds the whole encoded
 * library (about 1 MB for 1,000 items), so reading it for one row cost more than building the row
 * (measured: 1-7 ms for the read alone on MariaDB), and a progress report invalidates it every few
 * seconds anyway. A second lookup in the same request costs nothing.
 */
final class ItemLookup {

	public const NOT_FOUND = 'item_not_found';

	/**
	 * Library builder.
	 *
	 * @var LibraryService
	 */
	private LibraryService $library;

	/**
	 * Rows found in this request, by user and item.
	 *
	 * @var array<string, array<int, array<string, mixed>>>
	 */
	private array $found = array();

	/**
	 * Creates the lookup.
	 *
	 * @param LibraryService $library Library builder.
	 */
	public function __construct( LibraryService $library ) {
		$this->library = $library;
	}

	/**
	 * The user's library rows of an item (plain and member version, one per sharer), or the 404.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @return array<int, array<string, mixed>>|WP_Error
	 */
	public function rows( int $user_id, int $product_id ) {
		$key = $user_id . '|' . $product_id;
		if ( ! isset( $this->found[ $key ] ) ) {
			$rows = $user_id > 0 ? self::as_sent( $this->library->items_for( $user_id, time(), $product_id ) ) : array();
			if ( ! $rows ) {
				return ErrorReply::error(
					self::NOT_FOUND,
					/* translators: %d: item ID. */
					sprintf( __( 'Item with ID %d was not found in your library.', 'library-portal' ), $product_id ),
					404
				);
			}
			$this->found[ $key ] = $rows;
		}
		return $this->found[ $key ];
	}

	/**
	 * The rows again, built from the database after a write (this request's or a parallel one's):
	 * not from the cache, whose version this request may have read before another request's
	 * write bumped it (a request that lost an activation race must still answer with the seat
	 * the winner activated). Replaces this request's memo.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @return array<int, array<string, mixed>>|WP_Error
	 */
	public function fresh_rows( int $user_id, int $product_id ) {
		$rows = self::as_sent( $this->library->items_for( $user_id, time(), $product_id ) );
		if ( ! $rows ) {
			unset( $this->found[ $user_id . '|' . $product_id ] );
			return $this->rows( $user_id, $product_id ); // Gone meanwhile: the usual 404.
		}
		$this->found[ $user_id . '|' . $product_id ] = $rows;
		return $rows;
	}

	/**
	 * Rows as the cache holds them: JSON-decoded (objects such as shared_with become arrays).
	 *
	 * @param array<int, array<string, mixed>> $rows Built rows.
	 * @return array<int, array<string, mixed>>
	 */
	private static function as_sent( array $rows ): array {
		return (array) json_decode( (string) wp_json_encode( $rows ), true );
	}
}
