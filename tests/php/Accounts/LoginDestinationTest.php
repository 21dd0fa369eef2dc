<?php
/**
 * Where a login at wp-login.php lands.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Accounts;

use LibraryPortal\Accounts\LoginDestination;
use LibraryPortal\Tests\Support\TestCase;

/**
 * WordPress's own login_redirect filter, as the plugin hooks it: people who cannot edit posts land
 * in the portal (not in wp-admin/profile.php) when they asked for no page; an explicit redirect_to
 * and a destination another filter chose are kept; editors keep wp-admin.
 */
final class LoginDestinationTest extends TestCase {

	/**
	 * What wp-login.php does after a login: the filter over its default destination.
	 *
	 * @param int    $user_id   User.
	 * @param string $requested The form's redirect_to ('' without one; the form's hidden default is admin_url()).
	 */
	private static function after_login( int $user_id, string $requested ): string {
		$user = get_userdata( $user_id );
		return (string) apply_filters( 'login_redirect', '' !== $requested ? $requested : admin_url(), $requested, $user ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, applied as wp-login.php applies it.
	}

	public function test_a_customer_who_asked_for_nothing_lands_in_the_portal(): void {
		foreach ( array( 'subscriber', 'customer' ) as $role ) {
			if ( ! get_role( $role ) ) {
				continue; // WooCommerce's role, only where it runs.
			}
			$user = $this->make_user( $role );
			$this->assertSame( home_url( '/my-account/library/' ), self::after_login( $user, '' ), "$role without redirect_to" );
			$this->assertSame( home_url( '/my-account/library/' ), self::after_login( $user, admin_url() ), "$role with the form's hidden wp-admin" );
		}
	}

	public function test_an_explicit_destination_is_kept(): void {
		$user = $this->make_user( 'subscriber' );
		$this->assertSame( home_url( '/orders/' ), self::after_login( $user, home_url( '/orders/' ) ) );
		$this->assertSame( admin_url( 'profile.php' ), self::after_login( $user, admin_url( 'profile.php' ) ), 'Asking for the profile itself is kept.' );
	}

	public function test_people_who_can_edit_posts_keep_wp_admin(): void {
		$this->assertSame( admin_url(), self::after_login( $this->make_user( 'author' ), '' ) );
		$this->assertSame( admin_url(), self::after_login( $this->make_user( 'administrator' ), '' ) );
	}

	public function test_a_failed_login_and_another_filters_choice_are_left_alone(): void {
		$this->assertSame( admin_url(), ( new LoginDestination() )->to_portal( admin_url(), '', new \WP_Error( 'incorrect_password' ) ) );
		$user = get_userdata( $this->make_user( 'subscriber' ) );
		$this->assertSame( home_url( '/shareseats/abc/' ), ( new LoginDestination() )->to_portal( home_url( '/shareseats/abc/' ), '', $user ), 'The invite a visitor came for stays.' );
	}
}
