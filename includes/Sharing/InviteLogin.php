<?php
/**
 * Bringing a logged-out recipient back to the invite.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Sharing;

use LibraryPortal\Frontend\Routes;

/**
 * A logged-out visitor of `/shareseats/{encoded}` is sent to log in with the invite as
 * redirect_to (Routes::require_login). Someone without an account registers first, and
 * WordPress's registration goes through an e-mail to set a password, which loses redirect_to;
 * so the invite's code is also kept in a short-lived cookie, and the first login without an
 * own destination goes to the invite. The login screen says why the visitor is there.
 */
final class InviteLogin {

	public const COOKIE = 'library_portal_invite';

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_action( 'template_redirect', array( $this, 'remember_invite' ), 5 );
		add_filter( 'login_redirect', array( $this, 'back_to_invite' ), 10, 3 );
		add_filter( 'login_message', array( $this, 'explain' ) );
	}

	/**
	 * Keeps the invite's code for a logged-out visitor; forgets it once a logged-in person opens it.
	 */
	public function remember_invite(): void {
		if ( 'shareseats' !== Routes::current_route() ) {
			return;
		}
		$code = (string) get_query_var( Routes::SHARE_VAR );
		if ( is_user_logged_in() ) {
			if ( isset( $_COOKIE[ self::COOKIE ] ) ) {
				setcookie( self::COOKIE, '', time() - YEAR_IN_SECONDS, COOKIEPATH, (string) COOKIE_DOMAIN, is_ssl(), true );
			}
			return;
		}
		if ( ShareInvites::is_link_code( $code ) ) {
			setcookie( self::COOKIE, $code, time() + DAY_IN_SECONDS, COOKIEPATH, (string) COOKIE_DOMAIN, is_ssl(), true );
		}
	}

	/**
	 * After a login that asked for no page of its own, the kept invite.
	 *
	 * @param string $redirect_to           Where WordPress will go.
	 * @param string $requested_redirect_to What the login form asked for.
	 * @param mixed  $user                  The user, or an error.
	 */
	public function back_to_invite( $redirect_to, $requested_redirect_to, $user ): string {
		$code = self::kept_code();
		if ( '' === $code || ! $user instanceof \WP_User || ( '' !== (string) $requested_redirect_to && admin_url() !== $requested_redirect_to ) ) {
			return (string) $redirect_to;
		}
		return home_url( '/shareseats/' . $code . '/' );
	}

	/**
	 * A line above the login form when the visitor came from an invite.
	 *
	 * @param string $message Messages WordPress shows.
	 */
	public function explain( $message ): string {
		$redirect = isset( $_REQUEST['redirect_to'] ) ? (string) wp_unslash( $_REQUEST['redirect_to'] ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- only compared, never printed.
		if ( '' === self::kept_code() && ! str_contains( $redirect, '/shareseats/' ) ) {
			return (string) $message;
		}
		$text = get_option( 'users_can_register' )
			? __( 'Log in to accept the training shared with you. No account yet? Register first: after your first login you come back to the invitation.', 'library-portal' )
			: __( 'Log in to accept the training shared with you.', 'library-portal' );
		return (string) $message . '<p class="message">' . esc_html( $text ) . '</p>';
	}

	/**
	 * The kept code, if it is one.
	 */
	private static function kept_code(): string {
		$code = isset( $_COOKIE[ self::COOKIE ] ) ? (string) wp_unslash( $_COOKIE[ self::COOKIE ] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- checked against the link alphabet below.
		return ShareInvites::is_link_code( $code ) ? $code : '';
	}
}
