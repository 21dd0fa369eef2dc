<?php
/**
 * Watched progress per part.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

use LibraryPortal\Database\Repository;
use LibraryPortal\Database\SelectPart;
use LibraryPortal\Database\UserRows;
use LibraryPortal\Database\WriteFailed;
use InvalidArgumentException;

/**
 * One row per (user, item, part); a write never lowers a stored value.
 */
final class ProgressRepository extends Repository implements UserRows {

	/**
	 * Stores a part's percent unless a higher value is already stored; true when a row changed.
	 *
	 * A player reports every 5 s, so the usual case is one statement: the conditional UPDATE
	 * raises an existing row (`WHERE percent < new`: it never lowers). Only when it changed
	 * nothing is the row created with INSERT IGNORE, and if a parallel request created it first,
	 * the UPDATE runs once more. Every statement is atomic on its own and reads the same on
	 * MariaDB and SQLite, so of two tabs writing at once the larger value stays. Not one
	 * `INSERT … ON DUPLICATE KEY UPDATE`: the SQLite driver translates that by reading the
	 * table's keys inside a deferred transaction before writing, so parallel reports failed with
	 * "database is locked" instead of waiting for the lock (ParallelRequestsTest found it).
	 * The percent must already be a share (the caller clamps what a player reported): a value
	 * outside 0-100 is a bug, refused rather than quietly changed here.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @param int $part_index Part (0 for a single video).
	 * @param int $percent    0-100.
	 * @param int $now        Unix seconds.
	 * @throws InvalidArgumentException When the percent is not 0-100.
	 * @throws WriteFailed              When the database refused a statement.
	 */
	public function record( int $user_id, int $product_id, int $part_index, int $percent, int $now ): bool {
		if ( $percent < 0 || $percent > 100 ) {
			throw new InvalidArgumentException( esc_html( "Progress must be 0-100, got $percent." ) );
		}
		$table   = $this->table( 'progress' );
		$raise   = fn(): int => $this->must(
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
		$changed = $raise();
		if ( 0 === $changed ) {
			$changed = $this->must(
				$this->db->query(
					$this->db->prepare(
						'INSERT IGNORE INTO %i (user_id, product_id, part_index, percent, updated_at) VALUES (%d, %d, %d, %d, %d)',
						$table,
						$user_id,
						$product_id,
						$part_index,
						$percent,
						$now
					)
				),
				'record'
			);
			if ( 0 === $changed ) {
				$changed = $raise(); // The row exists (at this value or above, or created meanwhile).
			}
		}
		// A report that raised nothing changed no library: no announcement, no cache cleared.
		if ( 0 === $changed ) {
			return false;
		}
		$this->progressed( $user_id );
		return true;
	}

	/**
	 * Stores a judged progress report (Learning/ProgressRecorder): raises the part to $percent
	 * when that is more than it holds, and in every case writes the item's watching clock
	 * (ItemClock) to the part's row: the last report now, and $credited_until. True when the
	 * percent was raised or the row created; only then is the change announced (the clock is no
	 * part of any reply).
	 *
	 * One statement in the usual cases, each atomic on its own as in record(): a raise is the
	 * conditional UPDATE (WHERE percent < new) that also writes the clock; a report that raises
	 * nothing (lower, equal or refused) writes only the clock; a part's first report creates its
	 * row with INSERT IGNORE. A raise that another tab overtook meanwhile writes only the clock.
	 * The clock is the latest of the item's rows, so writing it to one row is enough.
	 *
	 * @param int      $user_id        User.
	 * @param int      $product_id     Item.
	 * @param int      $part_index     Part (0 for a single video).
	 * @param int      $percent        0-100: the value to store if higher (the stored one for a report that raises nothing).
	 * @param int|null $read           The percent this request read for the part (null: it had no row).
	 * @param int      $credited_until Up to when the item's watching time is spent after this report (ProgressLimit).
	 * @param int      $now            Unix seconds.
	 * @throws InvalidArgumentException When the percent is not 0-100.
	 * @throws WriteFailed              When the database refused a statement.
	 */
	public function report( int $user_id, int $product_id, int $part_index, int $percent, ?int $read, int $credited_until, int $now ): bool {
		if ( $percent < 0 || $percent > 100 ) {
			throw new InvalidArgumentException( esc_html( "Progress must be 0-100, got $percent." ) );
		}
		$table = $this->table( 'progress' );
		if ( null === $read ) {
			$created = $this->must(
				$this->db->query(
					$this->db->prepare(
						'INSERT IGNORE INTO %i (user_id, product_id, part_index, percent, updated_at, reported_at, session_started_at) VALUES (%d, %d, %d, %d, %d, %d, %d)',
						$table,
						$user_id,
						$product_id,
						$part_index,
						$percent,
						$now,
						$now,
						$credited_until
					)
				),
				'report'
			);
			if ( $created > 0 ) {
				$this->progressed( $user_id );
				return true;
			}
			// A parallel request created the row first: judge against it as a raise.
		}
		if ( null === $read || $percent > $read ) {
			$raised = $this->must(
				$this->db->query(
					$this->db->prepare(
						'UPDATE %i SET percent = %d, updated_at = %d, reported_at = %d, session_started_at = %d WHERE user_id = %d AND product_id = %d AND part_index = %d AND percent < %d',
						$table,
						$percent,
						$now,
						$now,
						$credited_until,
						$user_id,
						$product_id,
						$part_index,
						$percent
					)
				),
				'report'
			);
			if ( $raised > 0 ) {
				$this->progressed( $user_id );
				return true;
			}
		}
		// Nothing to raise: only the clock moves.
		$this->must(
			$this->db->query(
				$this->db->prepare(
					'UPDATE %i SET reported_at = %d, session_started_at = %d WHERE user_id = %d AND product_id = %d AND part_index = %d',
					$table,
					$now,
					$credited_until,
					$user_id,
					$product_id,
					$part_index
				)
			),
			'report'
		);
		return false;
	}

	/**
	 * Several users' progress on several items (a sharer's team: Share Details, the team
	 * screens), in one query on the primary key.
	 *
	 * @param int[] $user_ids    Users.
	 * @param int[] $product_ids Items.
	 * @return array<int, array<int, array<int, PartProgress>>> By user, then item, then part.
	 */
	public function for_users_items( array $user_ids, array $product_ids ): array {
		$user_ids    = self::ids( $user_ids );
		$product_ids = self::ids( $product_ids );
		if ( ! $user_ids || ! $product_ids ) {
			return array();
		}
		$users = self::placeholders( $user_ids );
		$items = self::placeholders( $product_ids );
		$rows  = (array) $this->db->get_results(
			$this->db->prepare(
				"SELECT user_id, product_id, part_index, percent, updated_at FROM %i WHERE user_id IN ( $users ) AND product_id IN ( $items )",
				array_merge( array( $this->table( 'progress' ) ), $user_ids, $product_ids )
			),
			ARRAY_A
		);
		$found = array();
		foreach ( $rows as $row ) {
			$found[ (int) $row['user_id'] ][ (int) $row['product_id'] ][ (int) $row['part_index'] ] = new PartProgress( (int) $row['percent'], (int) $row['updated_at'] );
		}
		return $found;
	}

	/**
	 * All progress of a user, grouped by item and ordered by part.
	 *
	 * @param int $user_id User.
	 * @return array<int, array<int, PartProgress>> item => part index => progress.
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
			$by_item[ (int) $row['product_id'] ][ (int) $row['part_index'] ] = new PartProgress( (int) $row['percent'], (int) $row['updated_at'] );
		}
		return $by_item;
	}

	/**
	 * A user's progress of one item, by part, with the item's watching clock as each row holds it (one indexed read;
	 * parts never reported are absent).
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @return array<int, PartProgress> part index => progress.
	 */
	public function for_item( int $user_id, int $product_id ): array {
		return $this->read( $this->for_item_read( $user_id, $product_id ) );
	}

	/**
	 * for_item() as a part of a combined read (a progress report reads it with the item and the seats).
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 */
	public function for_item_read( int $user_id, int $product_id ): SelectPart {
		return SelectPart::of(
			'progress',
			array(
				'part_index'         => 'part_index',
				'percent'            => 'percent',
				'updated_at'         => 'updated_at',
				'reported_at'        => 'reported_at',
				'session_started_at' => 'session_started_at',
			),
			'FROM %i WHERE user_id = %d AND product_id = %d',
			array( $this->table( 'progress' ), $user_id, $product_id ),
			static function ( array $rows ): array {
				$parts = array();
				foreach ( $rows as $row ) {
					$parts[ (int) $row['part_index'] ] = new PartProgress( (int) $row['percent'], (int) $row['updated_at'], (int) $row['reported_at'], (int) $row['session_started_at'] );
				}
				return $parts;
			}
		);
	}

	/**
	 * Deletes the progress of a deleted user.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		$this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE user_id = %d', $this->table( 'progress' ), $user_id ) ), 'forget user' );
	}

	/**
	 * A page of a user's progress rows for a personal data export, by item and part.
	 *
	 * @param int $user_id User.
	 * @param int $limit   Rows per page.
	 * @param int $offset  Rows to skip.
	 * @return array<int, array{product_id: int, part_index: int, percent: int, updated_at: int}>
	 */
	public function export_page( int $user_id, int $limit, int $offset ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT product_id, part_index, percent, updated_at FROM %i WHERE user_id = %d ORDER BY product_id, part_index LIMIT %d OFFSET %d',
				$this->table( 'progress' ),
				$user_id,
				max( 1, $limit ),
				max( 0, $offset )
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'product_id' => (int) $row['product_id'],
				'part_index' => (int) $row['part_index'],
				'percent'    => (int) $row['percent'],
				'updated_at' => (int) $row['updated_at'],
			),
			$rows
		);
	}

	/**
	 * Deletes a user's progress on a personal data erasure request.
	 *
	 * @param int $user_id User.
	 * @return int Rows deleted.
	 * @throws WriteFailed When the database refused it.
	 */
	public function erase_user( int $user_id ): int {
		return $this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE user_id = %d', $this->table( 'progress' ), $user_id ) ), 'erase progress' );
	}
}
