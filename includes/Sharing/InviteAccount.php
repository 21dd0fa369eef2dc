<?php
/**
 * An account for the recipient of an e-mailed invitation where nobody may register.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Sharing;

use LibraryPortal\Core\Seats\ShareInvite;
use LibraryPortal\Core\Seats\ShareInvites;
use LibraryPortal\Core\Settings;

/**
 * Where the site lets nobody register (users_can_register off, no WooCommerce registration), an
 * e-mailed invitation still lets its recipient in: the login screen the invite leads to offers
 * "Create your account", a screen of wp-login.php (`?action=library-portal-account`) that asks
 * for a name and a password and makes the account for the invited address, because the link
 * proves the address. It then logs the person in and goes back to the invite. The setting
 * `invite_accounts` turns this off (docs/rules/accounts-and-login.md, "Arriving: invitations and the login").
 */
final class InviteAccount {

	public const ACTION = 'library-portal-account';

	/**
	 * Shortest password the screen takes.
	 */
	public const MIN_PASSWORD = 8;

	/**
	 * Longest name the screen takes (as PersonName cuts names in mail).
	 */
	private const MAX_NAME = 60;

	/**
	 * Wires the screen.
	 *
	 * @param ShareInvites $invites  Opens invitations.
	 * @param Settings     $settings Settings (invite_accounts).
	 */
	public function __construct( private readonly ShareInvites $invites, private readonly Settings $settings ) {}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_action( 'login_form_' . self::ACTION, array( $this, 'screen' ) );
	}

	/**
	 * Whether a recipient of an e-mailed invitation without an account makes it on the invite's
	 * way: nobody may register otherwise, and the setting is on.
	 *
	 * @param Settings $settings Settings.
	 */
	public static function offered( Settings $settings ): bool {
		return '' === InviteLogin::registration_url( home_url( '/' ) ) && (bool) $settings->get( 'invite_accounts' );
	}

	/**
	 * The screen's address for an invite.
	 *
	 * @param string $invite The invite's address.
	 */
	public static function url( string $invite ): string {
		return add_query_arg(
			array(
				'action'      => self::ACTION,
				'redirect_to' => rawurlencode( $invite ),
			),
			site_url( 'wp-login.php', 'login' )
		);
	}

	/**
	 * The e-mailed invitation this screen is for (the request's redirect_to), when it still waits
	 * for its recipient and the screen is offered; else null.
	 *
	 * @param string $invite The invite's address.
	 * @return array{code: string, invite: ShareInvite}|null
	 */
	public function invitation( string $invite ): ?array {
		$code = InviteLogin::invite_code_of( $invite );
		if ( '' === $code || ! self::offered( $this->settings ) ) {
			return null;
		}
		$opened = $this->invites->open( $code, time() );
		return $opened instanceof ShareInvite && '' !== $opened->recipient_email ? array(
			'code'   => $code,
			'invite' => $opened,
		) : null;
	}

	/**
	 * wp-login.php?action=library-portal-account: the form, or the account made and the invite.
	 */
	public function screen(): void {
		$invite_url = InviteLogin::requested_redirect();
		$found      = $this->invitation( $invite_url );
		if ( null === $found || is_user_logged_in() ) {
			// Nothing to make an account for (or already logged in): the invite says why.
			wp_safe_redirect( null !== $found || '' !== InviteLogin::invite_code_of( $invite_url ) ? $invite_url : wp_login_url() );
			exit;
		}
		$invite = $found['invite'];
		$errors = new \WP_Error();
		$name   = '';
		if ( isset( $_POST['lp_name'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Missing -- only which branch; create() verifies the nonce.
			$name    = is_string( $_POST['lp_name'] ) ? sanitize_text_field( wp_unslash( $_POST['lp_name'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Missing -- create() verifies the nonce before anything changes.
			$created = $this->create( $invite, $name, isset( $_POST['lp_password'] ) && is_string( $_POST['lp_password'] ) ? wp_unslash( $_POST['lp_password'] ) : '', isset( $_POST['_wpnonce'] ) && is_string( $_POST['_wpnonce'] ) ? sanitize_key( wp_unslash( $_POST['_wpnonce'] ) ) : '' ); // phpcs:ignore WordPress.Security.NonceVerification.Missing, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- a password is taken as typed (WordPress hashes it); the nonce is verified in create().
			if ( ! $created instanceof \WP_Error ) {
				$user = get_userdata( $created );
				wp_set_auth_cookie( $created, false );
				wp_set_current_user( $created );
				if ( $user ) {
					do_action( 'wp_login', $user->user_login, $user ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own action: this is a login.
				}
				wp_safe_redirect( $invite_url );
				exit;
			}
			$errors = $created;
		}
		$this->form( $invite, $invite_url, $name, $errors );
		exit;
	}

	/**
	 * Makes the account of an invitation's address: its ID, or the error (nothing made).
	 *
	 * @param ShareInvite $invite   The invitation (e-mailed, pending).
	 * @param string      $name     The name typed.
	 * @param string      $password The password typed.
	 * @param string      $nonce    The form's nonce.
	 * @return int|\WP_Error
	 */
	public function create( ShareInvite $invite, string $name, string $password, string $nonce ) {
		if ( ! wp_verify_nonce( $nonce, self::nonce_action( $invite ) ) ) {
			return new \WP_Error( 'expired_form', __( 'This form has expired. Please fill it in again.', 'library-portal' ) );
		}
		if ( email_exists( $invite->recipient_email ) ) {
			return new \WP_Error( 'account_exists', __( 'An account with this address already exists. Log in with it, or reset its password from the login screen.', 'library-portal' ) );
		}
		$errors = new \WP_Error();
		$name   = trim( $name );
		if ( '' === $name || mb_strlen( $name ) > self::MAX_NAME ) {
			/* translators: %d: longest name in characters. */
			$errors->add( 'name', sprintf( __( 'Please enter your name (at most %d characters).', 'library-portal' ), self::MAX_NAME ) );
		}
		if ( mb_strlen( $password ) < self::MIN_PASSWORD ) {
			/* translators: %d: shortest password in characters. */
			$errors->add( 'password', sprintf( __( 'Please choose a password of at least %d characters.', 'library-portal' ), self::MIN_PASSWORD ) );
		}
		if ( $errors->has_errors() ) {
			return $errors;
		}
		list( $first, $last ) = array_pad( explode( ' ', $name, 2 ), 2, '' );
		$user_id              = wp_insert_user(
			array(
				'user_login'   => self::new_login( $invite->recipient_email ),
				'user_pass'    => $password,
				'user_email'   => $invite->recipient_email,
				'display_name' => $name,
				'nickname'     => $name,
				'first_name'   => $first,
				'last_name'    => $last,
				'role'         => (string) get_option( 'default_role', 'subscriber' ),
			)
		);
		if ( is_wp_error( $user_id ) ) {
			return new \WP_Error( 'not_created', __( 'The account could not be created. Please try again.', 'library-portal' ) );
		}
		// The site's admin is told of a new account, as WordPress's own registration tells them.
		wp_new_user_notification( $user_id, null, 'admin' );
		return $user_id;
	}

	/**
	 * The nonce action of an invitation's form.
	 *
	 * @param ShareInvite $invite The invitation.
	 */
	public static function nonce_action( ShareInvite $invite ): string {
		return 'library_portal_invite_account_' . $invite->link_id;
	}

	/**
	 * A free login name made of the address's local part.
	 *
	 * @param string $email Address.
	 */
	private static function new_login( string $email ): string {
		$local = strstr( $email, '@', true );
		$base  = sanitize_user( false === $local ? $email : $local, true );
		$base  = '' !== $base ? substr( $base, 0, 50 ) : 'member';
		$login = $base;
		$n     = 2;
		while ( username_exists( $login ) ) {
			$login = $base . $n;
			++$n;
		}
		return $login;
	}

	/**
	 * Prints the screen (WordPress's login header and footer around the form).
	 *
	 * @param ShareInvite $invite     The invitation.
	 * @param string      $invite_url The invite's address.
	 * @param string      $name       The name typed before (kept after an error).
	 * @param \WP_Error   $errors     What was wrong.
	 */
	private function form( ShareInvite $invite, string $invite_url, string $name, \WP_Error $errors ): void {
		/* translators: 1: sharer's name, 2: training title. */
		$intro = sprintf( __( '%1$s shared "%2$s" with you. Create your account to accept it.', 'library-portal' ), $invite->sharer_name, $invite->product_title );
		login_header( __( 'Create your account', 'library-portal' ), '<p class="message">' . esc_html( $intro ) . '</p>', $errors );
		?>
		<form name="registerform" id="registerform" action="<?php echo esc_url( self::url( $invite_url ) ); ?>" method="post">
			<p>
				<label for="lp_email"><?php esc_html_e( 'Email', 'library-portal' ); ?></label>
				<input type="email" id="lp_email" class="input" value="<?php echo esc_attr( $invite->recipient_email ); ?>" readonly autocomplete="username" aria-describedby="lp_email_note">
			</p>
			<p id="lp_email_note" class="description" style="margin-bottom:16px"><?php esc_html_e( 'The address this invitation was sent to.', 'library-portal' ); ?></p>
			<p>
				<label for="lp_name"><?php esc_html_e( 'Your name', 'library-portal' ); ?></label>
				<input type="text" name="lp_name" id="lp_name" class="input" value="<?php echo esc_attr( $name ); ?>" maxlength="<?php echo (int) self::MAX_NAME; ?>" autocomplete="name" required>
			</p>
			<p>
				<label for="lp_password"><?php esc_html_e( 'Password', 'library-portal' ); ?></label>
				<input type="password" name="lp_password" id="lp_password" class="input" value="" minlength="<?php echo (int) self::MIN_PASSWORD; ?>" autocomplete="new-password" required aria-describedby="lp_password_note">
			</p>
			<p id="lp_password_note" class="description" style="margin-bottom:16px">
				<?php
				/* translators: %d: shortest password in characters. */
				echo esc_html( sprintf( __( 'At least %d characters.', 'library-portal' ), self::MIN_PASSWORD ) );
				?>
			</p>
			<?php wp_nonce_field( self::nonce_action( $invite ) ); ?>
			<p class="submit">
				<input type="submit" name="wp-submit" id="wp-submit" class="button button-primary button-large" value="<?php esc_attr_e( 'Create account', 'library-portal' ); ?>">
			</p>
		</form>
		<p id="nav"><a href="<?php echo esc_url( wp_login_url( $invite_url ) ); ?>"><?php esc_html_e( 'I already have an account: log in', 'library-portal' ); ?></a></p>
		<?php
		login_footer( 'lp_name' );
	}
}
