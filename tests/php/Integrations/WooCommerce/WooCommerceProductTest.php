<?php
/**
 * The product's Library tab and the portal's product links, with a real WooCommerce.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Integrations\WooCommerce;

use Automattic\WooCommerce\Internal\Features\FeaturesController;
use LibraryPortal\Integrations\WooCommerce\ProductPanel;
use LibraryPortal\Integrations\WooCommerce\PurchaseTerms;
use LibraryPortal\Tests\Fixtures\Library;
use WC_Admin_Meta_Boxes;

/**
 * The tab saves with the product's nonce and the right to edit it, refuses bad values without a
 * change, and a linked item's ADD LICENSES goes to the product's page.
 */
final class WooCommerceProductTest extends WooCommerceTestCase {

	/**
	 * WooCommerce's product box errors (an admin class, loaded as wp-admin does).
	 */
	protected function set_up() {
		parent::set_up();
		require_once WC_ABSPATH . 'includes/admin/class-wc-admin-meta-boxes.php';
		WC_Admin_Meta_Boxes::$meta_box_errors = array();
	}

	/**
	 * Posts the tab's form for a product.
	 *
	 * @param \WC_Product          $product Product.
	 * @param array<string, mixed> $fields  Tab fields.
	 * @param string               $nonce   Nonce ('' = a valid one).
	 */
	private function post_tab( $product, array $fields, string $nonce = '' ): void {
		$_POST = array(
			'woocommerce_meta_nonce' => '' !== $nonce ? $nonce : wp_create_nonce( 'woocommerce_save_data' ),
			'library_portal_product' => $fields,
		);
		( new ProductPanel( $this->services()->library_cache ) )->save( $product );
		$product->save();
	}

	public function test_the_tab_saves_the_terms_on_the_product_and_links_the_item(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$item    = Library::item( 'Linked item' );
		$product = $this->product( new PurchaseTerms( 0 ) );

		$this->post_tab(
			$product,
			array(
				'item'     => (string) $item,
				'per_unit' => '5',
				'expiry'   => 'date',
				'date'     => '2040-06-30',
				'member'   => 'yes',
			)
		);

		$stored = ProductPanel::terms_of( wc_get_product( $product->get_id() ) );
		$this->assertEquals( new PurchaseTerms( $item, 5, PurchaseTerms::DATE, 0, '2040-06-30', true ), $stored );
		$this->assertSame( (string) $product->get_id(), get_post_meta( $item, ProductPanel::ITEM_PRODUCT_META, true ) );
		$this->assertSame( array(), WC_Admin_Meta_Boxes::$meta_box_errors );
	}

	public function test_bad_values_a_bad_nonce_or_no_right_change_nothing(): void {
		$admin   = $this->make_user( 'administrator' );
		$item    = Library::item( 'Kept' );
		$product = $this->product( new PurchaseTerms( $item, 2 ) );
		$before  = ProductPanel::terms_of( $product );

		wp_set_current_user( $admin );
		$this->post_tab(
			$product,
			array(
				'item'     => (string) $item,
				'per_unit' => '0',
			)
		);
		$this->assertSame( array( 'Library settings not saved: Licenses per unit must be a whole number from 1 to 1000.' ), WC_Admin_Meta_Boxes::$meta_box_errors );

		$this->post_tab( $product, array( 'item' => '0' ), 'bad-nonce' );
		wp_set_current_user( $this->make_user( 'customer' ) );
		$this->post_tab( $product, array( 'item' => '0' ) );

		$this->assertEquals( $before, ProductPanel::terms_of( wc_get_product( $product->get_id() ) ) );
	}

	public function test_the_panel_lists_published_items_and_escapes_them(): void {
		global $post;
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$item    = Library::item( 'Fish & <b>Chips</b>' );
		$product = $this->product( new PurchaseTerms( $item, 3 ) );
		$post    = get_post( $product->get_id() ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the product edit screen's post.

		ob_start();
		( new ProductPanel( $this->services()->library_cache ) )->render_panel();
		$html = (string) ob_get_clean();

		$this->assertStringContainsString( '<option value="' . $item . '" selected=\'selected\'>Fish &#038; &lt;b&gt;Chips&lt;/b&gt;</option>', $html );
		$this->assertStringContainsString( 'name="library_portal_product[per_unit]" value="3"', $html );
		$this->assertStringNotContainsString( '<b>Chips', $html );
	}

	public function test_add_licenses_goes_to_the_linked_product_page_while_it_is_published(): void {
		$buyer = $this->make_user( 'customer' );
		$item  = Library::item( 'With a shop page' );
		update_post_meta( $item, '_lp_product_link', 'https://old.example.com/shop/x/' );
		Library::grant( $buyer, $item, 2 );
		$product = $this->product( new PurchaseTerms( $item ) );
		$link    = fn() => Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $buyer )->get_data()['data'] )[ $item ]['product_link'];

		$this->assertSame( get_permalink( $product->get_id() ), $link() );

		$product->set_status( 'draft' );
		$product->save();
		$this->assertSame( 'https://old.example.com/shop/x/', $link(), 'a draft product is not a page to buy from' );
	}

	public function test_hpos_compatibility_is_declared(): void {
		$compatible = wc_get_container()->get( FeaturesController::class )->get_compatible_plugins_for_feature( 'custom_order_tables' );
		$this->assertContains( plugin_basename( LIBRARY_PORTAL_FILE ), $compatible['compatible'] );
	}
}
