<?php
/**
 * Watched progress per part.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

use InvalidArgumentException;
use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Database\UserRows;
use LibraryPortal\Core\Database\UserTable;
use LibraryPortal\Platform\Database\SelectPart;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * One row per (user, item, part); a write never lowers a stored value.
 */
final class ProgressRepository extends Repository implements UserRows {

	/**
	 * raise(): the part was raised (or its row created).
	 */
	public const RAISED = 'raised';

	/**
	 * raise(): the clock moved, and a write outside the clock had raised the part as far meanwhile.
	 */
	public const KEPT = 'kept';

	/**
	 * raise(): a parallel report spent the item's clock first; nothing was written.
	 */
	public const LOST = 'lost';

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
		self::check_percent( $percent );
		$table   = $this->table( 'progress' );
		$raise   = fn(): int => $this->raise_part( $user_id, $product_id, $part_index, $percent, $now, 'record' );
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
	 * Stores a judged raise (Learning/ProgressRecorder): the part goes up to $percent and the
	 * item's watching clock (ItemClock) moves to $credited_until, in one atomic step that succeeds
	 * only while the clock is still what this request judged by. Every row of an item holds the
	 * same clock, so the statement that raises the part also moves the clock on all of them, on
	 * the condition that they still hold the value read (a compare-and-set over the item's rows,
	 * atomic on MariaDB and SQLite alike). A parallel report that spent the clock first, for this
	 * part or another, has moved it on: this one changes nothing and answers LOST, and the caller
	 * judges it again from a fresh read. So the time watched is spent once even when reports for
	 * several parts arrive at the same instant.
	 *
	 * One statement in the usual case (the part has a row). A part's first row takes two: the
	 * clock is claimed on the item's other rows, then the row is created. The item's very first
	 * report has no clock to compete for: the INSERT IGNORE itself decides. Rows written while
	 * each part had its own clock are first brought to the item's clock (the latest of them).
	 *
	 * @param int                      $user_id        User.
	 * @param int                      $product_id     Item.
	 * @param int                      $part_index     Part (0 for a single video).
	 * @param int                      $percent        1-100, above the part's stored percent.
	 * @param array<int, PartProgress> $progress       The item's rows as read for the judgement.
	 * @param int                      $credited_until Up to when the item's watching time is spent after this raise (ProgressLimit::spend()).
	 * @param int                      $now            Unix seconds.
	 * @return string RAISED, KEPT (a write outside the clock raised the part as far meanwhile) or LOST.
	 * @throws InvalidArgumentException When the percent is not 0-100.
	 * @throws WriteFailed              When the database refused a statement.
	 */
	public function raise( int $user_id, int $product_id, int $part_index, int $percent, array $progress, int $credited_until, int $now ): string {
		self::check_percent( $percent );
		$table = $this->table( 'progress' );
		if ( array() === $progress ) {
			$created = $this->insert_part( $user_id, $product_id, $part_index, $percent, $credited_until, $now );
			if ( 0 === $created ) {
				return self::LOST; // A parallel first report created a row: judge against it.
			}
			$this->progressed( $user_id );
			return self::RAISED;
		}
		$clock = $this->level( $user_id, $product_id, $progress );
		if ( ! isset( $progress[ $part_index ] ) ) {
			if ( 0 === $this->move_clock( $user_id, $product_id, $clock, $credited_until, $now ) ) {
				return self::LOST;
			}
			if ( 0 === $this->insert_part( $user_id, $product_id, $part_index, $percent, $credited_until, $now ) && 0 === $this->raise_part( $user_id, $product_id, $part_index, $percent, $now, 'report' ) ) {
				return self::KEPT;
			}
			$this->progressed( $user_id );
			return self::RAISED;
		}
		// updated_at is set before percent: MariaDB evaluates the assignments left to right (the
		// second CASE would see the new percent), SQLite with the old values; in this order both agree.
		$claimed = $this->must(
			$this->db->query(
				$this->db->prepare(
					'UPDATE %i SET updated_at = CASE WHEN part_index = %d AND percent < %d THEN %d ELSE updated_at END, percent = CASE WHEN part_index = %d AND percent < %d THEN %d ELSE percent END, reported_at = %d, session_started_at = %d WHERE user_id = %d AND product_id = %d AND session_started_at = %d',
					$table,
					$part_index,
					$percent,
					$now,
					$part_index,
					$percent,
					$percent,
					$now,
					$credited_until,
					$user_id,
					$product_id,
					$clock
				)
			),
			'report'
		);
		if ( 0 === $claimed ) {
			return self::LOST;
		}
		// The clock was still as read, so nothing spent it since: the part was still at the percent
		// read, below this one (a raise always moves the clock on, ProgressLimit::spend()).
		$this->progressed( $user_id );
		return self::RAISED;
	}

