<?php
/**
 * Contracts → a member's Remove.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

/**
 * Takes a member out of the contract (they lose its library at once).
 */
final class RemoveMemberHandler extends ContractAction {

	/**
	 * The action's name.
	 */
	public function name(): string {
		return 'remove_member';
	}

	/**
	 * Removes the member.
	 *
	 * @param int $contract_id Contract.
	 */
	protected function run( int $contract_id ): string {
		$user = $this->service->remove_member( $contract_id, self::posted( 'member' ) );
		/* translators: %s: name and e-mail of the user. */
		$this->notice->keep( 'success', sprintf( __( '%s is no longer a member of this contract.', 'library-portal' ), self::user_name( $user ) ) );
		return self::back( $contract_id ) . '#members';
	}
}
