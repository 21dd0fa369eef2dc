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
	 * @return array{cache_key: string, valid_until: int|string, payload: string}|null
	 */
	public function find( int $user_id ): ?array {
		$entry = $this->db->get_row(
			$this->db->prepare( 'SELECT cache_key, valid_until, payload FROM %i WHERE user_id = %d', $this->table( 'library_cache' ), $user_id ),
			ARRAY_A
		);
		return is_array( $entry ) ? $entry : null;
	}

	/**
	 * Stores (or replaces) a user's entry.
	 *
	 * @param int    $user_id     User.
	 * @param string $cache_key   Key the entry is valid for.
	 * @param int    $valid_until Unix seconds.
	 * @param string $payload     Encoded items.
	 */
	public function save( int $user_id, string $cache_key, int $valid_until, string $payload ): void {
		$this->db->replace(
			$this->table( 'library_cache' ),
			array(
				'user_id'     => $user_id,
				'cache_key'   => $cache_key,
				'valid_until' => $valid_until,
				'payload'     => $payload,
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
