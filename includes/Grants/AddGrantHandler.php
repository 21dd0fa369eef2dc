<?php
/**
 * Grants → Add grant: the form's POST.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use InvalidArgumentException;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * Gives a user licenses of an item through GrantService; a refused form keeps what was typed.
 */
final class AddGrantHandler extends GrantAction {

	public const ACTION = 'library_portal_add_grant';

	/**
	 * Handles "Add grant"; returns where to go next.
	 *
	 * @param array<string, int> $bound Nothing: the form's nonce is its action.
	 */
	protected function run( array $bound ): string {
		$fields = array(
			'user'     => GrantRequest::posted( 'user' ),
			'item'     => GrantRequest::posted( 'item' ),
			'quantity' => GrantRequest::posted( 'quantity' ),
			'expires'  => GrantRequest::posted( 'expires' ),
			'tag'      => GrantRequest::posted( 'tag' ),
		);
		try {
			$user = GrantRequest::find_user( $fields['user'] );
			if ( ! preg_match( '/^\d{1,6}$/', $fields['quantity'] ) ) {
				throw new InvalidArgumentException( esc_html__( 'The quantity must be a whole number.', 'library-portal' ) );
			}
			$grant_id = $this->grants->grant( $user->ID, absint( $fields['item'] ), (int) $fields['quantity'], GrantRequest::end_of_day( $fields['expires'] ), $fields['tag'], 'admin', '', get_current_user_id() );
		} catch ( InvalidArgumentException | WriteFailed $refused ) {
			$this->notice->keep( 'error', $refused->getMessage(), $fields );
			return GrantsPage::url( 'add' );
		}
		$this->notice->keep(
			'success',
			sprintf(
				/* translators: 1: number of licenses, 2: item title, 3: user e-mail, 4: grant ID. */
				_n( 'Granted %1$d license of %2$s to %3$s (grant #%4$d).', 'Granted %1$d licenses of %2$s to %3$s (grant #%4$d).', (int) $fields['quantity'], 'library-portal' ),
				(int) $fields['quantity'],
				get_the_title( absint( $fields['item'] ) ),
				$user->user_email,
				$grant_id
			)
		);
		return GrantsPage::url();
	}
}
