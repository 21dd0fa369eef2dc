<?php
/**
 * Grants → Take back seats not started: the form's POST.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use InvalidArgumentException;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * Takes back a grant's seats nobody started through GrantService::take_back() (docs/rules/seats-and-sharing.md,
 * "Grants and audit trail (wp-admin, WP-CLI)"); an empty count takes them all and ends the grant, but only once the
 * admin has confirmed it on the form's second step (END_GRANT posted): an empty field is easy to
 * submit by accident, and ending a grant cannot be undone.
 */
final class TakeBackHandler extends GrantAction {

	public const ACTION = 'library_portal_take_back';

	protected const BOUND_TO = array( 'grant' );

	/** The field the confirmation step posts: the admin has read what ends. */
	public const END_GRANT = 'end_grant';

	/** The query value of the take-back view that asks to confirm the end of the grant. */
	public const CONFIRM_END = 'end';

	/**
	 * Handles "Take back seats not started"; returns where to go next.
	 *
	 * @param array<string, int> $bound The grant.
	 */
	protected function run( array $bound ): string {
		$grant_id = $bound['grant'];
		try {
			$count = GrantRequest::posted( 'count' );
			if ( '' !== $count && ! preg_match( '/^\d{1,6}$/', $count ) ) {
				throw new InvalidArgumentException( esc_html__( 'The number of seats must be a whole number, or empty for all.', 'library-portal' ) );
			}
			if ( '' === $count && '1' !== GrantRequest::posted( self::END_GRANT ) ) {
				// Nothing changes yet: the form asks first, saying what ends.
				return add_query_arg( 'confirm', self::CONFIRM_END, GrantsPage::url( 'take-back', $grant_id ) );
			}
			$result = $this->grants->take_back( $grant_id, '' === $count ? null : (int) $count, get_current_user_id() );
		} catch ( InvalidArgumentException | WriteFailed $refused ) {
			$this->notice->keep( 'error', $refused->getMessage() );
			return GrantsPage::url( 'take-back', $grant_id );
		}
		$message = sprintf(
			/* translators: 1: seats taken back, 2: grant ID. */
			_n( 'Took back %1$d seat of grant #%2$d.', 'Took back %1$d seats of grant #%2$d.', $result->taken(), 'library-portal' ),
			$result->taken(),
			$grant_id
		) . ' ' . sprintf(
			/* translators: %d: seats that stayed. */
			_n( '%d could not be taken back (started).', '%d could not be taken back (started).', $result->kept, 'library-portal' ),
			$result->kept
		);
		$this->notice->keep( $result->taken() > 0 ? 'success' : 'warning', $message );
		return GrantsPage::url();
	}
}
