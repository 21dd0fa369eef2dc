<?php
/**
 * Contracts → Add Item (with an optional expiry).
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

/**
 * Adds a published item to the contract, or changes the expiry of one it has.
 */
final class AddItemHandler extends ContractAction {

	/**
	 * The action's name.
	 */
	public function name(): string {
		return 'add_item';
	}

	/**
	 * Adds the item.
	 *
	 * @param int $contract_id Contract.
	 */
	protected function run( int $contract_id ): string {
		$item  = absint( self::posted( 'item' ) );
		$added = $this->service->add_item( $contract_id, $item, self::posted( 'expires' ) );
		/* translators: %s: item title. */
		$this->notice->keep( 'success', sprintf( $added ? __( '“%s” is now in this contract.', 'library-portal' ) : __( 'The expiry of “%s” in this contract was changed.', 'library-portal' ), get_the_title( $item ) ) );
		return self::back( $contract_id ) . '#items';
	}
}
