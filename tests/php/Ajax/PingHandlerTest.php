<?php
/**
 * admin-ajax action ping_library.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Ajax;

use LibraryPortal\Frontend\PingHandler;
use LibraryPortal\Tests\Support\TestCase;
use RuntimeException;

/**
 * The keep-alive answers success only to a logged-in user with the ping nonce.
 */
final class PingHandlerTest extends TestCase {

	public function set_up(): void {
		parent::set_up();
		add_filter( 'wp_doing_ajax', '__return_true' );
		add_filter(
			'wp_die_ajax_handler',
			static fn() => static function () {
				throw new RuntimeException( 'wp_die' );
			}
		);
	}

	public function tear_down(): void {
		unset( $_SERVER[ PingHandler::HEADER ] );
		remove_all_filters( 'wp_die_ajax_handler' );
		remove_filter( 'wp_doing_ajax', '__return_true' );
		parent::tear_down();
	}

	/**
	 * Runs the registered admin-ajax action and returns the decoded JSON reply.
	 *
	 * @param bool $logged_in Whether the request is authenticated (the action differs).
	 * @return array<string, mixed>
	 */
	private function ping( bool $logged_in ): array {
		ob_start();
		try {
			do_action( ( $logged_in ? 'wp_ajax_' : 'wp_ajax_nopriv_' ) . PingHandler::ACTION ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- core's admin-ajax hooks.
		} catch ( RuntimeException $e ) {
			unset( $e ); // wp_die() after the JSON was sent.
		}
		return (array) json_decode( (string) ob_get_clean(), true );
	}

	public function test_logged_in_with_nonce_succeeds_and_refreshes_the_rest_nonce(): void {
		wp_set_current_user( $this->make_user() );
		$_SERVER[ PingHandler::HEADER ] = wp_create_nonce( PingHandler::NONCE_KEY );

		$reply = $this->ping( true );

		$this->assertTrue( $reply['success'] );
		$this->assertSame( 1, wp_verify_nonce( $reply['data']['restNonce'], 'wp_rest' ) );
		$this->assertSame( 1, wp_verify_nonce( $reply['data']['pingNonce'], PingHandler::NONCE_KEY ), 'The next ping has a fresh nonce too.' );
	}

	public function test_missing_nonce_fails(): void {
		wp_set_current_user( $this->make_user() );

		$reply = $this->ping( true );
		$this->assertFalse( $reply['success'] );
		$this->assertSame( 'stale_nonce', $reply['data']['reason'], 'Logged in: the client reloads for fresh nonces.' );
		$this->assertArrayNotHasKey( 'restNonce', $reply['data'] );
	}

	public function test_other_actions_nonce_fails(): void {
		wp_set_current_user( $this->make_user() );
		$_SERVER[ PingHandler::HEADER ] = wp_create_nonce( 'wp_rest' );

		$this->assertFalse( $this->ping( true )['success'] );
	}

	public function test_someone_elses_nonce_fails(): void {
		wp_set_current_user( $this->make_user() );
		$nonce = wp_create_nonce( PingHandler::NONCE_KEY );
		wp_set_current_user( $this->make_user() );
		$_SERVER[ PingHandler::HEADER ] = $nonce;

		$this->assertFalse( $this->ping( true )['success'] );
	}

	public function test_logged_out_fails_and_says_the_login_expired(): void {
		$_SERVER[ PingHandler::HEADER ] = wp_create_nonce( PingHandler::NONCE_KEY );

		$reply = $this->ping( false );

		$this->assertFalse( $reply['success'] );
		$this->assertSame( 'logged_out', $reply['data']['reason'], 'The page offers to log in again.' );
		$this->assertNotEmpty( $reply['data']['message'] );
		$this->assertArrayNotHasKey( 'restNonce', $reply['data'] );
	}
}
