<?php
/**
 * Contracts, their members and items.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Contracts;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Database\UserRows;
use LibraryPortal\Core\Database\UserTable;
use LibraryPortal\Core\Rows\Expiry;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * Organisations under a contract get their own library with an organizer card.
 */
final class ContractRepository extends Repository implements UserRows {

	/**
	 * The columns Contract::from_row() reads, from the contracts table aliased `c`.
	 */
	private const CONTRACT_COLUMNS = 'c.id, c.title, c.organizer_name, c.organizer_title, c.organizer_phone, c.organizer_email, c.organizer_thumb, c.starts_at, c.ends_at';

	/**
	 * CONTRACT_COLUMNS with the status and counts ContractSummary::from_row() reads; the two
	 * subqueries take the members and items tables as their first two %i.
	 */
	private const SUMMARY_COLUMNS = self::CONTRACT_COLUMNS . ', c.status, (SELECT COUNT(*) FROM %i m WHERE m.contract_id = c.id) AS member_count, (SELECT COUNT(*) FROM %i i WHERE i.contract_id = c.id) AS item_count';

	/**
	 * Columns a page of contracts may be sorted by.
	 */
	public const ORDER_COLUMNS = array( 'id', 'title', 'starts_at', 'ends_at', 'status', 'member_count', 'item_count' );

	/**
	 * Creates a contract and returns its ID.
	 *
	 * The fields are stored as given: whoever took them from a person has sanitised them
	 * (sanitize_text_field, sanitize_email, esc_url_raw), and whoever prints them escapes them.
	 *
	 * @param array{title: string, organizer_name?: string, organizer_title?: string, organizer_phone?: string, organizer_email?: string, organizer_thumb?: string, starts_at?: int, ends_at?: int, status?: string} $contract Fields.
	 * @param int                                                                                                                                                                                                   $now      Unix seconds.
	 * @throws WriteFailed When the database refused the row.
	 */
	public function create( array $contract, int $now ): int {
		$this->must(
			$this->db->insert(
				$this->table( 'contracts' ),
				array(
					'title'           => $contract['title'],
					'organizer_name'  => $contract['organizer_name'] ?? '',
					'organizer_title' => $contract['organizer_title'] ?? '',
					'organizer_phone' => $contract['organizer_phone'] ?? '',
					'organizer_email' => $contract['organizer_email'] ?? '',
					'organizer_thumb' => $contract['organizer_thumb'] ?? '',
					'status'          => $contract['status'] ?? 'active',
					'starts_at'       => (int) ( $contract['starts_at'] ?? 0 ),
					'ends_at'         => (int) ( $contract['ends_at'] ?? 0 ),
					'created_at'      => $now,
				),
				array( '%s', '%s', '%s', '%s', '%s', '%s', '%s', '%d', '%d', '%d' )
			),
			'create'
		);
		return (int) $this->db->insert_id;
	}

	/**
	 * Adds a user to a contract (no-op when already a member).
	 *
	 * @param int $contract_id Contract.
	 * @param int $user_id     User.
	 */
	public function add_member( int $contract_id, int $user_id ): void {
		if ( $this->is_member( $contract_id, $user_id ) ) {
			return;
		}
		$this->must(
			$this->db->insert(
				$this->table( 'contract_members' ),
				array(
					'contract_id' => $contract_id,
					'user_id'     => $user_id,
				),
				array( '%d', '%d' )
			),
			'add member'
		);
		$this->changed( $user_id );
	}

	/**
	 * Adds an item to a contract's library.
	 *
	 * @param int $contract_id Contract.
	 * @param int $product_id  Item.
	 * @param int $expires_at  Unix seconds, 0 = never.
	 */
	public function add_item( int $contract_id, int $product_id, int $expires_at = 0 ): void {
		$this->must(
			$this->db->insert(
				$this->table( 'contract_items' ),
				array(
					'contract_id' => $contract_id,
					'product_id'  => $product_id,
					'expires_at'  => $expires_at,
				),
				array( '%d', '%d', '%d' )
			),
			'add item'
		);
		$members = $this->db->get_col( $this->db->prepare( 'SELECT user_id FROM %i WHERE contract_id = %d', $this->table( 'contract_members' ), $contract_id ) );
		$this->changed( ...array_map( 'intval', $members ) );
	}

	/**
	 * Whether a user belongs to an active contract.
	 *
	 * @param int $contract_id Contract.
	 * @param int $user_id     User.
	 */
	public function is_member( int $contract_id, int $user_id ): bool {
		return (bool) $this->db->get_var(
			$this->db->prepare( 'SELECT 1 FROM %i WHERE contract_id = %d AND user_id = %d', $this->table( 'contract_members' ), $contract_id, $user_id )
		);
	}

