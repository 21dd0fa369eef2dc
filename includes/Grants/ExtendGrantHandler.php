<?php
/**
 * Grants → Extend expiry: the form's POST.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use InvalidArgumentException;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * Moves a grant's expiry later through GrantService (docs/rules/seats-and-sharing.md, "Grants and audit trail (wp-admin, WP-CLI)").
 */
final class ExtendGrantHandler extends GrantAction {

	public const ACTION = 'library_portal_extend_grant';

	protected const BOUND_TO = array( 'grant' );

	/**
	 * Handles "Extend expiry"; returns where to go next.
	 *
	 * @param array<string, int> $bound The grant.
	 */
	protected function run( array $bound ): string {
		$grant_id = $bound['grant'];
		try {
			$never   = '1' === GrantRequest::posted( 'never' );
			$expires = GrantRequest::posted( 'expires' );
			if ( ( '' !== $expires ) === $never ) {
				throw new InvalidArgumentException( esc_html__( 'Give either a new expiry date or Never expires.', 'library-portal' ) );
			}
			$grant = $this->grants->extend( $grant_id, $never ? 0 : GrantRequest::end_of_day( $expires ), get_current_user_id() );
		} catch ( InvalidArgumentException | WriteFailed $refused ) {
			$this->notice->keep( 'error', $refused->getMessage() );
			return GrantsPage::url( 'extend', $grant_id );
		}
		/* translators: 1: grant ID, 2: expiry date or Never. */
		$this->notice->keep( 'success', sprintf( __( 'Grant #%1$d now expires: %2$s.', 'library-portal' ), $grant->id, GrantTexts::expiry_text( $grant->expires_at ) ) );
		return GrantsPage::url();
	}
}
