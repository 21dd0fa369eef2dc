<?php
/**
 * Bringing a logged-out recipient back to the invite.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Sharing;

use LibraryPortal\Core\Seats\ShareInvite;
use LibraryPortal\Core\Seats\ShareInvites;
use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Platform\WooCommerce;

/**
 * A logged-out visitor of `/shareseats/{encoded}` is sent to log in with the invite as
 * redirect_to (Routes::require_login). Someone without an account is offered "Create an account"
 * where the site lets visitors register (WordPress's own registration, or WooCommerce's My Account
 * when its registration is on), carrying the invite as redirect_to; where nobody may register, the
 * login screen says to ask the sharer. WordPress's registration ends on "check your email" and a
 * set-password e-mail, which lose redirect_to: the invite goes on to that screen's login link, and
 * its code is also kept in a short-lived cookie, so the first login without an own destination goes
 * to the invite (docs/rules/seats-and-sharing.md, "Sharing seats").
 */
final class InviteLogin {

	public const COOKIE = 'library_portal_invite';

	/**
	 * Wires the login's additions.
	 *
	 * @param ShareInvites|null $invites  Opens invitations (null: no e-mailed invitation is looked up).
	 * @param Settings|null     $settings Settings (invite_accounts).
	 */
	public function __construct( private readonly ?ShareInvites $invites = null, private readonly ?Settings $settings = null ) {}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_action( 'register_form', array( $this, 'hold_invited_address' ) );
		add_action( 'woocommerce_register_form', array( $this, 'hold_invited_address' ) );
		add_action( 'template_redirect', array( $this, 'remember_invite' ), 5 );
		add_filter( 'login_redirect', array( $this, 'back_to_invite' ), 10, 3 );
		add_filter( 'login_message', array( $this, 'explain' ) );
		add_filter( 'registration_redirect', array( $this, 'after_registration' ) );
		add_action( 'login_form_checkemail', array( $this, 'keep_invite_on_login_link' ) );
		add_filter( 'woocommerce_registration_redirect', array( $this, 'after_store_registration' ) );
		add_action( 'wp_login', array( ShareInvites::class, 'offer_again_on_login' ), 10, 2 );
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
			setcookie( self::COOKIE, self::cookie_value( $code ), time() + DAY_IN_SECONDS, COOKIEPATH, (string) COOKIE_DOMAIN, is_ssl(), true );
		}
	}

	/**
	 * What the cookie keeps for an invite of this site: on a network, the site's ID and the code
	 * ("3.code"), because the cookie's path is the network's and the login that reads it may be on
	 * another site (network sign-up logs people in on the main site); elsewhere the code alone.
	 *
	 * @param string $code A link code (ShareInvites::is_link_code).
	 */
	public static function cookie_value( string $code ): string {
		return is_multisite() ? get_current_blog_id() . '.' . $code : $code;
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
		return ShareInvites::invite_url( $code, self::kept_site() );
	}

	/**
	 * Lines above the login form when the visitor came from an invite: why they are there, and
	 * "Create an account" (or, where nobody may register, to ask the sharer).
	 *
	 * @param string $message Messages WordPress shows.
	 */
	public function explain( $message ): string {
		$invite = self::invite_address();
		if ( '' === $invite || ! self::on_login_form() ) {
			return (string) $message;
		}
		$register = self::registration_url( $invite );
		if ( '' !== $register ) {
			$account = esc_html__( 'No account yet?', 'library-portal' ) . ' <a href="' . esc_url( $register ) . '">' . esc_html__( 'Create an account', 'library-portal' ) . '</a> ' . esc_html__( 'and you come back to the invitation.', 'library-portal' );
		} elseif ( '' !== $this->invited_address( $invite ) && $this->settings && InviteAccount::offered( $this->settings ) ) {
			// The e-mailed link proves the address: its recipient makes the account on the way.
			$account = esc_html__( 'No account yet?', 'library-portal' ) . ' <a href="' . esc_url( InviteAccount::url( $invite ) ) . '">' . esc_html__( 'Create your account', 'library-portal' ) . '</a> ' . esc_html__( 'with the address this invitation was sent to.', 'library-portal' );
		} else {
			$account = esc_html__( 'No account yet? This site does not let visitors create one: ask the person who shared this training with you to have an account made for you.', 'library-portal' );
		}
		return (string) $message . '<p class="message">' . esc_html__( 'Log in to accept the training shared with you.', 'library-portal' ) . '<br>' . $account . '</p>';
	}

	/**
	 * On WordPress's and WooCommerce's registration forms reached from an e-mailed invitation: the
	 * e-mail field holds the invited address (neither form has a filter for its value, so a line
	 * of script right after the field fills it when it is empty).
	 */
	public function hold_invited_address(): void {
		$invite = self::invite_address();
		$email  = '' !== $invite ? $this->invited_address( $invite ) : '';
		if ( '' === $email ) {
			return;
		}
		$field = doing_action( 'woocommerce_register_form' ) ? 'reg_email' : 'user_email';
		wp_print_inline_script_tag( sprintf( '(function(f){if(f&&!f.value){f.value=%s;}})(document.getElementById(%s));', (string) wp_json_encode( $email ), (string) wp_json_encode( $field ) ) );
	}

	/**
	 * The address an invite was e-mailed to, while it waits for its recipient; '' for a copied
	 * link or one that no longer works.
	 *
	 * @param string $invite The invite's address.
	 */
	public function invited_address( string $invite ): string {
		$code = self::invite_code_of( $invite );
		if ( '' === $code || null === $this->invites ) {
			return '';
		}
		$opened = $this->invites->open( $code, time() );
		return $opened instanceof ShareInvite ? $opened->recipient_email : '';
	}

	/**
	 * Where "Create an account" goes, with the invite as redirect_to: WooCommerce's My Account when
	 * WooCommerce is active and lets customers register there, else WordPress's registration when
	 * the site allows it; '' when nobody may register.
	 *
	 * @param string $invite The invite's address.
	 */
	public static function registration_url( string $invite ): string {
		if ( WooCommerce::active() && 'yes' === get_option( 'woocommerce_enable_myaccount_registration' ) && function_exists( 'wc_get_page_permalink' ) ) {
			return add_query_arg( 'redirect_to', rawurlencode( $invite ), wc_get_page_permalink( 'myaccount' ) );
		}
		if ( get_option( 'users_can_register' ) ) {
			return add_query_arg( 'redirect_to', rawurlencode( $invite ), wp_registration_url() );
		}
		return '';
	}

	/**
	 * After WordPress's registration: the "check your email" screen, carrying the invite on to
	 * its login link (the new account has no password until the e-mail's link sets one).
	 *
	 * @param string $redirect_to What the registration form will redirect to.
	 */
	public function after_registration( $redirect_to ): string {
		$code = self::invite_code_of( (string) $redirect_to );
		if ( '' === $code ) {
			return (string) $redirect_to;
		}
		return add_query_arg( 'checkemail', 'registered', wp_login_url( ShareInvites::invite_url( $code ) ) );
	}

	/**
	 * On "check your email", the login link goes back to the invite.
	 */
	public function keep_invite_on_login_link(): void {
		$code = self::invite_code_of( self::requested_redirect() );
		if ( '' === $code ) {
			return;
		}
		add_filter(
			'login_url',
			static fn( $login_url, $redirect ) => '' === (string) $redirect ? add_query_arg( 'redirect_to', rawurlencode( ShareInvites::invite_url( $code ) ), (string) $login_url ) : (string) $login_url,
			10,
			2
		);
	}

	/**
	 * After a registration on WooCommerce's My Account (which logs the customer in): the invite.
	 *
	 * @param string $redirect Where WooCommerce goes next.
	 */
	public function after_store_registration( $redirect ): string {
		$invite = self::invite_address();
		return '' !== $invite ? $invite : (string) $redirect;
	}

	/**
	 * The invite the visitor is on the way to: this request's redirect_to when it is one, else the
	 * kept code's; '' when none.
	 */
	private static function invite_address(): string {
		$code = self::invite_code_of( self::requested_redirect() );
		if ( '' !== $code ) {
			return ShareInvites::invite_url( $code );
		}
		$code = self::kept_code();
		return '' === $code ? '' : ShareInvites::invite_url( $code, self::kept_site() );
	}

	/**
	 * The code of an invite address on this site, '' for any other value.
	 *
	 * @param string $url Address.
	 */
	public static function invite_code_of( string $url ): string {
		$prefix = home_url( '/shareseats/' );
		if ( ! str_starts_with( $url, $prefix ) ) {
			return '';
		}
		$code = rtrim( substr( $url, strlen( $prefix ) ), '/' );
		return ShareInvites::is_link_code( $code ) ? $code : '';
	}


	/**
	 * This request's redirect_to ('' without one).
	 */
	public static function requested_redirect(): string {
		return isset( $_REQUEST['redirect_to'] ) && is_string( $_REQUEST['redirect_to'] ) ? (string) wp_unslash( $_REQUEST['redirect_to'] ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- only compared with the invite address, never printed; nothing changes.
	}

	/**
	 * Whether wp-login.php shows its login form (not registration, lost password, ...).
	 */
	private static function on_login_form(): bool {
		$action = isset( $_REQUEST['action'] ) && is_string( $_REQUEST['action'] ) ? sanitize_key( wp_unslash( $_REQUEST['action'] ) ) : 'login'; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- which screen, read only.
		return in_array( $action, array( 'login', '' ), true ) && ! isset( $_GET['checkemail'] ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- which screen, read only.
	}

	/**
	 * The kept code, if it is one.
	 */
	private static function kept_code(): string {
		$code = self::kept_parts()[1];
		return ShareInvites::is_link_code( $code ) ? $code : '';
	}

	/**
	 * The site of the kept invite: its ID when the cookie names an existing site of the network,
	 * else 0 (this site).
	 */
	private static function kept_site(): int {
		$site_id = (int) self::kept_parts()[0];
		return $site_id > 0 && is_multisite() && get_site( $site_id ) ? $site_id : 0;
	}

	/**
	 * The cookie split into site ID ('' without one) and code.
	 *
	 * @return array{0: string, 1: string}
	 */
	private static function kept_parts(): array {
		$value = isset( $_COOKIE[ self::COOKIE ] ) ? sanitize_text_field( wp_unslash( $_COOKIE[ self::COOKIE ] ) ) : '';
		return preg_match( '/^(\d{1,20})\.(.*)$/s', $value, $parts ) ? array( $parts[1], $parts[2] ) : array( '', $value );
	}
}
