<?php
/**
 * Contracts → Add Member (by e-mail or user ID, or a search result's Add).
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

/**
 * Adds an existing account to the contract; an account already in it is said so.
 */
final class AddMemberHandler extends ContractAction {

	/**
	 * The action's name.
	 */
	public function name(): string {
		return 'add_member';
	}

	/**
	 * Adds the member.
	 *
	 * @param int $contract_id Contract.
	 */
	protected function run( int $contract_id ): string {
		$added = false;
		$user  = $this->service->add_member( $contract_id, self::posted( 'member' ), $added );
		$name  = self::user_name( $user );
		/* translators: %s: name and e-mail of the user. */
		$this->notice->keep( $added ? 'success' : 'info', sprintf( $added ? __( '%s is now a member of this contract.', 'library-portal' ) : __( '%s was already a member of this contract.', 'library-portal' ), $name ) );
		return self::back( $contract_id ) . '#members';
	}
}
