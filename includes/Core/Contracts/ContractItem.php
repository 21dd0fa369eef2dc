<?php
/**
 * One item of a contract's library.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Contracts;

/**
 * An item a contract gives its members, until when.
 */
final class ContractItem {

	/**
	 * Builds the value.
	 *
	 * @param int $contract_id Contract.
	 * @param int $product_id  Item.
	 * @param int $expires_at  Unix seconds (0: never).
	 */
	public function __construct(
		public readonly int $contract_id,
		public readonly int $product_id,
		public readonly int $expires_at
	) {}
}
