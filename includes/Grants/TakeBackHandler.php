<?php
/**
 * Grants → Take back seats not started: the form's POST.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use InvalidArgumentException;
use LibraryPortal\Admin\AdminNotice;
use LibraryPortal\Admin\AdminPostHandler;
use LibraryPortal\Database\WriteFailed;

/**
 * Takes back a grant's seats nobody started through GrantService::take_back() (docs/decisions.md,
 * "Grants and audit trail"); an empty count takes them all and ends the grant.
 */
final class TakeBackHandler implements AdminPostHandler {

	public const ACTION = 'library_portal_take_back';

	/**
	 * Grants.
	 *
	 * @var GrantService
	 */
	private GrantService $grants;

	/**
	 * The screens' one-time notice.
	 *
	 * @var AdminNotice
	 */
	private AdminNotice $notice;

	/**
	 * The handler.
	 *
	 * @param GrantService $grants Grants.
	 * @param AdminNotice  $notice The screens' notice.
	 */
	public function __construct( GrantService $grants, AdminNotice $notice ) {
		$this->grants = $grants;
		$this->notice = $notice;
	}

	/**
	 * The form's action.
	 */
	public function action(): string {
		return self::ACTION;
	}

	/**
	 * The nonce action of one grant's form.
	 *
	 * @param int $grant_id Grant.
	 */
	public static function nonce_action( int $grant_id ): string {
		return self::ACTION . '_' . $grant_id;
	}

	/**
	 * Handles "Take back seats not started"; returns where to go next.
	 */
	public function handle(): string {
		GrantRequest::require_cap();
		$grant_id = absint( GrantRequest::posted( 'grant' ) );
		check_admin_referer( self::nonce_action( $grant_id ) );
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
