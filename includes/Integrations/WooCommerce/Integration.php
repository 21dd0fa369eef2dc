<?php
/**
 * WooCommerce: products that sell library licenses, and the account area.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Integrations\WooCommerce;

use Automattic\WooCommerce\Utilities\FeaturesUtil;
use LibraryPortal\Core\Rows\LibraryCache;

/**
 * Registers the WooCommerce parts only when WooCommerce is loaded in this request (it boots on
 * plugins_loaded before us; woocommerce_loaded covers a later load). Nothing is stored that needs
 * WooCommerce to read: deactivate it and the portal goes on with its own product links and paths.
 */
final class Integration {

	/**
	 * Order rules.
	 *
	 * @var OrderGrants
	 */
	private OrderGrants $orders;

	/**
	 * Cache of library replies (product links live in them).
	 *
	 * @var LibraryCache
	 */
	private LibraryCache $cache;

	/**
	 * Whether the parts are registered.
	 *
	 * @var bool
	 */
	private bool $booted = false;

	/**
	 * Wires the integration.
	 *
	 * @param OrderGrants  $orders Order rules.
	 * @param LibraryCache $cache  Cache of library replies.
	 */
	public function __construct( OrderGrants $orders, LibraryCache $cache ) {
		$this->orders = $orders;
		$this->cache  = $cache;
	}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_action( 'before_woocommerce_init', array( self::class, 'declare_compatibility' ) );
		if ( did_action( 'woocommerce_loaded' ) ) {
			$this->boot();
		} else {
			add_action( 'woocommerce_loaded', array( $this, 'boot' ) );
		}
	}

	/**
	 * Registers the parts (once).
	 */
	public function boot(): void {
		if ( $this->booted || ! function_exists( 'WC' ) ) {
			return;
		}
		$this->booted = true;
		( new ProductPanel( $this->cache ) )->register();
		( new OrderHooks( $this->orders ) )->register();
		( new AccountEndpoint() )->register();
	}

	/**
	 * Orders in WooCommerce's custom order tables (HPOS) work: everything goes through WC_Order.
	 */
	public static function declare_compatibility(): void {
		if ( class_exists( FeaturesUtil::class ) ) {
			FeaturesUtil::declare_compatibility( 'custom_order_tables', LIBRARY_PORTAL_FILE, true );
		}
	}
}
