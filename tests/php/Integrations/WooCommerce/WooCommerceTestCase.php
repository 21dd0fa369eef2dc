<?php
/**
 * Base of the tests that run with a real WooCommerce.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Integrations\WooCommerce;

use LibraryPortal\Integrations\WooCommerce\ProductPanel;
use LibraryPortal\Integrations\WooCommerce\PurchaseTerms;
use LibraryPortal\Platform\WooCommerce;
use LibraryPortal\Tests\Support\TestCase;
use WC_Product_Simple;

/**
 * Skipped, with one line saying why, when WooCommerce is not active on the test site.
 */
abstract class WooCommerceTestCase extends TestCase {

	/**
	 * Skips without WooCommerce.
	 */
	protected function set_up() {
		parent::set_up();
		if ( ! WooCommerce::active() ) {
			$this->markTestSkipped( 'WooCommerce is not active on the test site: set LP_WOOCOMMERCE_DIR (CONTRIBUTING.md).' );
		}
	}

	/**
	 * A published virtual product that sells an item.
	 *
	 * @param PurchaseTerms $terms Terms (item included).
	 * @param string        $name  Product name.
	 */
	protected function product( PurchaseTerms $terms, string $name = 'Team licenses' ): WC_Product_Simple {
		$product = new WC_Product_Simple();
		$product->set_name( $name );
		$product->set_regular_price( '10' );
		$product->set_virtual( true );
		$product->set_status( 'publish' );
		$product->save();
		( new ProductPanel( $this->services()->library_cache ) )->apply( $product, $terms );
		$product->save();
		return $product;
	}
}
