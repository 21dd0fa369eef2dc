<?php
/**
 * Watched progress per part.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Repositories;

/**
 * One row per (user, item, part); a write never lowers a stored value.
 */
final class ProgressRepository extends Repository implements UserRows {

	/**
	 * Stores a part's percent unless a higher value is already stored.
	 *
	 * INSERT IGNORE creates a missing row; the conditional UPDATE then only ever raises the
	 * value. Both statements are atomic on their own and read the same on MariaDB and SQLite.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @param int $part_index Part (0 for a single video).
	 * @param int $percent    0-100.
	 * @param int $now        Unix seconds.
	 */
	public function record( int $user_id, int $product_id, int $part_index, int $percent, int $now ): void {
		$table   = $this->table( 'progress' );
		$percent = max( 0, min( 100, $percent ) );
		$this->must(
			$this->db->query(
				$this->db->prepare(
					'INSERT IGNORE INTO %i (user_id, product_id, part_index, percent, updated_at) VALUES (%d, %d, %d, 0, %d)',
					$table,
					$user_id,
					$product_id,
					$part_index,
					$now
				)
			),
			'record'
		);
		$this->must(
			$this->db->query(
				$this->db->prepare(
					'UPDATE %i SET percent = %d, updated_at = %d WHERE user_id = %d AND product_id = %d AND part_index = %d AND percent < %d',
					$table,
					$percent,
					$now,
					$user_id,
					$product_id,
					$part_index,
					$percent
				)
			),
			'record'
		);
		$this->changed( $user_id );
	}

	/**
	 * All progress rows of a user, grouped by item and ordered by part.
	 *
	 * @param int $user_id User.
	 * @return array<int, array<int, array{count: int, time: int}>> item => part index => progress.
	 */
	public function for_user( int $user_id ): array {
		$rows    = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT product_id, part_index, percent, updated_at FROM %i WHERE user_id = %d ORDER BY product_id, part_index',
				$this->table( 'progress' ),
				$user_id
			),
			ARRAY_A
		);
		$by_item = array();
		foreach ( $rows as $row ) {
			$by_item[ (int) $row['product_id'] ][ (int) $row['part_index'] ] = array(
				'count' => (int) $row['percent'],
				'time'  => (int) $row['updated_at'],
			);
		}
		return $by_item;
	}

	/**
	 * Deletes the progress of a deleted user.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		$this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE user_id = %d', $this->table( 'progress' ), $user_id ) ), 'forget user' );
	}
}
