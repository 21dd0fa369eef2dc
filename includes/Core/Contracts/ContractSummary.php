<?php
/**
 * A contract as the admin screens list it.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Contracts;

/**
 * A contract in any status with how many members and items it has.
 */
final class ContractSummary {

	/**
	 * Builds the value.
	 *
	 * @param Contract $contract     The contract.
	 * @param string   $status       'active' or 'inactive' (an inactive contract gives its members nothing).
	 * @param int      $member_count Members.
	 * @param int      $item_count   Items.
	 */
	public function __construct(
		public readonly Contract $contract,
		public readonly string $status,
		public readonly int $member_count,
		public readonly int $item_count
	) {}

	/**
	 * The value from a row with the contract's columns, its status and both counts (ARRAY_A).
	 *
	 * @param array<string, mixed> $row Row.
	 */
	public static function from_row( array $row ): self {
		return new self( Contract::from_row( $row ), (string) $row['status'], (int) $row['member_count'], (int) $row['item_count'] );
	}
}
