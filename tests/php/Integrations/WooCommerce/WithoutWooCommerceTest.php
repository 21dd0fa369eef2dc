<?php
/**
 * The portal when WooCommerce is gone.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Integrations\WooCommerce;

use LibraryPortal\Integrations\WooCommerce\ProductPanel;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * What the integration stored needs no WooCommerce to read: with WooCommerce deactivated (its
 * filters not there) an item that was linked to a product keeps its own ADD LICENSES link.
 */
final class WithoutWooCommerceTest extends TestCase {

	public function test_a_linked_item_falls_back_to_its_own_link_without_woocommerce(): void {
		remove_all_filters( 'library_portal_product_links' ); // As in a request where WooCommerce did not load.
		$buyer = $this->make_user();
		$item  = Library::item( 'Once sold in the shop' );
		update_post_meta( $item, '_lp_product_link', 'https://example.com/buy/once-sold/' );
		update_post_meta( $item, ProductPanel::ITEM_PRODUCT_META, 987654 );
		Library::grant( $buyer, $item, 1 );

		$library = Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $buyer )->get_data()['data'] );

		$this->assertSame( 'https://example.com/buy/once-sold/', $library[ $item ]['product_link'] );
	}
}
