<?php
/**
 * Contracts, their members and items.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Repositories;

use LibraryPortal\Domain\Expiry;

/**
 * Organisations under a contract get their own library with an organizer card.
 */
final class ContractRepository extends Repository implements UserRows {

	/**
	 * The columns Contract::from_row() reads, from the contracts table aliased `c`.
	 */
	private const CONTRACT_COLUMNS = 'c.id, c.title, c.organizer_name, c.organizer_title, c.organizer_phone, c.organizer_email, c.organizer_thumb, c.starts_at, c.ends_at';

	/**
	 * Creates a contract and returns its ID.
	 *
	 * The fields are stored as given: whoever took them from a person has sanitised them
	 * (sanitize_text_field, sanitize_email, esc_url_raw), and whoever prints them escapes them.
	 *
	 * @param array{title: string, organizer_name?: string, organizer_title?: string, organizer_phone?: string, organizer_email?: string, organizer_thumb?: string, starts_at?: int, ends_at?: int} $contract Fields.
	 * @param int                                                                                                                                                                                  $now      Unix seconds.
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
					'status'          => 'active',
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
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- CONTRACT_COLUMNS is a constant list.
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
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- CONTRACT_COLUMNS is a constant list.
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
	 * @param int $user_id User.
	 * @param int $now     Unix seconds.
	 * @return ContractItem[]
	 */
	public function items_for_member( int $user_id, int $now ): array {
		$rows  = (array) $this->db->get_results(
			$this->db->prepare(
				"SELECT i.contract_id, i.product_id, i.expires_at, c.ends_at FROM %i m
				INNER JOIN %i c ON c.id = m.contract_id AND c.status = 'active' AND c.starts_at <= %d
				INNER JOIN %i i ON i.contract_id = m.contract_id
				WHERE m.user_id = %d ORDER BY i.contract_id, i.product_id",
				$this->table( 'contract_members' ),
				$this->table( 'contracts' ),
				$now,
				$this->table( 'contract_items' ),
				$user_id
			),
			ARRAY_A
		);
		$items = array();
		foreach ( $rows as $row ) {
			$ends    = array_filter( array( (int) $row['expires_at'], (int) $row['ends_at'] ), static fn( int $end ): bool => ! Expiry::is_never( $end ) );
			$items[] = new ContractItem( (int) $row['contract_id'], (int) $row['product_id'], $ends ? min( $ends ) : 0 );
		}
		return $items;
	}

	/**
	 * Deletes the contract memberships of a deleted user.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		$this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE user_id = %d', $this->table( 'contract_members' ), $user_id ) ), 'forget user' );
	}
}
