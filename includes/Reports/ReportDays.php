<?php
/**
 * Completions and certificates counted by day.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Reports;

use LibraryPortal\Core\Database\Repository;

/**
 * The Reports screen's counts (docs/reports.md): one row per scope (0 = the whole site, else a
 * contract), item and day, and one per scope and day for all items together (product_id 0), so a
 * range of days is one row a day whichever the filter. A count is added with one conditional UPDATE, and the row is created
 * with INSERT IGNORE only when there was none (then the UPDATE runs once more if a parallel
 * request created it first), as progress is stored: every statement is atomic on its own on
 * MariaDB and SQLite, and SQLite's translation of ON DUPLICATE KEY UPDATE locks the table for reads
 * first (Core\Rows\ProgressRepository::record()).
 */
final class ReportDays extends Repository {

	public const COMPLETIONS  = 'completions';
	public const CERTIFICATES = 'certificates';

	/**
	 * The contracts through which a learner holds an item: whose rows a completion also counts in.
	 *
	 * @param int $user_id    Learner.
	 * @param int $product_id Item.
	 * @return int[]
	 */
	public function contracts_of( int $user_id, int $product_id ): array {
		return array_map(
			'intval',
			$this->db->get_col(
				$this->db->prepare(
					'SELECT cm.contract_id FROM %i cm INNER JOIN %i ci ON ci.contract_id = cm.contract_id AND ci.product_id = %d WHERE cm.user_id = %d',
					$this->table( 'contract_members' ),
					$this->table( 'contract_items' ),
					$product_id,
					$user_id
				)
			)
		);
	}

