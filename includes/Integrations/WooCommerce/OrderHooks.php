<?php
/**
 * WooCommerce order events → OrderGrants.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Integrations\WooCommerce;

use LibraryPortal\Core\Seats\GrantService;
use LibraryPortal\Core\Site\AdminScreens;
use WC_Order;
use WC_Order_Item_Product;
use WC_Product;

/**
 * The thin adapter: reads the order through WC_Order (posts or custom order tables alike), hands
 * plain values to OrderGrants and writes its notes on the order.
 */
final class OrderHooks {

	/**
	 * Order rules.
	 *
	 * @var OrderGrants
	 */
	private OrderGrants $orders;

	/**
	 * Wires the adapter.
	 *
	 * @param OrderGrants $orders Order rules.
	 */
	public function __construct( OrderGrants $orders ) {
		$this->orders = $orders;
	}

	/**
	 * Order meta: the refunds of an amount with no quantities (the order screen shows a notice).
	 */
	public const AMOUNT_REFUNDS_META = '_library_portal_amount_refunds';

	/**
	 * Hooks: payment, the statuses that matter (these also fire for an order created in that
	 * status), refunds, and an order trashed, deleted or restored from the trash.
	 */
	public function register(): void {
		add_action( 'woocommerce_payment_complete', array( $this, 'payment_complete' ), 10, 1 );
		foreach ( array_merge( array( 'processing', 'completed' ), array_keys( OrderGrants::TAKING_BACK ), array_keys( OrderGrants::SUSPENDING ) ) as $status ) {
			add_action( 'woocommerce_order_status_' . $status, array( $this, 'status_reached' ), 10, 2 );
		}
		// A full refund ends in the status refunded; a partial one takes back its units' seats.
		add_action( 'woocommerce_order_partially_refunded', array( $this, 'partially_refunded' ), 10, 2 );
		// Both order stores fire these; the posts store's own screens trash and delete posts directly.
		add_action( 'woocommerce_before_trash_order', array( $this, 'order_removed' ), 10, 1 );
		add_action( 'woocommerce_before_delete_order', array( $this, 'order_removed' ), 10, 1 );
		add_action( 'wp_trash_post', array( $this, 'order_post_removed' ), 10, 1 );
		add_action( 'before_delete_post', array( $this, 'order_post_removed' ), 10, 1 );
		add_action( 'woocommerce_untrash_order', array( $this, 'order_restored' ), 10, 1 );
		add_action( 'untrashed_post', array( $this, 'order_post_restored' ), 10, 1 );
		add_action( 'admin_notices', array( $this, 'amount_refund_notice' ) );
	}

	/**
	 * A refund: the refunded units of each line give their seats back (those nobody started); a
	 * refund of an amount alone takes nothing back, goes into the trail and asks the admin to decide.
	 *
	 * @param int|string $order_id  Order ID.
	 * @param int|string $refund_id Refund ID.
	 */
	public function partially_refunded( $order_id, $refund_id ): void {
		$order  = wc_get_order( (int) $order_id );
		$refund = wc_get_order( (int) $refund_id );
		if ( ! $order instanceof WC_Order || ! $refund instanceof \WC_Order_Refund ) {
			return;
		}
		$units = array();
		foreach ( $refund->get_items( 'line_item' ) as $item ) {
			$line_id           = (int) $item->get_meta( '_refunded_item_id' );
			$units[ $line_id ] = ( $units[ $line_id ] ?? 0 ) + abs( (int) $item->get_quantity() );
		}
		$units = array_filter( $units );
		if ( ! $units ) {
			$amount = html_entity_decode( wp_strip_all_tags( wc_price( (float) $refund->get_amount(), array( 'currency' => $order->get_currency() ) ) ), ENT_QUOTES, 'UTF-8' );
			$notes  = $this->orders->amount_refunded( (int) $order->get_id(), (int) $refund->get_id(), $amount, get_current_user_id(), time() );
			if ( $notes ) {
				$refunds   = array_map( 'intval', (array) $order->get_meta( self::AMOUNT_REFUNDS_META ) );
				$refunds[] = (int) $refund->get_id();
				$order->update_meta_data( self::AMOUNT_REFUNDS_META, array_values( array_unique( array_filter( $refunds ) ) ) );
				$order->save_meta_data();
			}
			self::add_notes( $order, $notes );
			return;
		}
		$lines = array();
		foreach ( self::lines( $order, false ) as $line ) {
			if ( ! empty( $units[ $line->id ] ) ) {
				$lines[] = new OrderLine( $line->id, $line->name, $units[ $line->id ], $line->terms );
			}
		}
		self::add_notes( $order, $this->orders->take_back_units( (int) $order->get_id(), $lines, get_current_user_id(), time() ) );
	}

	/**
	 * WooCommerce recorded the payment (whatever status follows).
	 *
	 * @param int|string $order_id Order ID.
	 */
	public function payment_complete( $order_id ): void {
		$order = wc_get_order( (int) $order_id );
		if ( ! $order instanceof WC_Order ) {
			return;
		}
		$paid = $order->get_date_paid();
		$now  = time();
		self::add_notes( $order, $this->orders->grant( (int) $order->get_id(), (int) $order->get_customer_id(), self::lines( $order ), $paid ? $paid->getTimestamp() : $now, get_current_user_id(), $now ) );
	}

