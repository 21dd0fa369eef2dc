<?php
/**
 * Each item's learners, progress, completions and test results.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Reports;

use LibraryPortal\Core\Database\Repository;

/**
 * The figures of the Reports screen's table (docs/reports.md, "Each training"): for one item and
 * one group of people (the whole site, a contract's members, a team owner's team), how many have
 * started it (a progress row), the sum of their progress (each learner's percent of the item: the
 * sum of their parts' percents over the item's parts), how many have every part at 100%, how many
 * took its test and how many passed it. Each is one statement that reads the item's rows through
 * an index that starts with the item (progress: product_id; attempts: product_user) or with the
 * group (contract members, the owner's seats), then each learner's rows by key.
 */
final class ReportItems extends Repository {

	/**
	 * The figures of one item for a group, computed now.
	 *
	 * @param string $scope      'site', 'contract' or 'team'.
	 * @param int    $scope_id   Contract or owner (0 for the site).
	 * @param int    $product_id Item.
	 * @param int    $parts      The item's parts (1 for a single video).
	 * @return array{learners: int, progress_points: int, completed: int, tested: int, passed: int}
	 */
	public function compute( string $scope, int $scope_id, int $product_id, int $parts ): array {
		$parts    = max( 1, $parts );
		$progress = $this->db->get_row(
			$this->db->prepare(
				'SELECT COUNT(*) AS learners, COALESCE( SUM( points ), 0 ) AS points, COALESCE( SUM( CASE WHEN parts >= %d AND lowest = 100 THEN 1 ELSE 0 END ), 0 ) AS completed FROM ( SELECT r.user_id, COUNT(*) AS parts, FLOOR( SUM( r.percent ) / %d ) AS points, MIN( r.percent ) AS lowest ' . self::people( $scope ) . ' GROUP BY r.user_id ) t',
				array_merge( array( $parts, $parts ), $this->people_args( $scope, $scope_id, $product_id, 'progress' ) )
			),
			ARRAY_A
		);
		$tests    = $this->db->get_row(
			$this->db->prepare(
				'SELECT COUNT(*) AS tested, COALESCE( SUM( passed ), 0 ) AS passed FROM ( SELECT r.user_id, MAX( r.passed ) AS passed ' . self::people( $scope ) . ' GROUP BY r.user_id ) t',
				$this->people_args( $scope, $scope_id, $product_id, 'quiz_attempts' )
			),
			ARRAY_A
		);
		return array(
			'learners'        => (int) ( $progress['learners'] ?? 0 ),
			'progress_points' => (int) ( $progress['points'] ?? 0 ),
			'completed'       => (int) ( $progress['completed'] ?? 0 ),
			'tested'          => (int) ( $tests['tested'] ?? 0 ),
			'passed'          => (int) ( $tests['passed'] ?? 0 ),
		);
	}

	/**
	 * The FROM and WHERE of a group's rows of an item, as `r` (progress or attempts).
	 *
	 * @param string $scope 'site', 'contract' or 'team'.
	 * @return literal-string
	 */
	private static function people( string $scope ): string {
		if ( 'contract' === $scope ) {
			return 'FROM %i cm INNER JOIN %i r ON r.user_id = cm.user_id AND r.product_id = %d WHERE cm.contract_id = %d';
		}
		if ( 'team' === $scope ) {
			// A team member holds a seat the owner shared; one member holds at most one of an item, but
			// DISTINCT keeps the count right if a site ever gave them two.
			return 'FROM ( SELECT DISTINCT holder_id FROM %i WHERE owner_id = %d AND product_id = %d AND shared = 1 AND holder_id <> 0 AND holder_id <> owner_id ) s INNER JOIN %i r ON r.user_id = s.holder_id AND r.product_id = %d';
		}
		return 'FROM %i r WHERE r.product_id = %d';
	}

	/**
	 * The values of people()'s placeholders.
	 *
	 * @param string $scope      'site', 'contract' or 'team'.
	 * @param int    $scope_id   Contract or owner.
	 * @param int    $product_id Item.
	 * @param string $table      'progress' or 'quiz_attempts'.
	 * @return array<int, int|string>
	 */
	private function people_args( string $scope, int $scope_id, int $product_id, string $table ): array {
		if ( 'contract' === $scope ) {
			return array( $this->table( 'contract_members' ), $this->table( $table ), $product_id, $scope_id );
		}
		if ( 'team' === $scope ) {
			return array( $this->table( 'licenses' ), $scope_id, $product_id, $this->table( $table ), $product_id );
		}
		return array( $this->table( $table ), $product_id );
	}

