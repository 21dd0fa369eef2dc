<?php
/**
 * Grants → Take back seats not started: the form's POST.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use InvalidArgumentException;
use LibraryPortal\Database\WriteFailed;

/**
 * Takes back a grant's seats nobody started through GrantService::take_back() (docs/decisions.md,
 * "Grants and audit trail"); an empty count takes them all and ends the grant.
 */
final class TakeBackHandler extends GrantAction {

	public const ACTION = 'library_portal_take_back';

	protected const BOUND_TO = array( 'grant' );

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