	/**
	 * The contracts of several learners' items, by user, then item: what the fill counts earlier
	 * learning in.
	 *
	 * @param int[] $user_ids Learners.
	 * @return array<int, array<int, int[]>>
	 */
	public function contracts_of_users( array $user_ids ): array {
		$user_ids = self::ids( $user_ids );
		if ( ! $user_ids ) {
			return array();
		}
		$rows      = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT cm.user_id, ci.product_id, cm.contract_id FROM %i cm INNER JOIN %i ci ON ci.contract_id = cm.contract_id WHERE cm.user_id IN ( ' . self::placeholders( $user_ids ) . ' )',
				array_merge( array( $this->table( 'contract_members' ), $this->table( 'contract_items' ) ), $user_ids )
			),
			ARRAY_A
		);
		$contracts = array();
		foreach ( $rows as $row ) {
			$contracts[ (int) $row['user_id'] ][ (int) $row['product_id'] ][] = (int) $row['contract_id'];
		}
		return $contracts;
	}

	/**
	 * Adds to a count of a day and item, and of the day for all items, in the whole site's rows and
	 * in each contract's.
	 *
	 * @param string $column    COMPLETIONS or CERTIFICATES.
	 * @param int    $day       Day number (ReportDay::of()).
	 * @param int    $product_id Item.
	 * @param int[]  $contracts Contracts it also counts in.
	 * @param int    $count     How many to add.
	 */
	public function add( string $column, int $day, int $product_id, array $contracts, int $count = 1 ): void {
		if ( ! in_array( $column, array( self::COMPLETIONS, self::CERTIFICATES ), true ) || $count < 1 || $product_id < 1 ) {
			return;
		}
		foreach ( array_unique( array_merge( array( 0 ), self::ids( $contracts ) ) ) as $contract_id ) {
			foreach ( array( $product_id, 0 ) as $row_item ) {
				if ( $this->raise( $column, $contract_id, $day, $row_item, $count ) > 0 ) {
					continue;
				}
				$created = (int) $this->db->query(
					$this->db->prepare(
						'INSERT IGNORE INTO %i (contract_id, product_id, day, completions, certificates) VALUES (%d, %d, %d, %d, %d)',
						$this->table( 'report_days' ),
						$contract_id,
						$row_item,
						$day,
						self::COMPLETIONS === $column ? $count : 0,
						self::CERTIFICATES === $column ? $count : 0
					)
				);
				if ( 0 === $created ) {
					$this->raise( $column, $contract_id, $day, $row_item, $count ); // A parallel request made the row first.
				}
			}
		}
	}

	/**
	 * Rows changed by adding to an existing row.
	 *
	 * @param string $column      COMPLETIONS or CERTIFICATES (checked by the caller).
	 * @param int    $contract_id Scope.
	 * @param int    $day         Day number.
	 * @param int    $product_id  Item.
	 * @param int    $count       How many.
	 */
	private function raise( string $column, int $contract_id, int $day, int $product_id, int $count ): int {
		return (int) $this->db->query(
			$this->db->prepare(
				'UPDATE %i SET %i = %i + %d WHERE contract_id = %d AND product_id = %d AND day = %d',
				$this->table( 'report_days' ),
				$column,
				$column,
				$count,
				$contract_id,
				$product_id,
				$day
			)
		);
	}

	/**
	 * Completions and certificates per day of a scope, days without any left out.
	 *
	 * @param int $contract_id Scope (0 = the whole site).
	 * @param int $from        First day number.
	 * @param int $to          Last day number.
	 * @param int $product_id  Only this item (0 = all: the day's row for all items).
	 * @return array<int, array{completions: int, certificates: int}> By day number.
	 */
	public function by_day( int $contract_id, int $from, int $to, int $product_id = 0 ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT day, completions, certificates FROM %i WHERE contract_id = %d AND product_id = %d AND day BETWEEN %d AND %d ORDER BY day',
				$this->table( 'report_days' ),
				$contract_id,
				max( 0, $product_id ),
				$from,
				$to
			),
			ARRAY_A
		);
		$days = array();
		foreach ( $rows as $row ) {
			$days[ (int) $row['day'] ] = array(
				'completions'  => (int) $row['completions'],
				'certificates' => (int) $row['certificates'],
			);
		}
		return $days;
	}

	/**
	 * Certificates issued before a moment, after an ID, oldest first: a chunk of the fill.
	 *
	 * @param int $after_id ID already counted.
	 * @param int $before   Unix seconds (counted live from then on).
	 * @param int $limit    Rows.
	 * @return array<int, array{id: int, user_id: int, product_id: int, issued_at: int}>
	 */
	public function certificates_after( int $after_id, int $before, int $limit ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT id, user_id, product_id, issued_at FROM %i WHERE id > %d AND issued_at < %d ORDER BY id LIMIT %d',
				$this->table( 'certificates' ),
				$after_id,
				$before,
				$limit
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'id'         => (int) $row['id'],
				'user_id'    => (int) $row['user_id'],
				'product_id' => (int) $row['product_id'],
				'issued_at'  => (int) $row['issued_at'],
			),
			$rows
		);
	}

	/**
	 * Each learner's parts of each item after a (user, item) pair, in key order: how many parts
	 * have a row, the lowest percent and the last change. A chunk of the fill; the primary key
	 * (user_id, product_id, part_index) serves it.
	 *
	 * @param int $after_user    User of the last pair counted.
	 * @param int $after_product Item of the last pair counted.
	 * @param int $limit         Pairs.
	 * @return array<int, array{user_id: int, product_id: int, parts: int, lowest: int, last: int}>
	 */
	public function progress_after( int $after_user, int $after_product, int $limit ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT user_id, product_id, COUNT(*) AS parts, MIN(percent) AS lowest, MAX(updated_at) AS last FROM %i WHERE user_id > %d OR ( user_id = %d AND product_id > %d ) GROUP BY user_id, product_id ORDER BY user_id, product_id LIMIT %d',
				$this->table( 'progress' ),
				$after_user,
				$after_user,
				$after_product,
				$limit
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'user_id'    => (int) $row['user_id'],
				'product_id' => (int) $row['product_id'],
				'parts'      => (int) $row['parts'],
				'lowest'     => (int) $row['lowest'],
				'last'       => (int) $row['last'],
			),
			$rows
		);
	}

	/**
	 * Every contract's title by ID, by title (the screen's filter).
	 *
	 * @return array<int, string>
	 */
	public function contract_titles(): array {
		$rows = (array) $this->db->get_results( $this->db->prepare( 'SELECT id, title FROM %i ORDER BY title, id', $this->table( 'contracts' ) ), ARRAY_A );
		return array_combine( array_map( 'intval', array_column( $rows, 'id' ) ), array_map( 'strval', array_column( $rows, 'title' ) ) );
	}
}
