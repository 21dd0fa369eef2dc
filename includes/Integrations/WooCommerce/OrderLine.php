<?php
/**
 * One line of an order, as OrderGrants needs it.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Integrations\WooCommerce;

/**
 * A line item: its ID in the order, the product's name, the units bought and the product's terms.
 */
final class OrderLine {

	/**
	 * A line.
	 *
	 * @param int           $id       Order item ID.
	 * @param string        $name     Product name (for order notes).
	 * @param int           $quantity Units bought.
	 * @param PurchaseTerms $terms    What a unit gives.
	 */
	public function __construct(
		public readonly int $id,
		public readonly string $name,
		public readonly int $quantity,
		public readonly PurchaseTerms $terms
	) {}
}