	/**
	 * A contract that the user belongs to, or null (also for someone else's contract).
	 *
	 * @param int $contract_id Contract.
	 * @param int $user_id     User.
	 */
	public function find_for_member( int $contract_id, int $user_id ): ?Contract {
		$row = $this->db->get_row(
			$this->db->prepare(
				'SELECT ' . self::CONTRACT_COLUMNS . " FROM %i c INNER JOIN %i m ON m.contract_id = c.id WHERE c.id = %d AND m.user_id = %d AND c.status = 'active'",
				$this->table( 'contracts' ),
				$this->table( 'contract_members' ),
				$contract_id,
				$user_id
			),
			ARRAY_A
		);
		return is_array( $row ) ? Contract::from_row( $row ) : null;
	}

	/**
	 * The active contracts a user belongs to (started or not), by ID.
	 *
	 * @param int $user_id User.
	 * @return Contract[]
	 */
	public function for_member( int $user_id ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT ' . self::CONTRACT_COLUMNS . " FROM %i m INNER JOIN %i c ON c.id = m.contract_id AND c.status = 'active'
				WHERE m.user_id = %d ORDER BY c.id",
				$this->table( 'contract_members' ),
				$this->table( 'contracts' ),
				$user_id
			),
			ARRAY_A
		);
		return array_map( array( Contract::class, 'from_row' ), $rows );
	}

	/**
	 * Items of every active, started contract a user belongs to, by contract and item. An item's
	 * expiry is its own or the contract's end, whichever comes first, so after the end the rows
	 * stay (with the certificates earned) but give no access.
	 *
	 * @param int $user_id    User.
	 * @param int $now        Unix seconds.
	 * @param int $product_id Only this item (0 = all): a route about one item reads no more.
	 * @return ContractItem[]
	 */
	public function items_for_member( int $user_id, int $now, int $product_id = 0 ): array {
		$tables = array( $this->table( 'contract_members' ), $this->table( 'contracts' ), $now, $this->table( 'contract_items' ), $user_id );
		$query  = $product_id > 0
			? $this->db->prepare(
				"SELECT i.contract_id, i.product_id, i.expires_at, c.ends_at FROM %i m
				INNER JOIN %i c ON c.id = m.contract_id AND c.status = 'active' AND c.starts_at <= %d
				INNER JOIN %i i ON i.contract_id = m.contract_id
				WHERE m.user_id = %d AND i.product_id = %d ORDER BY i.contract_id, i.product_id",
				array_merge( $tables, array( $product_id ) )
			)
			: $this->db->prepare(
				"SELECT i.contract_id, i.product_id, i.expires_at, c.ends_at FROM %i m
				INNER JOIN %i c ON c.id = m.contract_id AND c.status = 'active' AND c.starts_at <= %d
				INNER JOIN %i i ON i.contract_id = m.contract_id
				WHERE m.user_id = %d ORDER BY i.contract_id, i.product_id",
				$tables
			);
		$rows   = (array) $this->db->get_results( $query, ARRAY_A );
		$items  = array();
		foreach ( $rows as $row ) {
			$ends    = array_filter( array( (int) $row['expires_at'], (int) $row['ends_at'] ), static fn( int $end ): bool => ! Expiry::is_never( $end ) );
			$items[] = new ContractItem( (int) $row['contract_id'], (int) $row['product_id'], $ends ? min( $ends ) : 0 );
		}
		return $items;
	}

	/**
	 * Changes a contract's fields (any of those create() takes, plus status) and tells its members.
	 *
	 * @param int                  $contract_id Contract.
	 * @param array<string, mixed> $fields      Columns and values, sanitised by the caller.
	 * @throws WriteFailed When the database refused the change.
	 */
	public function update( int $contract_id, array $fields ): void {
		$columns = array_intersect_key( $fields, array_flip( array( 'title', 'organizer_name', 'organizer_title', 'organizer_phone', 'organizer_email', 'organizer_thumb', 'status', 'starts_at', 'ends_at' ) ) );
		if ( ! $columns ) {
			return;
		}
		$formats = array_map( static fn( string $column ): string => in_array( $column, array( 'starts_at', 'ends_at' ), true ) ? '%d' : '%s', array_keys( $columns ) );
		$this->must( $this->db->update( $this->table( 'contracts' ), $columns, array( 'id' => $contract_id ), $formats, array( '%d' ) ), 'update contract' );
		$this->changed( ...$this->member_ids( $contract_id ) );
	}

	/**
	 * One contract in any status with its counts, or null.
	 *
	 * @param int $contract_id Contract.
	 */
	public function find( int $contract_id ): ?ContractSummary {
		$row = $this->db->get_row(
			$this->db->prepare(
				'SELECT ' . self::SUMMARY_COLUMNS . ' FROM %i c WHERE c.id = %d',
				$this->table( 'contract_members' ),
				$this->table( 'contract_items' ),
				$this->table( 'contracts' ),
				$contract_id
			),
			ARRAY_A
		);
		return is_array( $row ) ? ContractSummary::from_row( $row ) : null;
	}

	/**
	 * A page of all contracts (any status) with their member and item counts.
	 *
	 * @param int    $limit   Rows.
	 * @param int    $offset  Rows skipped.
	 * @param string $orderby One of ORDER_COLUMNS.
	 * @param bool   $desc    Descending.
	 * @return ContractSummary[]
	 */
	public function page( int $limit, int $offset, string $orderby = 'id', bool $desc = true ): array {
		$orderby = in_array( $orderby, self::ORDER_COLUMNS, true ) ? $orderby : 'id';
		$rows    = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT ' . self::SUMMARY_COLUMNS . ' FROM %i c ORDER BY %i ' . ( $desc ? 'DESC' : 'ASC' ) . ', id DESC LIMIT %d OFFSET %d',
				$this->table( 'contract_members' ),
				$this->table( 'contract_items' ),
				$this->table( 'contracts' ),
				$orderby,
				max( 1, $limit ),
				max( 0, $offset )
			),
			ARRAY_A
		);
		return array_map( array( ContractSummary::class, 'from_row' ), $rows );
	}

	/**
	 * Number of contracts, any status.
	 */
	public function count(): int {
		return (int) $this->db->get_var( $this->db->prepare( 'SELECT COUNT(*) FROM %i', $this->table( 'contracts' ) ) );
	}

	/**
	 * IDs of a contract's members.
	 *
	 * @param int $contract_id Contract.
	 * @return int[]
	 */
	public function member_ids( int $contract_id ): array {
		return array_map( 'intval', $this->db->get_col( $this->db->prepare( 'SELECT user_id FROM %i WHERE contract_id = %d ORDER BY user_id', $this->table( 'contract_members' ), $contract_id ) ) );
	}

	/**
	 * A contract's members with their names and e-mails, by name.
	 *
	 * @param int $contract_id Contract.
	 * @return array<int, array{user_id: int, name: string, email: string}>
	 */
	public function members( int $contract_id ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT u.ID AS user_id, u.display_name AS name, u.user_email AS email FROM %i m INNER JOIN %i u ON u.ID = m.user_id WHERE m.contract_id = %d ORDER BY u.display_name, u.ID',
				$this->table( 'contract_members' ),
				$this->db->users,
				$contract_id
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'user_id' => (int) $row['user_id'],
				'name'    => (string) $row['name'],
				'email'   => (string) $row['email'],
			),
			$rows
		);
	}

	/**
	 * Which of these users already belong to a contract.
	 *
	 * @param int   $contract_id Contract.
	 * @param int[] $user_ids    Users.
	 * @return int[]
	 */
	public function members_among( int $contract_id, array $user_ids ): array {
		$user_ids = self::ids( $user_ids );
		if ( ! $user_ids ) {
			return array();
		}
		return array_map(
			'intval',
			$this->db->get_col(
				$this->db->prepare(
					'SELECT user_id FROM %i WHERE contract_id = %d AND user_id IN (' . self::placeholders( $user_ids ) . ')',
					$this->table( 'contract_members' ),
					$contract_id,
					...$user_ids
				)
			)
		);
	}

	/**
	 * Adds users to a contract in one statement; members already there stay as they are.
	 *
	 * @param int   $contract_id Contract.
	 * @param int[] $user_ids    Users.
	 * @return int Users added.
	 * @throws WriteFailed When the database refused the rows.
	 */
	public function add_members( int $contract_id, array $user_ids ): int {
		$user_ids = self::ids( $user_ids );
		if ( ! $user_ids ) {
			return 0;
		}
		$values = array();
		foreach ( $user_ids as $user_id ) {
			array_push( $values, $contract_id, $user_id );
		}
		$added = $this->must(
			$this->db->query(
				$this->db->prepare(
					'INSERT IGNORE INTO %i (contract_id, user_id) VALUES ' . implode( ', ', array_fill( 0, count( $user_ids ), '(%d, %d)' ) ),
					$this->table( 'contract_members' ),
					...$values
				)
			),
			'add members'
		);
		$this->changed( ...$user_ids );
		return $added;
	}

	/**
	 * Takes a user out of a contract.
	 *
	 * @param int $contract_id Contract.
	 * @param int $user_id     User.
	 * @return bool Whether the user was a member.
	 * @throws WriteFailed When the database refused the change.
	 */
	public function remove_member( int $contract_id, int $user_id ): bool {
		$removed = $this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE contract_id = %d AND user_id = %d', $this->table( 'contract_members' ), $contract_id, $user_id ) ), 'remove member' );
		if ( $removed > 0 ) {
			$this->changed( $user_id );
		}
		return $removed > 0;
	}

	/**
	 * A contract's items with their own expiry (not the contract's end), by item ID.
	 *
	 * @param int $contract_id Contract.
	 * @return ContractItem[]
	 */
	public function items( int $contract_id ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare( 'SELECT contract_id, product_id, expires_at FROM %i WHERE contract_id = %d ORDER BY product_id', $this->table( 'contract_items' ), $contract_id ),
			ARRAY_A
		);
		return array_map( static fn( array $row ): ContractItem => new ContractItem( (int) $row['contract_id'], (int) $row['product_id'], (int) $row['expires_at'] ), $rows );
	}

	/**
	 * Adds an item to a contract, or changes the expiry of one it has.
	 *
	 * @param int $contract_id Contract.
	 * @param int $product_id  Item.
	 * @param int $expires_at  Unix seconds, 0 = never.
	 * @return bool Whether the item was new to the contract.
	 * @throws WriteFailed When the database refused the row.
	 */
	public function save_item( int $contract_id, int $product_id, int $expires_at ): bool {
		$inserted = $this->must(
			$this->db->query( $this->db->prepare( 'INSERT IGNORE INTO %i (contract_id, product_id, expires_at) VALUES (%d, %d, %d)', $this->table( 'contract_items' ), $contract_id, $product_id, $expires_at ) ),
			'add item'
		);
		if ( 0 === $inserted ) {
			$this->must(
				$this->db->query( $this->db->prepare( 'UPDATE %i SET expires_at = %d WHERE contract_id = %d AND product_id = %d', $this->table( 'contract_items' ), $expires_at, $contract_id, $product_id ) ),
				'change item expiry'
			);
		}
		$this->changed( ...$this->member_ids( $contract_id ) );
		return $inserted > 0;
	}

	/**
	 * Takes an item out of a contract's library.
	 *
	 * @param int $contract_id Contract.
	 * @param int $product_id  Item.
	 * @return bool Whether the contract had the item.
	 * @throws WriteFailed When the database refused the change.
	 */
	public function remove_item( int $contract_id, int $product_id ): bool {
		$removed = $this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE contract_id = %d AND product_id = %d', $this->table( 'contract_items' ), $contract_id, $product_id ) ), 'remove item' );
		if ( $removed > 0 ) {
			$this->changed( ...$this->member_ids( $contract_id ) );
		}
		return $removed > 0;
	}

	/**
	 * Deletes a contract with its members and items, and tells the members (their library loses
	 * the contract's items at once).
	 *
	 * @param int $contract_id Contract.
	 * @return int[] The members it had.
	 * @throws WriteFailed When the database refused the change.
	 */
	public function delete( int $contract_id ): array {
		$members = $this->member_ids( $contract_id );
		foreach ( array( 'contract_items', 'contract_members' ) as $table ) {
			$this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE contract_id = %d', $this->table( $table ), $contract_id ) ), 'delete contract ' . $table );
		}
		$this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE id = %d', $this->table( 'contracts' ), $contract_id ) ), 'delete contract' );
		$this->changed( ...$members );
		return $members;
	}

	/**
	 * User IDs by lower-case e-mail for the accounts among these addresses (one query).
	 *
	 * @param string[] $emails E-mail addresses.
	 * @return array<string, int>
	 */
	public function user_ids_by_email( array $emails ): array {
		// user_email's collation compares case-insensitively (MariaDB and the SQLite driver alike).
		$emails = array_values( array_unique( $emails ) );
		if ( ! $emails ) {
			return array();
		}
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT ID, user_email FROM %i WHERE user_email IN (' . self::placeholders( $emails, '%s' ) . ') ORDER BY ID',
				$this->db->users,
				...$emails
			),
			ARRAY_A
		);
		$ids  = array();
		foreach ( $rows as $row ) {
			$ids[ strtolower( (string) $row['user_email'] ) ] ??= (int) $row['ID'];
		}
		return $ids;
	}

	/**
	 * Deletes the contract memberships of a deleted user.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		( new UserTable( $this->db, $this->table( 'contract_members' ), array( 'user_id' ) ) )->delete( $user_id, 'forget user' );
	}
}
