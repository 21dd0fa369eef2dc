<?php
/**
 * The "Library" tab of WooCommerce's product data box, and product links in the portal.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Integrations\WooCommerce;

use InvalidArgumentException;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Rows\LibraryCache;
use LibraryPortal\Platform\View;
use WC_Admin_Meta_Boxes;
use WC_Product;

/**
 * Links a product to a library item with its terms (PurchaseTerms, stored as product meta through
 * WC_Product's CRUD). The linked item keeps the product's ID (`_lp_wc_product_id`), so the portal's
 * product_link (ADD LICENSES) becomes the product's page.
 */
final class ProductPanel {

	public const TAB = 'library_portal';

	/**
	 * Item meta: the product that sells the item (the last one linked).
	 */
	public const ITEM_PRODUCT_META = '_lp_wc_product_id';

	/**
	 * Form field names.
	 */
	private const FIELD = 'library_portal_product';

	/**
	 * Cache of library replies.
	 *
	 * @var LibraryCache
	 */
	private LibraryCache $cache;

	/**
	 * Wires the panel.
	 *
	 * @param LibraryCache $cache Cache of library replies.
	 */
	public function __construct( LibraryCache $cache ) {
		$this->cache = $cache;
	}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_filter( 'woocommerce_product_data_tabs', array( $this, 'add_tab' ) );
		add_action( 'woocommerce_product_data_panels', array( $this, 'render_panel' ) );
		add_action( 'woocommerce_admin_process_product_object', array( $this, 'save' ) );
		add_filter( 'library_portal_product_links', array( $this, 'product_links' ), 10, 2 );
		add_action( 'save_post_product', array( $this, 'product_saved' ) );
	}

	/**
	 * The product's terms.
	 *
	 * @param WC_Product $product Product.
	 */
	public static function terms_of( WC_Product $product ): PurchaseTerms {
		return PurchaseTerms::from_meta( static fn( string $key ) => $product->get_meta( $key, true ) );
	}

	/**
	 * Adds the tab.
	 *
	 * @param array<string, array<string, mixed>> $tabs Tabs.
	 * @return array<string, array<string, mixed>>
	 */
	public function add_tab( $tabs ): array {
		$tabs              = (array) $tabs;
		$tabs[ self::TAB ] = array(
			'label'    => __( 'Library', 'library-portal' ),
			'target'   => 'library_portal_product_data',
			'class'    => array(),
			'priority' => 65,
		);
		return $tabs;
	}

	/**
	 * Prints the panel.
	 */
	public function render_panel(): void {
		global $post;
		$product = $post ? wc_get_product( $post->ID ) : null;
		$terms   = $product instanceof WC_Product ? self::terms_of( $product ) : new PurchaseTerms( 0 );
		$names   = array();
		foreach ( array( 'item', 'per_unit', 'expiry', 'days', 'date', 'member' ) as $key ) {
			$names[ $key ] = self::FIELD . '[' . $key . ']';
		}
		View::render(
			__DIR__ . '/views/product-panel.php',
			array(
				'names'        => $names,
				'items'        => ItemPostType::published_titles(),
				'modes'        => array(
					PurchaseTerms::NEVER => __( 'Never', 'library-portal' ),
					PurchaseTerms::DAYS  => __( 'A number of days after purchase', 'library-portal' ),
					PurchaseTerms::DATE  => __( 'On a fixed date', 'library-portal' ),
				),
				'item_id'      => $terms->item_id,
				'per_unit'     => max( 1, $terms->per_unit ),
				'expiry'       => $terms->expiry,
				'days'         => $terms->days > 0 ? (string) $terms->days : '',
				'date'         => $terms->date,
				'member'       => $terms->member,
				'max_per_unit' => PurchaseTerms::MAX_PER_UNIT,
				'max_days'     => PurchaseTerms::MAX_DAYS,
			)
		);
		self::print_expiry_script();
	}

	/**
	 * Shows the days field or the date field by the chosen expiry, with WordPress's own inline
	 * script tag. Without script both stay visible and the save ignores the one that does not apply.
	 */
	private static function print_expiry_script(): void {
		$rows = array(
			PurchaseTerms::DAYS => 'lp_days',
			PurchaseTerms::DATE => 'lp_date',
		);
		wp_print_inline_script_tag(
			'( function ( rows ) {'
			. 'var select = document.getElementById( "lp_expiry" );'
			. 'if ( ! select ) { return; }'
			. 'function show() { Object.keys( rows ).forEach( function ( mode ) {'
			. 'var field = document.getElementById( rows[ mode ] );'
			. 'if ( field ) { field.closest( "p" ).style.display = select.value === mode ? "" : "none"; }'
			. '} ); }'
			. 'select.addEventListener( "change", show ); show();'
			. '}( ' . wp_json_encode( $rows ) . ' ) );'
		);
	}

	/**
	 * Saves the panel with the product (WooCommerce saves the object after this hook). The product's
	 * own nonce and the capability to edit it are checked again here; an invalid value changes
	 * nothing and shows WooCommerce's error notice.
	 *
	 * @param mixed $product Product being saved (WooCommerce passes a WC_Product).
	 */
	public function save( $product ): void {
		if ( ! $product instanceof WC_Product || ! isset( $_POST[ self::FIELD ] ) ) {
			return;
		}
		$nonce = isset( $_POST['woocommerce_meta_nonce'] ) ? sanitize_text_field( wp_unslash( $_POST['woocommerce_meta_nonce'] ) ) : '';
		if ( ! wp_verify_nonce( $nonce, 'woocommerce_save_data' ) || ! current_user_can( 'edit_post', $product->get_id() ) ) {
			return;
		}
		$input = array_map( 'sanitize_text_field', wp_unslash( (array) $_POST[ self::FIELD ] ) );
		try {
			$terms = PurchaseTerms::from_input( $input + array( 'member' => '' ), time() );
		} catch ( InvalidArgumentException $e ) {
			/* translators: %s: what is wrong. */
			WC_Admin_Meta_Boxes::add_error( sprintf( __( 'Library settings not saved: %s', 'library-portal' ), $e->getMessage() ) );
			return;
		}
		$this->apply( $product, $terms );
	}

	/**
	 * Stores terms on a product (not saved yet) and keeps the items' link to it.
	 *
	 * @param WC_Product    $product Product.
	 * @param PurchaseTerms $terms   Terms.
	 */
	public function apply( WC_Product $product, PurchaseTerms $terms ): void {
		$before = self::terms_of( $product )->item_id;
		foreach ( $terms->to_meta() as $key => $value ) {
			if ( '' === $value ) {
				$product->delete_meta_data( $key );
			} else {
				$product->update_meta_data( $key, $value );
			}
		}
		$product_id = (int) $product->get_id();
		if ( $before && $before !== $terms->item_id && $product_id && (int) get_post_meta( $before, self::ITEM_PRODUCT_META, true ) === $product_id ) {
			delete_post_meta( $before, self::ITEM_PRODUCT_META );
		}
		if ( $terms->item_id && $product_id ) {
			update_post_meta( $terms->item_id, self::ITEM_PRODUCT_META, $product_id );
		}
	}

	/**
	 * A product's page, name or status may have changed: cached replies with its link go.
	 *
	 * @param int $product_id Product.
	 */
	public function product_saved( $product_id ): void {
		if ( '' !== (string) get_post_meta( (int) $product_id, PurchaseTerms::META_ITEM, true ) ) {
			$this->cache->forget_all();
		}
	}

	/**
	 * The product pages of linked items (Catalogue's product_link), published products only, and
	 * only while the product still links the item. Two queries for any number of items.
	 *
	 * @param array<int, string> $links  Item ID => link found so far.
	 * @param array<int, int>    $linked Item ID => product ID.
	 * @return array<int, string>
	 */
	public function product_links( $links, $linked ): array {
		$links  = (array) $links;
		$linked = array_filter( array_map( 'intval', (array) $linked ) );
		if ( ! $linked ) {
			return $links;
		}
		_prime_post_caches( array_values( array_unique( $linked ) ), false, true );
		foreach ( $linked as $item_id => $product_id ) {
			if ( 'product' === get_post_type( $product_id ) && 'publish' === get_post_status( $product_id )
				&& (int) get_post_meta( $product_id, PurchaseTerms::META_ITEM, true ) === (int) $item_id ) {
				$links[ (int) $item_id ] = (string) get_permalink( $product_id );
			}
		}
		return $links;
	}
}
