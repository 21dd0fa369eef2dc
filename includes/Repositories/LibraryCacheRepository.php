<?php
/**
 * Stored library replies.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Repositories;

/**
 * One row per user: the encoded items reply, its key and the time it stays valid
 * (used by Library\LibraryCache when the site has no persistent object cache).
 */
final class LibraryCacheRepository extends Repository implements UserRows {

	/**
	 * The stored entry of a user.
	 *
	 * @param int $user_id User.
	 */
	public function find( int $user_id ): ?CacheEntry {
		$entry = $this->db->get_row(
			$this->db->prepare( 'SELECT cache_key, valid_until, payload FROM %i WHERE user_id = %d', $this->table( 'library_cache' ), $user_id ),
			ARRAY_A
		);
		return is_array( $entry ) ? new CacheEntry( (string) $entry['cache_key'], (int) $entry['valid_until'], (string) $entry['payload'] ) : null;
	}

	/**
	 * Stores (or replaces) a user's entry; false when the database refused it. Storing is best
	 * effort: a lost entry is rebuilt on the next request, so the caller need not stop.
	 *
	 * @param int        $user_id User.
	 * @param CacheEntry $entry   Entry.
	 */
	public function save( int $user_id, CacheEntry $entry ): bool {
		return false !== $this->db->replace(
			$this->table( 'library_cache' ),
			array(
				'user_id'     => $user_id,
				'cache_key'   => $entry->cache_key,
				'valid_until' => $entry->valid_until,
				'payload'     => $entry->payload,
			),
			array( '%d', '%s', '%d', '%s' )
		);
	}

	/**
	 * Deletes the stored library reply of a deleted user.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		$this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE user_id = %d', $this->table( 'library_cache' ), $user_id ) ), 'forget user' );
	}
}
