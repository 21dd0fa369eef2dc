<?php
/**
 * Stored library replies.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Database\UserRows;
use LibraryPortal\Core\Database\UserTable;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * One row per user: the compressed items reply (in hexadecimal: a text column takes those on every
 * database and charset, and they still take a tenth of the plain JSON) after the number of its items
 * and a colon (`1000:1f8b…`), its key and the time it stays valid (used by Library\LibraryCache when
 * the site has no persistent object cache).
 */
final class LibraryCacheRepository extends Repository implements UserRows {

	/**
	 * The stored entry of a user (null when none) and the user's progress version: the number of
	 * their progress rows and the sum of their percents, which every raise and every new row
	 * changes (progress never falls; whatever deletes rows announces a whole change). One
	 * statement, so a hit is still one query (docs/rules/learning-and-progress.md, "Cost of a report: the short path").
	 *
	 * @param int $user_id User.
	 * @return array{0: CacheEntry|null, 1: string}
	 */
	public function find_with_progress( int $user_id ): array {
		$row = $this->db->get_row(
			$this->db->prepare(
				'SELECT p.progress_rows, p.progress_sum, c.cache_key, c.valid_until, c.payload FROM ( SELECT COUNT(*) AS progress_rows, COALESCE( SUM( percent ), 0 ) AS progress_sum FROM %i WHERE user_id = %d ) p LEFT JOIN %i c ON c.user_id = %d',
				$this->table( 'progress' ),
				$user_id,
				$this->table( 'library_cache' ),
				$user_id
			),
			ARRAY_A
		);
		if ( ! is_array( $row ) ) {
			return array( null, '' );
		}
		$progress = (int) $row['progress_rows'] . '.' . (int) $row['progress_sum'];
		return array( null === $row['cache_key'] ? null : self::entry_of( $row ), $progress );
	}

	/**
	 * An entry from its stored row; null for a row of an older format (plain JSON, or no count of
	 * items): the next request builds one.
	 *
	 * @param array<string, mixed> $row Stored row.
	 */
	private static function entry_of( array $row ): ?CacheEntry {
		$parts = explode( ':', (string) $row['payload'], 2 );
		if ( 2 !== count( $parts ) || ! ctype_digit( $parts[0] ) ) {
			return null;
		}
		$hex     = $parts[1];
		$payload = ctype_xdigit( $hex ) && 0 === strlen( $hex ) % 2 ? hex2bin( $hex ) : false;
		return false !== $payload ? new CacheEntry( (string) $row['cache_key'], (int) $row['valid_until'], $payload, (int) $parts[0] ) : null;
	}

	/**
	 * Stores (or replaces) a user's entry; false when the database refused it. Storing is best
	 * effort: a lost entry is rebuilt on the next request, so the caller need not stop.
	 *
	 * @param int        $user_id User.
	 * @param CacheEntry $entry   Entry.
	 */
	public function save( int $user_id, CacheEntry $entry ): bool {
		// Not wpdb::replace(): it reads the table's column charsets first (SHOW FULL COLUMNS, 2 ms
		// of a 1,000-item rebuild on MariaDB) to check values that are numbers, an MD5 and hex.
		return false !== $this->db->query(
			$this->db->prepare(
				'REPLACE INTO %i ( user_id, cache_key, valid_until, payload ) VALUES ( %d, %s, %d, %s )',
				$this->table( 'library_cache' ),
				$user_id,
				$entry->cache_key,
				$entry->valid_until,
				$entry->rows . ':' . bin2hex( $entry->payload )
			)
		);
	}

	/**
	 * Deletes the stored library reply of a deleted user.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		( new UserTable( $this->db, $this->table( 'library_cache' ), array( 'user_id' ) ) )->delete( $user_id, 'forget user' );
	}

	/**
	 * A user meta value of many users in one query (get_user_meta() would load every meta row of
	 * each): LibraryCache's library versions of a whole team.
	 *
	 * @param int[]  $user_ids Users.
	 * @param string $meta_key Meta key.
	 * @return array<int, string> User ID => value, for those that have one, by ID.
	 */
	public function user_meta_of( array $user_ids, string $meta_key ): array {
		$values = array();
		foreach ( array_chunk( self::ids( $user_ids ), 1000 ) as $chunk ) {
			$rows = (array) $this->db->get_results(
				$this->db->prepare(
					'SELECT user_id, meta_value FROM %i WHERE meta_key = %s AND user_id IN ( ' . self::placeholders( $chunk ) . ' )',
					array_merge( array( $this->db->usermeta, $meta_key ), $chunk )
				),
				ARRAY_N
			);
			foreach ( $rows as $row ) {
				$values[ (int) $row[0] ] = (string) $row[1];
			}
		}
		ksort( $values );
		return $values;
	}

	/**
	 * Gives many users one value of a meta key in a fixed number of statements per 1,000 users:
	 * one UPDATE of the rows that exist and, only when some are missing, one read of which exist
	 * and one multi-row INSERT of the others (docs/rules/platform.md, "Performance": a contract change
	 * with 1,000 members was 1,000 UPDATEs). The caller drops the users' meta caches.
	 *
	 * @param int[]  $user_ids Users.
	 * @param string $meta_key Key.
	 * @param string $value    Value.
	 * @throws WriteFailed When the database refused a statement.
	 */
	public function set_user_meta_of( array $user_ids, string $meta_key, string $value ): void {
		foreach ( array_chunk( self::ids( $user_ids ), 1000 ) as $chunk ) {
			$updated = $this->must(
				$this->db->query(
					$this->db->prepare(
						'UPDATE %i SET meta_value = %s WHERE meta_key = %s AND user_id IN ( ' . self::placeholders( $chunk ) . ' )',
						array_merge( array( $this->db->usermeta, $value, $meta_key ), $chunk )
					)
				),
				'raise library versions'
			);
			if ( $updated >= count( $chunk ) ) {
				continue;
			}
			$missing = array_values( array_diff( $chunk, array_keys( $this->user_meta_of( $chunk, $meta_key ) ) ) );
			if ( ! $missing ) {
				continue;
			}
			$values = array();
			foreach ( $missing as $user_id ) {
				array_push( $values, $user_id, $meta_key, $value );
			}
			$this->must(
				$this->db->query(
					$this->db->prepare(
						'INSERT INTO %i (user_id, meta_key, meta_value) VALUES ' . implode( ', ', array_fill( 0, count( $missing ), '(%d, %s, %s)' ) ),
						array_merge( array( $this->db->usermeta ), $values )
					)
				),
				'add library versions'
			);
		}
	}
}