	/**
	 * Stores a judged report that raises nothing (lower, equal, or refused as too fast): only the
	 * item's watching clock moves, on every row of the item, and never back (a parallel raise may
	 * have moved it further). A part never reported gets its row at 0, so the learner's next
	 * reports are measured from now. True when that row was created.
	 *
	 * @param int                      $user_id        User.
	 * @param int                      $product_id     Item.
	 * @param int                      $part_index     Part (0 for a single video).
	 * @param array<int, PartProgress> $progress       The item's rows as read for the judgement.
	 * @param int                      $credited_until Up to when the item's watching time is spent (ProgressLimit::credited_until()).
	 * @param int                      $now            Unix seconds.
	 * @throws WriteFailed When the database refused a statement.
	 */
	public function keep( int $user_id, int $product_id, int $part_index, array $progress, int $credited_until, int $now ): bool {
		$created = false;
		if ( ! isset( $progress[ $part_index ] ) ) {
			$created = $this->insert_part( $user_id, $product_id, $part_index, 0, max( $credited_until, self::clock_of( $progress ) ), $now ) > 0;
			if ( $created && array() === $progress ) {
				$this->progressed( $user_id );
				return true; // The item's only row, written with the clock.
			}
		}
		$this->must(
			$this->db->query(
				$this->db->prepare(
					'UPDATE %i SET reported_at = %d, session_started_at = CASE WHEN session_started_at < %d THEN %d ELSE session_started_at END WHERE user_id = %d AND product_id = %d',
					$this->table( 'progress' ),
					$now,
					$credited_until,
					$credited_until,
					$user_id,
					$product_id
				)
			),
			'report'
		);
		if ( $created ) {
			$this->progressed( $user_id );
		}
		return $created;
	}

	/**
	 * Refuses a percent outside 0-100: the caller clamps what a player reported, so such a value is a bug.
	 *
	 * @param int $percent Percent.
	 * @throws InvalidArgumentException When the percent is not 0-100.
	 */
	private static function check_percent( int $percent ): void {
		if ( $percent < 0 || $percent > 100 ) {
			throw new InvalidArgumentException( esc_html( "Progress must be 0-100, got $percent." ) );
		}
	}

	/**
	 * The item's clock as stored: the latest credited_until of its rows (0 when it has none).
	 *
	 * @param array<int, PartProgress> $progress The item's rows.
	 */
	private static function clock_of( array $progress ): int {
		return array() === $progress ? 0 : max( array_map( static fn( PartProgress $part ): int => $part->credited_until, $progress ) );
	}

	/**
	 * Brings every row of the item to the item's clock when they differ (rows written while each
	 * part had its own clock), so a compare-and-set over the rows can hold; returns the clock.
	 * Moving a row's clock up to the item's never adds watching time (the item's clock is the latest).
	 *
	 * @param int                      $user_id    User.
	 * @param int                      $product_id Item.
	 * @param array<int, PartProgress> $progress   The item's rows as read.
	 * @throws WriteFailed When the database refused the statement.
	 */
	private function level( int $user_id, int $product_id, array $progress ): int {
		$clock = self::clock_of( $progress );
		foreach ( $progress as $part ) {
			if ( $part->credited_until !== $clock ) {
				$this->must(
					$this->db->query(
						$this->db->prepare(
							'UPDATE %i SET session_started_at = %d WHERE user_id = %d AND product_id = %d AND session_started_at < %d',
							$this->table( 'progress' ),
							$clock,
							$user_id,
							$product_id,
							$clock
						)
					),
					'report'
				);
				break;
			}
		}
		return $clock;
	}

