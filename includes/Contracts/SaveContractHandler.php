<?php
/**
 * Contracts → Create Contract / Save Contract.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

/**
 * Creates or updates a contract and its organizer card; a refused save shows what was typed again.
 */
final class SaveContractHandler extends ContractAction {

	/**
	 * The contract form's fields.
	 */
	public const FIELDS = array( 'title', 'organizer_name', 'organizer_title', 'organizer_phone', 'organizer_email', 'organizer_thumb', 'starts', 'ends', 'status' );

	/**
	 * The action's name.
	 */
	public function name(): string {
		return 'save';
	}

	/**
	 * Creates or updates the contract from the form.
	 *
	 * @param int $contract_id Contract (0: new).
	 */
	protected function run( int $contract_id ): string {
		$input = $this->refused_fields();
		if ( $contract_id ) {
			$this->service->update( $contract_id, $input );
			$this->notice->keep( 'success', __( 'Contract saved.', 'library-portal' ) );
			return ContractsPage::edit_url( $contract_id );
		}
		$contract_id = $this->service->create( $input );
		$this->notice->keep( 'success', __( 'Contract created. Add its members and items below.', 'library-portal' ) );
		return ContractsPage::edit_url( $contract_id );
	}

	/**
	 * The contract form's values as posted.
	 *
	 * @return array<string, string>
	 */
	protected function refused_fields(): array {
		$input = array();
		foreach ( self::FIELDS as $key ) {
			$input[ $key ] = self::posted( $key );
		}
		return $input;
	}
}
