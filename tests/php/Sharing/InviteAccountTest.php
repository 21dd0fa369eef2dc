<?php
/**
 * Signing up from an e-mailed invitation.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Sharing;

use LibraryPortal\Core\Seats\ShareInvite;
use LibraryPortal\Core\Site\BrandedMail;
use LibraryPortal\Sharing\InvitationMessage;
use LibraryPortal\Sharing\InviteAccount;
use LibraryPortal\Sharing\InviteLogin;
use LibraryPortal\Sharing\ShareMailer;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The registration forms hold the invited address; where nobody may register, an e-mailed
 * invitation makes its recipient's account (name and password, for the invited address) unless
 * the setting invite_accounts is off; the login screen and the mail say what is possible.
 */
final class InviteAccountTest extends TestCase {

	public function set_up() {
		parent::set_up();
		update_option( 'users_can_register', 0 );
	}

	public function tear_down() {
		unset( $_REQUEST['redirect_to'] ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the test's own request value.
		wp_set_current_user( 0 );
		parent::tear_down();
	}

	/**
	 * An owner's invitation of an item: e-mailed to $email, or copied when $email is ''.
	 *
	 * @param string $email Invited address.
	 * @return string The invite's address.
	 */
	private function invite( string $email ): string {
		$owner = $this->make_user( 'subscriber', array( 'display_name' => 'Olivia Bennett' ) );
		$item  = Library::item( 'Trauma-Informed Care' );
		Library::grant( $owner, $item, 2 );
		return home_url( '/shareseats/' . $this->services()->share_links->issue( $owner, $item, time(), $email ) . '/' );
	}

	private function screen(): InviteAccount {
		return new InviteAccount( $this->services()->share_invites, $this->services()->settings );
	}

	private function login(): InviteLogin {
		return new InviteLogin( $this->services()->share_invites, $this->services()->settings );
	}

	/**
	 * The login screen's lines for a visitor on the way to an invite.
	 *
	 * @param string $invite The invite's address.
	 */
	private function login_message( string $invite ): string {
		$_REQUEST['redirect_to'] = $invite;
		return $this->login()->explain( '' );
	}

	/**
	 * The invitation the screen is for (it must be there).
	 *
	 * @param string $invite The invite's address.
	 */
	private function invitation( string $invite ): ShareInvite {
		$found = $this->screen()->invitation( $invite );
		$this->assertNotNull( $found );
		return $found['invite'];
	}

	public function test_where_nobody_may_register_an_emailed_invitation_offers_the_account_and_the_setting_turns_it_off(): void {
		$emailed = $this->invite( 'olivia.new@example.com' );
		$copied  = $this->invite( '' );

		$message = $this->login_message( $emailed );
		$this->assertStringContainsString( '>Create your account</a>', $message );
		$this->assertStringContainsString( esc_url( InviteAccount::url( $emailed ) ), $message );
		$this->assertStringContainsString( 'ask the person who shared', $this->login_message( $copied ), 'A copied link proves no address: as before.' );
		$this->assertNull( $this->screen()->invitation( $copied ) );

		$this->services()->settings->update( array( 'invite_accounts' => false ) );
		$this->assertStringContainsString( 'ask the person who shared', $this->login_message( $emailed ) );
		$this->assertStringNotContainsString( 'Create your account', $this->login_message( $emailed ) );
		$this->assertNull( $this->screen()->invitation( $emailed ), 'The screen is closed too.' );

		$this->services()->settings->update( array( 'invite_accounts' => true ) );
		update_option( 'users_can_register', 1 );
		$this->assertNull( $this->screen()->invitation( $emailed ), 'Where visitors may register, WordPress\'s own registration is the way.' );
		$this->assertStringContainsString( '>Create an account</a>', $this->login_message( $emailed ) );
	}

	public function test_the_account_is_made_for_the_invited_address_with_the_name_and_password_typed(): void {
		$invite     = $this->invitation( $this->invite( 'olivia.new@example.com' ) );
		$nonce      = wp_create_nonce( InviteAccount::nonce_action( $invite ) );
		$users_then = count_users()['total_users'];

		$refused = $this->screen()->create( $invite, 'Nina New', 'password1', 'not-a-nonce' );
		$this->assertInstanceOf( \WP_Error::class, $refused );
		$this->assertSame( 'expired_form', $refused->get_error_code() );
		$refused = $this->screen()->create( $invite, '', 'short', $nonce );
		$this->assertInstanceOf( \WP_Error::class, $refused );
		$this->assertEqualsCanonicalizing( array( 'name', 'password' ), $refused->get_error_codes() );
		$this->assertSame( $users_then, count_users()['total_users'], 'Nothing made.' );

		$user_id = $this->screen()->create( $invite, 'Nina New', 'a-good-pass', $nonce );
		$this->assertIsInt( $user_id );
		$user = get_userdata( $user_id );
		$this->assertSame( 'olivia.new@example.com', $user->user_email );
		$this->assertSame( 'Nina New', $user->display_name );
		$this->assertSame( array( get_option( 'default_role' ) ), $user->roles );
		$this->assertInstanceOf( \WP_User::class, wp_authenticate( $user->user_login, 'a-good-pass' ) );

		$again = $this->screen()->create( $invite, 'Someone', 'another-pass', $nonce );
		$this->assertInstanceOf( \WP_Error::class, $again );
		$this->assertSame( 'account_exists', $again->get_error_code(), 'One account per address.' );
	}

	public function test_an_invitation_that_no_longer_waits_makes_no_account(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Gone' );
		Library::grant( $owner, $item, 1 );
		$code    = $this->services()->share_links->issue( $owner, $item, time(), 'late@example.com' );
		$payload = $this->services()->share_links->resolve( $code, time() );
		$this->assertIsArray( $payload );
		$this->services()->share_links->cancel_invitation( $owner, $payload['link_id'], time() );

		$this->assertNull( $this->screen()->invitation( home_url( '/shareseats/' . $code . '/' ) ) );
		$this->assertNull( $this->screen()->invitation( 'https://evil.example/shareseats/' . $code . '/' ), 'Only this site\'s invites.' );
	}

	public function test_the_registration_forms_hold_the_invited_address(): void {
		update_option( 'users_can_register', 1 );
		$_REQUEST['redirect_to'] = $this->invite( 'olivia.new@example.com' );
		ob_start();
		do_action( 'register_form' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own action, fired as wp-login.php fires it.
		$wordpress = (string) ob_get_clean();
		$this->assertStringContainsString( '"olivia.new@example.com"', $wordpress );
		$this->assertStringContainsString( '"user_email"', $wordpress );

		ob_start();
		do_action( 'woocommerce_register_form' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WooCommerce's action, fired as its form fires it.
		$store = (string) ob_get_clean();
		$this->assertStringContainsString( '"olivia.new@example.com"', $store );
		$this->assertStringContainsString( '"reg_email"', $store );

		$_REQUEST['redirect_to'] = $this->invite( '' );
		ob_start();
		do_action( 'register_form' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- as above.
		$this->assertStringNotContainsString( '@', (string) ob_get_clean(), 'A copied link names no address.' );
	}

	public function test_the_mail_says_whether_an_account_can_be_made_on_the_way(): void {
		$args = array( 'Olivia Bennett', 'Trauma-Informed Care', home_url( '/shareseats/abc/' ), 'January 1, 2027', 'Site', 'olivia@example.com', home_url( '/' ) );
		$open = new InvitationMessage( ...array_merge( $args, array( true ) ) );
		$shut = new InvitationMessage( ...array_merge( $args, array( false ) ) );

		$this->assertStringContainsString( 'you can create one on the way', $open->text() );
		$this->assertStringContainsString( 'ask the person who shared the training with you to have one made for you', $shut->text() );
		$this->assertStringContainsString( 'ask the person who shared the training with you to have one made for you', $shut->html( new BrandedMail( $this->services()->settings ) ) );

		// What ShareMailer puts in: the setting and the site's registration.
		$sent = array();
		add_action(
			'phpmailer_init',
			function ( $mailer ) use ( &$sent ) {
				$sent[] = $mailer->AltBody; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
			},
			99
		);
		$this->services()->settings->update( array( 'cooldown_seconds' => 0 ) );
		$owner = get_userdata( $this->make_user() );
		$item  = Library::item( 'Mailed' );
		Library::grant( $owner->ID, $item, 3 );
		$services = $this->services();
		$mailer   = new ShareMailer( $services->share_links, $services->mail_history, $services->mail_gate, $services->settings, $services->notifier, $services->seat_audit );
		$mailer->send( $owner, $item, 'Mailed', array( 'one@example.com' ), time() );
		$services->settings->update( array( 'invite_accounts' => false ) );
		$mailer->send( $owner, $item, 'Mailed', array( 'two@example.com' ), time() + 1 );
		$this->assertCount( 2, $sent );
		$this->assertStringContainsString( 'you can create one on the way', $sent[0] );
		$this->assertStringContainsString( 'to have one made for you', $sent[1] );
	}
}
