<?php
/**
 * Grants → Extend expiry: the form's POST.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use InvalidArgumentException;
use LibraryPortal\Admin\AdminNotice;
use LibraryPortal\Admin\AdminPostHandler;
use LibraryPortal\Database\WriteFailed;

/**
 * Moves a grant's expiry later through GrantService (docs/decisions.md, "Grants and audit trail").
 */
final class ExtendGrantHandler implements AdminPostHandler {

	public const ACTION = 'library_portal_extend_grant';

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
	 * Handles "Extend expiry"; returns where to go next.
	 */
	public function handle(): string {
		GrantRequest::require_cap();
		$grant_id = absint( GrantRequest::posted( 'grant' ) );
		check_admin_referer( self::nonce_action( $grant_id ) );
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