	/**
	 * Moves the item's clock on every row that still holds the value read; the rows changed (0:
	 * a parallel report moved it first).
	 *
	 * @param int $user_id        User.
	 * @param int $product_id     Item.
	 * @param int $read           The clock as read.
	 * @param int $credited_until The new clock.
	 * @param int $now            Unix seconds.
	 * @throws WriteFailed When the database refused the statement.
	 */
	private function move_clock( int $user_id, int $product_id, int $read, int $credited_until, int $now ): int {
		return $this->must(
			$this->db->query(
				$this->db->prepare(
					'UPDATE %i SET reported_at = %d, session_started_at = %d WHERE user_id = %d AND product_id = %d AND session_started_at = %d',
					$this->table( 'progress' ),
					$now,
					$credited_until,
					$user_id,
					$product_id,
					$read
				)
			),
			'report'
		);
	}

	/**
	 * Creates a part's row (INSERT IGNORE: 0 when it exists already).
	 *
	 * @param int $user_id        User.
	 * @param int $product_id     Item.
	 * @param int $part_index     Part.
	 * @param int $percent        0-100.
	 * @param int $credited_until The item's clock.
	 * @param int $now            Unix seconds.
	 * @throws WriteFailed When the database refused the statement.
	 */
	private function insert_part( int $user_id, int $product_id, int $part_index, int $percent, int $credited_until, int $now ): int {
		return $this->must(
			$this->db->query(
				$this->db->prepare(
					'INSERT IGNORE INTO %i (user_id, product_id, part_index, percent, updated_at, reported_at, session_started_at) VALUES (%d, %d, %d, %d, %d, %d, %d)',
					$this->table( 'progress' ),
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
	}

	/**
	 * Raises one part's percent, never lowering it (`WHERE percent < new`), without touching the
	 * clock: record()'s write, and a report's raise of a row that record() created after the report
	 * claimed the clock. The rows changed.
	 *
	 * @param int    $user_id    User.
	 * @param int    $product_id Item.
	 * @param int    $part_index Part.
	 * @param int    $percent    0-100.
	 * @param int    $now        Unix seconds.
	 * @param string $what       The write, named in a WriteFailed.
	 * @throws WriteFailed When the database refused the statement.
	 */
	private function raise_part( int $user_id, int $product_id, int $part_index, int $percent, int $now, string $what ): int {
		return $this->must(
			$this->db->query(
				$this->db->prepare(
					'UPDATE %i SET percent = %d, updated_at = %d WHERE user_id = %d AND product_id = %d AND part_index = %d AND percent < %d',
					$this->table( 'progress' ),
					$percent,
					$now,
					$user_id,
					$product_id,
					$part_index,
					$percent
				)
			),
			$what
		);
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
		$this->user_rows()->delete( $user_id, 'forget user' );
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
		return $this->user_rows()->export_page( $user_id, $limit, $offset );
	}

	/**
	 * Deletes a user's progress on a personal data erasure request.
	 *
	 * @param int $user_id User.
	 * @return int Rows deleted.
	 * @throws WriteFailed When the database refused it.
	 */
	public function erase_user( int $user_id ): int {
		return $this->user_rows()->delete( $user_id, 'erase progress' );
	}

	/**
	 * The progress table's rows of a user (an export shows each part's percent, by item and part).
	 */
	private function user_rows(): UserTable {
		return new UserTable(
			$this->db,
			$this->table( 'progress' ),
			array( 'user_id' ),
			array(
				'product_id' => UserTable::INT,
				'part_index' => UserTable::INT,
				'percent'    => UserTable::INT,
				'updated_at' => UserTable::INT,
			),
			array( 'product_id', 'part_index' )
		);
	}
}
