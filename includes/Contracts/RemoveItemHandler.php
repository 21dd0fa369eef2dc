<?php
/**
 * Contracts → an item's Remove.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

/**
 * Takes an item out of the contract.
 */
final class RemoveItemHandler extends ContractAction {

	/**
	 * The action's name.
	 */
	public function name(): string {
		return 'remove_item';
	}

	/**
	 * Removes the item.
	 *
	 * @param int $contract_id Contract.
	 */
	protected function run( int $contract_id ): string {
		$item = absint( self::posted( 'item' ) );
		$this->service->remove_item( $contract_id, $item );
		/* translators: %s: item title. */
		$this->notice->keep( 'success', sprintf( __( '“%s” was taken out of this contract.', 'library-portal' ), get_the_title( $item ) ) );
		return self::back( $contract_id ) . '#items';
	}
}
