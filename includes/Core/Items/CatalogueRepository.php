<?php
/**
 * Catalogue rows of a user's library.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Items;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Platform\Database\SelectPart;

/**
 * Reads the published catalogue items a user has seats in (or gets through a contract),
 * with only the meta keys the library shows.
 *
 * The set of items is a subquery on the user's seats rather than a long `IN (…)` list of IDs:
 * two short statements whatever the size of the library (a 1,000-ID list costs more to parse
 * than to run through the SQLite translator: 19 ms instead of 3 ms for the posts of 1,000 items).
 * The subquery is a derived table joined to the posts and the meta, not an `IN ( subquery )`:
 * MariaDB runs an `IN` over a UNION as a dependent subquery, once for every row of the posts
 * (or meta) table, so the posts of a 1,000-item library took 7-10 ms instead of 2-3 ms, and
 * more as the catalogue grows (docs/measurements.md, "Bench"). SQLite runs both alike.
 */
final class CatalogueRepository extends Repository {

	/**
	 * Post IDs of every item a user holds a seat of, owns, or gets through a contract.
	 *
	 * @return literal-string SQL with three %d placeholders for the user ID and four %i for tables.
	 */
	private static function user_items_subquery(): string {
		return 'SELECT product_id FROM %i WHERE owner_id = %d
			UNION SELECT product_id FROM %i WHERE holder_id = %d
			UNION SELECT ci.product_id FROM %i ci INNER JOIN %i cm ON cm.contract_id = ci.contract_id WHERE cm.user_id = %d';
	}

	/**
	 * Values for the subquery's placeholders.
	 *
	 * @param int $user_id User.
	 * @return array<int, int|string>
	 */
	private function user_items_args( int $user_id ): array {
		return array(
			$this->table( 'licenses' ),
			$user_id,
			$this->table( 'licenses' ),
			$user_id,
			$this->table( 'contract_items' ),
			$this->table( 'contract_members' ),
			$user_id,
		);
	}

	/**
	 * Published items of a user's library, keyed by post ID, with the meta keys the library shows.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Only this item (0 = all): a row rebuilt after a write reads one item.
	 * @return array<int, CatalogueRow>
	 */
	public function items_for_user( int $user_id, int $product_id = 0 ): array {
		$subquery = self::user_items_subquery();
		$only     = $product_id > 0 ? ' AND p.ID = %d' : '';
		$posts    = (array) $this->db->get_results(
			$this->db->prepare(
				"SELECT p.ID, p.post_title, p.post_excerpt, p.post_content FROM ( $subquery ) u INNER JOIN %i p ON p.ID = u.product_id WHERE p.post_type = %s AND p.post_status = 'publish'$only",
				array_merge( $this->user_items_args( $user_id ), array( $this->db->posts, ItemPostType::POST_TYPE ), $product_id > 0 ? array( $product_id ) : array() )
			),
			ARRAY_A
		);
		if ( ! $posts ) {
			return array();
		}

		$keys = self::meta_keys();
		if ( $product_id > 0 ) {
			// One item (a route about it): WordPress's own meta cache, so the route's later
			// get_post_meta() (ItemMedia) costs nothing, and a persistent object cache serves it.
			$all = (array) ( update_meta_cache( 'post', array( $product_id ) )[ $product_id ] ?? array() );
			$own = array();
			foreach ( array_intersect_key( $all, array_flip( $keys ) ) as $key => $values ) {
				$own[ (string) $key ] = (string) ( $values[0] ?? '' );
			}
			return array( $product_id => self::row( $posts[0], $own ) );
		}
		$placeholders = self::placeholders( $keys, '%s' );
		$meta_rows    = (array) $this->db->get_results(
			$this->db->prepare(
				"SELECT m.post_id, m.meta_key, m.meta_value FROM ( $subquery ) u INNER JOIN %i m ON m.post_id = u.product_id WHERE m.meta_key IN ( $placeholders )",
				array_merge( $this->user_items_args( $user_id ), array( $this->db->postmeta ), $keys )
			),
			ARRAY_A
		);
		return self::rows( $posts, $meta_rows );
	}