	/**
	 * Keeps the figures of an item for the site or a contract.
	 *
	 * @param int                                                                              $contract_id 0 for the site.
	 * @param int                                                                              $product_id  Item.
	 * @param array{learners: int, progress_points: int, completed: int, tested: int, passed: int} $figures     Figures.
	 * @param int                                                                              $now         Unix seconds.
	 */
	public function keep( int $contract_id, int $product_id, array $figures, int $now ): void {
		$this->db->replace(
			$this->table( 'report_items' ),
			array(
				'contract_id'     => $contract_id,
				'product_id'      => $product_id,
				'learners'        => $figures['learners'],
				'progress_points' => $figures['progress_points'],
				'completed'       => $figures['completed'],
				'tested'          => $figures['tested'],
				'passed'          => $figures['passed'],
				'computed_at'     => $now,
			),
			array( '%d', '%d', '%d', '%d', '%d', '%d', '%d', '%d' )
		);
	}

	/**
	 * The kept figures of every item for the site or a contract, by item.
	 *
	 * @param int $contract_id 0 for the site.
	 * @return array<int, array{learners: int, progress_points: int, completed: int, tested: int, passed: int, computed_at: int}>
	 */
	public function kept( int $contract_id ): array {
		$rows    = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT product_id, learners, progress_points, completed, tested, passed, computed_at FROM %i WHERE contract_id = %d',
				$this->table( 'report_items' ),
				$contract_id
			),
			ARRAY_A
		);
		$figures = array();
		foreach ( $rows as $row ) {
			$figures[ (int) $row['product_id'] ] = array(
				'learners'        => (int) $row['learners'],
				'progress_points' => (int) $row['progress_points'],
				'completed'       => (int) $row['completed'],
				'tested'          => (int) $row['tested'],
				'passed'          => (int) $row['passed'],
				'computed_at'     => (int) $row['computed_at'],
			);
		}
		return $figures;
	}

	/**
	 * The contracts that give an item.
	 *
	 * @param int $product_id Item.
	 * @return int[]
	 */
	public function contracts_giving( int $product_id ): array {
		return array_map(
			'intval',
			$this->db->get_col( $this->db->prepare( 'SELECT contract_id FROM %i WHERE product_id = %d', $this->table( 'contract_items' ), $product_id ) )
		);
	}

	/**
	 * Published items after an ID, in ID order: the refresh's next ones.
	 *
	 * @param int $after_id ID done.
	 * @param int $limit    How many.
	 * @return int[]
	 */
	public function items_after( int $after_id, int $limit ): array {
		return array_map(
			'intval',
			$this->db->get_col(
				$this->db->prepare(
					"SELECT ID FROM %i WHERE post_type = %s AND post_status = 'publish' AND ID > %d ORDER BY ID LIMIT %d",
					$this->db->posts,
					\LibraryPortal\Core\Items\ItemPostType::POST_TYPE,
					$after_id,
					$limit
				)
			)
		);
	}

	/**
	 * The items a contract gives.
	 *
	 * @param int $contract_id Contract.
	 * @return int[]
	 */
	public function items_of_contract( int $contract_id ): array {
		return array_map(
			'intval',
			$this->db->get_col( $this->db->prepare( 'SELECT product_id FROM %i WHERE contract_id = %d', $this->table( 'contract_items' ), $contract_id ) )
		);
	}

	/**
	 * The items a team owner shared with someone.
	 *
	 * @param int $owner_id Owner.
	 * @return int[]
	 */
	public function shared_items( int $owner_id ): array {
		return array_map(
			'intval',
			$this->db->get_col(
				$this->db->prepare(
					'SELECT DISTINCT product_id FROM %i WHERE owner_id = %d AND shared = 1 AND holder_id <> 0 AND holder_id <> owner_id',
					$this->table( 'licenses' ),
					$owner_id
				)
			)
		);
	}
}
