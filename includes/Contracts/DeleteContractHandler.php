<?php
/**
 * Contracts → Delete contract (the confirmation's form).
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

/**
 * Deletes the contract, its members and items (ContractService::delete(), written to the audit trail).
 */
final class DeleteContractHandler extends ContractAction {

	/**
	 * The action's name.
	 */
	public function name(): string {
		return 'delete';
	}

	/**
	 * Deletes the contract; back to the list.
	 *
	 * @param int $contract_id Contract.
	 */
	protected function run( int $contract_id ): string {
		$deleted = $this->service->delete( $contract_id, get_current_user_id() );
		$this->notice->keep(
			'success',
			sprintf(
				/* translators: 1: contract title, 2: number of members. */
				_n( 'The contract “%1$s” was deleted; its %2$d member no longer has its library.', 'The contract “%1$s” was deleted; its %2$d members no longer have its library.', $deleted->member_count, 'library-portal' ),
				$deleted->contract->title,
				$deleted->member_count
			)
		);
		return ContractsPage::url();
	}
}