	/**
	 * Every meta value of a published item, as get_post_meta( $id ) gives them (key => values), or
	 * null when the ID is no published item with meta: a progress report's first read, given as a
	 * part of the report's one statement (CombinedRead). When WordPress's caches hold the post and
	 * its meta (a persistent object cache) the part is known and reads nothing; otherwise the post
	 * and its meta are one select instead of get_post()'s and update_meta_cache()'s two, and the
	 * meta goes into WordPress's meta cache as update_meta_cache() would put it (docs/rules/learning-and-progress.md,
	 * "Cost of a report: the short path"). An inner join, so MariaDB reads the meta in key order: a LEFT JOIN
	 * sorted in a temporary table (0.38 ms instead of 0.07 ms on every report). An item without
	 * meta has no parts to report on: null sends the caller to the whole lookup, which answers it.
	 *
	 * @param int $product_id Item.
	 */
	public function published_item_meta_read( int $product_id ): SelectPart {
		if ( wp_cache_get( $product_id, 'posts' ) && is_array( wp_cache_get( $product_id, 'post_meta' ) ) ) {
			$post = get_post( $product_id );
			$meta = $post instanceof \WP_Post && ItemPostType::POST_TYPE === $post->post_type && 'publish' === $post->post_status ? (array) get_post_meta( $product_id ) : array();
			return SelectPart::known( 'item', $meta ? $meta : null );
		}
		return SelectPart::of(
			'item',
			array(
				'id'    => 'm.meta_id',
				'key'   => 'm.meta_key',
				'value' => 'm.meta_value',
			),
			"FROM %i p INNER JOIN %i m ON m.post_id = p.ID WHERE p.ID = %d AND p.post_type = %s AND p.post_status = 'publish'",
			array( $this->db->posts, $this->db->postmeta, $product_id, ItemPostType::POST_TYPE ),
			static function ( array $rows ) use ( $product_id ): ?array {
				if ( ! $rows ) {
					return null;
				}
				// In the order update_meta_cache() reads them (a UNION part cannot be ordered).
				usort( $rows, static fn( array $a, array $b ): int => (int) $a['id'] <=> (int) $b['id'] );
				$meta = array();
				foreach ( $rows as $row ) {
					$meta[ (string) $row['key'] ][] = (string) $row['value'];
				}
				wp_cache_add( $product_id, $meta, 'post_meta' );
				return $meta;
			}
		);
	}

	/**
	 * Published items by ID (the items a team holds from its owner): two queries on primary
	 * keys, whatever else the catalogue holds.
	 *
	 * @param int[] $ids Item IDs.
	 * @return array<int, CatalogueRow>
	 */
	public function items_by_id( array $ids ): array {
		$ids = self::ids( $ids );
		if ( ! $ids ) {
			return array();
		}
		$in    = self::placeholders( $ids );
		$posts = (array) $this->db->get_results(
			$this->db->prepare(
				"SELECT ID, post_title, post_excerpt, post_content FROM %i WHERE post_type = %s AND post_status = 'publish' AND ID IN ( $in )",
				array_merge( array( $this->db->posts, ItemPostType::POST_TYPE ), $ids )
			),
			ARRAY_A
		);
		if ( ! $posts ) {
			return array();
		}
		$keys         = self::meta_keys();
		$placeholders = self::placeholders( $keys, '%s' );
		$meta_rows    = (array) $this->db->get_results(
			$this->db->prepare(
				"SELECT post_id, meta_key, meta_value FROM %i WHERE post_id IN ( $in ) AND meta_key IN ( $placeholders )",
				array_merge( array( $this->db->postmeta ), $ids, $keys )
			),
			ARRAY_A
		);
		return self::rows( $posts, $meta_rows );
	}

	/**
	 * The meta keys a catalogue row carries.
	 *
	 * @return string[]
	 */
	private static function meta_keys(): array {
		// _lp_wc_product_id: the shop product that sells the item (Integrations\WooCommerce\ProductPanel).
		return array_merge( array_keys( ItemPostType::META ), array( '_thumbnail_id', '_lp_wc_product_id' ) );
	}

	/**
	 * Catalogue rows by ID from posts rows and their meta rows.
	 *
	 * @param array<int, array<string, mixed>> $posts     Posts rows (ID, post_title, post_excerpt, post_content).
	 * @param array<int, array<string, mixed>> $meta_rows Meta rows (post_id, meta_key, meta_value).
	 * @return array<int, CatalogueRow>
	 */
	private static function rows( array $posts, array $meta_rows ): array {
		$meta = array();
		foreach ( $meta_rows as $row ) {
			$meta[ (int) $row['post_id'] ][ (string) $row['meta_key'] ] = (string) $row['meta_value'];
		}
		$items = array();
		foreach ( $posts as $post ) {
			$id           = (int) $post['ID'];
			$items[ $id ] = self::row( $post, $meta[ $id ] ?? array() );
		}
		return $items;
	}

	/**
	 * A catalogue row from a posts row and its meta.
	 *
	 * @param array<string, mixed>  $post Posts row (ID, post_title, post_excerpt, post_content).
	 * @param array<string, string> $meta Meta by key.
	 */
	private static function row( array $post, array $meta ): CatalogueRow {
		return new CatalogueRow( (int) $post['ID'], (string) $post['post_title'], (string) $post['post_excerpt'], (string) $post['post_content'], $meta );
	}
}
