<?php
/**
 * Bringing a logged-out recipient back to the invite.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Sharing;

use LibraryPortal\Sharing\InviteLogin;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The kept invite code decides where a login without its own destination goes; a code of
 * another alphabet, a failed login or a login that asked for a page are left alone.
 */
final class InviteLoginTest extends TestCase {

	public function tear_down() {
		unset( $_COOKIE[ InviteLogin::COOKIE ], $_REQUEST['redirect_to'] ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the test's own request values.
		parent::tear_down();
	}

	public function test_the_first_login_without_a_destination_goes_back_to_the_kept_invite(): void {
		$user                           = get_userdata( $this->make_user() );
		$_COOKIE[ InviteLogin::COOKIE ] = 'eyJsaW5rX2lkIjoxfQ';
		$login                          = new InviteLogin();

		$this->assertSame( home_url( '/shareseats/eyJsaW5rX2lkIjoxfQ/' ), $login->back_to_invite( admin_url(), '', $user ) );
		$this->assertSame( home_url( '/shareseats/eyJsaW5rX2lkIjoxfQ/' ), $login->back_to_invite( admin_url(), admin_url(), $user ) );
		$this->assertSame( home_url( '/orders/' ), $login->back_to_invite( home_url( '/orders/' ), home_url( '/orders/' ), $user ), 'A login that asked for a page goes there.' );
		$this->assertSame( admin_url(), $login->back_to_invite( admin_url(), '', new \WP_Error( 'bad' ) ), 'A failed login changes nothing.' );
	}

	public function test_a_kept_value_that_is_no_link_code_is_ignored(): void {
		$user                           = get_userdata( $this->make_user() );
		$_COOKIE[ InviteLogin::COOKIE ] = 'https://evil.example/';

		$this->assertSame( admin_url(), ( new InviteLogin() )->back_to_invite( admin_url(), '', $user ) );
		$this->assertSame( '', ( new InviteLogin() )->explain( '' ) );
	}

	public function test_the_login_screen_says_why_the_visitor_is_there_and_offers_an_account_where_registration_is_open(): void {
		$invite                  = home_url( '/shareseats/abc/' );
		$_REQUEST['redirect_to'] = $invite;
		update_option( 'users_can_register', 1 );

		$message = ( new InviteLogin() )->explain( '' );

		$this->assertStringContainsString( 'Log in to accept the training shared with you.', $message );
		$this->assertStringContainsString( '>Create an account</a>', $message );
		$this->assertStringContainsString( 'href="' . esc_url( add_query_arg( 'redirect_to', rawurlencode( $invite ), wp_registration_url() ) ) . '"', $message );
		$this->assertStringNotContainsString( 'ask the person who shared', $message );
	}

	public function test_where_nobody_may_register_the_login_screen_says_to_ask_the_sharer(): void {
		$_REQUEST['redirect_to'] = home_url( '/shareseats/abc/' );
		update_option( 'users_can_register', 0 );

		$message = ( new InviteLogin() )->explain( '' );

		$this->assertStringContainsString( 'No account yet? This site does not let visitors create one: ask the person who shared this training with you to have an account made for you.', $message );
		$this->assertStringNotContainsString( 'Create an account', $message );
		$this->assertSame( '', InviteLogin::registration_url( home_url( '/shareseats/abc/' ) ) );
	}

	public function test_after_registering_the_check_email_screen_carries_the_invite_to_its_login_link(): void {
		$invite = home_url( '/shareseats/abc/' );
		$login  = new InviteLogin();

		$after = $login->after_registration( $invite );

		$this->assertSame( add_query_arg( 'checkemail', 'registered', wp_login_url( $invite ) ), $after );
		$this->assertSame( home_url( '/orders/' ), $login->after_registration( home_url( '/orders/' ) ), 'Any other destination is left alone.' );
		$this->assertSame( 'https://evil.example/shareseats/abc/', $login->after_registration( 'https://evil.example/shareseats/abc/' ) );

		$_REQUEST['redirect_to'] = $invite;
		$login->keep_invite_on_login_link();
		$this->assertSame( wp_login_url( $invite ), wp_login_url(), 'The login link of "check your email" goes back to the invite.' );
		$this->assertSame( wp_login_url( home_url( '/x/' ) ), add_query_arg( 'redirect_to', rawurlencode( home_url( '/x/' ) ), site_url( 'wp-login.php', 'login' ) ), 'A login link with its own destination keeps it.' );
	}
}
