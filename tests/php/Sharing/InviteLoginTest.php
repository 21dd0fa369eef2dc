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

	public function test_the_login_screen_says_why_the_visitor_is_there(): void {
		$_REQUEST['redirect_to'] = home_url( '/shareseats/abc/' );
		update_option( 'users_can_register', 1 );

		$message = ( new InviteLogin() )->explain( '' );

		$this->assertStringContainsString( 'Log in to accept the training shared with you. No account yet? Register first', $message );
	}
}
