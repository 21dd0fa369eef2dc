<?php
/**
 * "Create an account" on a WooCommerce shop.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Integrations\WooCommerce;

use LibraryPortal\Sharing\InviteLogin;

/**
 * Where WooCommerce's My Account lets customers register, an invite's "Create an account" goes
 * there with the invite as redirect_to, and WooCommerce's redirect after registering (it logs the
 * customer in) goes back to the invite.
 */
final class InviteRegistrationTest extends WooCommerceTestCase {

	public function tear_down() {
		unset( $_REQUEST['redirect_to'] ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the test's own request value.
		parent::tear_down();
	}

	public function test_my_account_registration_is_offered_and_leads_back_to_the_invite(): void {
		$invite = home_url( '/shareseats/abc/' );
		update_option( 'users_can_register', 0 );
		update_option( 'woocommerce_enable_myaccount_registration', 'yes' );

		$this->assertSame( add_query_arg( 'redirect_to', rawurlencode( $invite ), wc_get_page_permalink( 'myaccount' ) ), InviteLogin::registration_url( $invite ) );

		$_REQUEST['redirect_to'] = $invite;
		$this->assertSame( $invite, apply_filters( 'woocommerce_registration_redirect', wc_get_page_permalink( 'myaccount' ) ) ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WooCommerce's filter.

		update_option( 'woocommerce_enable_myaccount_registration', 'no' );
		$this->assertSame( '', InviteLogin::registration_url( $invite ), 'Neither WordPress nor the shop lets visitors register.' );
	}
}