	/**
	 * An order reached a status.
	 *
	 * @param int|string    $order_id Order ID.
	 * @param WC_Order|null $order    Order.
	 */
	public function status_reached( $order_id, $order = null ): void {
		$order = $order instanceof WC_Order ? $order : wc_get_order( (int) $order_id );
		if ( ! $order instanceof WC_Order ) {
			return;
		}
		$paid  = $order->get_date_paid();
		$notes = $this->orders->status_changed(
			(int) $order->get_id(),
			(int) $order->get_customer_id(),
			(string) $order->get_status(),
			self::lines( $order ),
			$paid ? $paid->getTimestamp() : 0,
			get_current_user_id(),
			time()
		);
		self::add_notes( $order, $notes );
	}

	/**
	 * An order goes to the trash or is deleted: its grants end as with a refund.
	 *
	 * @param int|string $order_id Order ID.
	 */
	public function order_removed( $order_id ): void {
		$order = wc_get_order( (int) $order_id );
		$lines = $order instanceof WC_Order ? self::lines( $order, false ) : array();
		$notes = $this->orders->take_back( (int) $order_id, $lines, GrantService::REASON_DELETED, get_current_user_id(), time() );
		if ( $order instanceof WC_Order ) {
			self::add_notes( $order, $notes ); // Seen again if the order comes back from the trash.
		}
	}

	/**
	 * A post of the posts order store trashed or deleted directly (the legacy order screens).
	 *
	 * @param int|string $post_id Post ID.
	 */
	public function order_post_removed( $post_id ): void {
		if ( 'shop_order' === get_post_type( (int) $post_id ) ) {
			$this->order_removed( $post_id );
		}
	}

	/**
	 * An order back from the trash: paid, it grants again like any return to a paid status.
	 *
	 * @param int|string $order_id Order ID.
	 */
	public function order_restored( $order_id ): void {
		$order = wc_get_order( (int) $order_id );
		if ( $order instanceof WC_Order && in_array( $order->get_status(), array( 'processing', 'completed' ), true ) ) {
			$this->status_reached( $order->get_id(), $order );
		}
	}

	/**
	 * A post of the posts order store back from the trash.
	 *
	 * @param int|string $post_id Post ID.
	 */
	public function order_post_restored( $post_id ): void {
		if ( 'shop_order' === get_post_type( (int) $post_id ) ) {
			$this->order_restored( $post_id );
		}
	}

	/**
	 * On an order's screen: its refunds of an amount alone took no licenses back, so say where
	 * the admin takes them back by hand.
	 */
	public function amount_refund_notice(): void {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		if ( ! $screen || ! in_array( $screen->id, array( 'shop_order', 'woocommerce_page_wc-orders' ), true ) || ! current_user_can( 'edit_shop_orders' ) ) {
			return;
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- reading which order is on screen, nothing changes.
		$order = wc_get_order( absint( wp_unslash( $_GET['id'] ?? $_GET['post'] ?? 0 ) ) );
		if ( ! $order instanceof WC_Order || ! $order->get_meta( self::AMOUNT_REFUNDS_META ) ) {
			return;
		}
		$customer = get_userdata( (int) $order->get_customer_id() );
		$grants   = AdminScreens::url( AdminScreens::GRANTS );
		if ( $customer ) {
			$grants = add_query_arg( 's', rawurlencode( (string) $customer->user_email ), $grants );
		}
		printf(
			'<div class="notice notice-warning"><p>%s <a href="%s">%s</a></p></div>',
			esc_html__( 'Library Portal: a refund of this order named an amount but no quantities, so no licenses were taken back.', 'library-portal' ),
			esc_url( $grants ),
			esc_html__( 'Take licenses back by hand under Training Library → Grants', 'library-portal' )
		);
	}

	/**
	 * Adds notes to an order.
	 *
	 * @param WC_Order $order Order.
	 * @param string[] $notes Notes.
	 */
	private static function add_notes( WC_Order $order, array $notes ): void {
		foreach ( $notes as $note ) {
			$order->add_order_note( $note );
		}
	}

	/**
	 * The order's product lines with their products' terms.
	 *
	 * @param WC_Order $order      Order.
	 * @param bool     $net_of_refunds Quantities less the units refunded (what is still paid for).
	 * @return OrderLine[]
	 */
	public static function lines( WC_Order $order, bool $net_of_refunds = true ): array {
		$lines = array();
		foreach ( $order->get_items( 'line_item' ) as $item_id => $item ) {
			if ( ! $item instanceof WC_Order_Item_Product ) {
				continue;
			}
			$product = $item->get_product();
			if ( ! $product instanceof WC_Product ) {
				continue;
			}
			$terms = ProductPanel::terms_of( $product );
			if ( ! $terms->gives_licenses() && $product->get_parent_id() ) {
				$parent = wc_get_product( $product->get_parent_id() ); // A variation sells what its product links.
				$terms  = $parent instanceof WC_Product ? ProductPanel::terms_of( $parent ) : $terms;
			}
			$units   = (int) $item->get_quantity() - ( $net_of_refunds ? abs( (int) $order->get_qty_refunded_for_item( (int) $item_id ) ) : 0 );
			$lines[] = new OrderLine( (int) $item_id, (string) $item->get_name(), max( 0, $units ), $terms );
		}
		return $lines;
	}
}
