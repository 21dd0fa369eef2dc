<?php
/**
 * The portal in WooCommerce's account area.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Integrations\WooCommerce;

use LibraryPortal\Core\Site\AccountLinks;
use LibraryPortal\Core\Site\Routes;
use WP;

/**
 * The account menu's Library is the portal's own address, which the portal's rule serves; the
 * sidebar's account links are WooCommerce's endpoints where it has one, hidden where nothing is.
 */
final class WooCommerceAccountTest extends WooCommerceTestCase {

	public function test_the_library_endpoint_is_the_portal_and_sits_in_the_account_menu(): void {
		$this->assertSame( home_url( '/my-account/library' ), wc_get_account_endpoint_url( 'library' ) );
		$this->assertSame( 'library', WC()->query->get_query_vars()['library'] ?? '' );

		$menu = wc_get_account_menu_items();
		$this->assertSame( 'Library', $menu['library'] ?? '' );
		$this->assertSame( array( 'dashboard', 'library' ), array_slice( array_keys( $menu ), 0, 2 ) );

		$_SERVER['REQUEST_URI'] = '/my-account/library/';
		$wp                     = new WP();
		$wp->parse_request();
		$this->assertSame( 'library', $wp->query_vars[ Routes::QUERY_VAR ] ?? '', 'the portal serves the endpoint address' );
	}

	public function test_account_links_use_woocommerce_endpoints_and_hide_what_has_no_page(): void {
		$urls = ( new AccountLinks( $this->services()->settings ) )->urls();

		$this->assertSame( wc_get_account_endpoint_url( 'orders' ), $urls['orders'] );
		$this->assertSame( wc_get_account_endpoint_url( 'edit-address' ), $urls['addresses'] );
		$this->assertSame( wc_get_account_endpoint_url( 'payment-methods' ), $urls['payment-methods'] );
		$this->assertSame( '', $urls['wallet'], 'no wallet endpoint and no page' );
		$this->assertSame( '', $urls['subscriptions'], 'no subscriptions endpoint without WooCommerce Subscriptions' );
		$this->assertSame( '', $urls['certificate-program'] );
	}
}
