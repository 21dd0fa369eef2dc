<?php
/**
 * Where a customer lands after logging in at wp-login.php.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Accounts;

use LibraryPortal\Core\Seats\ShareInvites;
use LibraryPortal\Core\Site\Routes;

/**
 * WordPress sends everyone who logs in at wp-login.php without a destination of their own to
 * wp-admin, and people who cannot edit posts to wp-admin/profile.php (admin colour schemes,
 * Application Passwords): a dead end for a buyer, a member or a contract user. Such a login goes
 * to the portal instead, or to the e-mailed invitation that waits for their address
 * (ShareInvites::offered_to). Every password reset ends on the reset screen's "Log in" link, a plain
 * wp-login.php, so it lands there too. An explicit redirect_to is kept; a destination another
 * filter chose (the invite a visitor came for: Sharing\InviteLogin) is kept; WooCommerce's My
 * Account login never runs this filter (docs/rules/accounts-and-login.md, "Arriving: invitations and the login").
 */
final class LoginDestination {

	/**
	 * After InviteLogin (priority 10), which may already have chosen the invite.
	 */
	private const PRIORITY = 20;

	/**
	 * Wires the rule.
	 *
	 * @param ShareInvites|null $invites Opens invitations (null: the portal only).
	 */
	public function __construct( private readonly ?ShareInvites $invites = null ) {}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_filter( 'login_redirect', array( $this, 'to_portal' ), self::PRIORITY, 3 );
	}

	/**
	 * The invitation waiting for the user's address, else the portal, for a login that asked for
	 * no page of its own by someone who cannot edit posts.
	 *
	 * @param string $redirect_to           Where WordPress will go.
	 * @param string $requested_redirect_to What the login form asked for ('' or wp-admin when nothing).
	 * @param mixed  $user                  The user, or an error.
	 */
	public function to_portal( $redirect_to, $requested_redirect_to, $user ): string {
		$redirect_to = (string) $redirect_to;
		if ( ! $user instanceof \WP_User || $user->has_cap( 'edit_posts' ) ) {
			return $redirect_to;
		}
		if ( ! self::asked_for_nothing( (string) $requested_redirect_to ) || ! self::asked_for_nothing( $redirect_to ) ) {
			return $redirect_to; // The visitor's own destination, or one another filter chose.
		}
		if ( is_multisite() && ! is_user_member_of_blog( (int) $user->ID ) ) {
			return $redirect_to; // Not this site's user: WordPress sends them to their own site.
		}
		$offered = $this->invites ? $this->invites->offered_to( $user, time() ) : null;
		return null !== $offered ? ShareInvites::invite_url( $offered['code'] ) : self::portal_url();
	}

	/**
	 * The portal's address (its dashboard; the portal itself moves a contract user on).
	 */
	public static function portal_url(): string {
		return home_url( '/' . Routes::PORTAL_PATH . '/' );
	}

	/**
	 * Whether a destination is WordPress's default: none, or wp-admin's front page (wp-login.php's
	 * form carries admin_url() as its hidden redirect_to when the visitor asked for nothing).
	 *
	 * @param string $destination Address.
	 */
	private static function asked_for_nothing( string $destination ): bool {
		return in_array( $destination, array( '', 'wp-admin/', admin_url() ), true );
	}
}
