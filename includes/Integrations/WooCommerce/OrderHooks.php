<?php
/**
 * WooCommerce order events → OrderGrants.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Integrations\WooCommerce;

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
	 * Hooks: one per status that matters (these also fire for an order created in that status).
	 */
	public function register(): void {
		foreach ( array_merge( OrderGrants::GRANTING, OrderGrants::TAKING_BACK ) as $status ) {
			add_action( 'woocommerce_order_status_' . $status, array( $this, 'status_reached' ), 10, 2 );
		}       // A full refund ends in the status refunded; a partial one takes back its units' seats.
		add_action( 'woocommerce_order_partially_refunded', array( $this, 'partially_refunded' ), 10, 2 );
	}

	/**
	 * A partial refund: the refunded units of each line give their seats back (those nobody holds).
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
		$lines = array();
		foreach ( self::lines( $order ) as $line ) {
			if ( ! empty( $units[ $line->id ] ) ) {
				$lines[] = new OrderLine( $line->id, $line->name, $units[ $line->id ], $line->terms );
			}
		}
		foreach ( $this->orders->take_back_units( (int) $order->get_id(), $lines, get_current_user_id(), time() ) as $note ) {
			$order->add_order_note( $note );
		}
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
		$paid  = $order->get_date_paid() ?? $order->get_date_created();
		$now   = time();
		$notes = $this->orders->status_changed(
			(int) $order->get_id(),
			(int) $order->get_customer_id(),
			(string) $order->get_status(),
			self::lines( $order ),
			$paid ? $paid->getTimestamp() : $now,
			get_current_user_id(),
			$now
		);
		foreach ( $notes as $note ) {
			$order->add_order_note( $note );
		}
	}

	/**
	 * The order's product lines with their products' terms.
	 *
	 * @param WC_Order $order Order.
	 * @return OrderLine[]
	 */
	public static function lines( WC_Order $order ): array {
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
			$lines[] = new OrderLine( (int) $item_id, (string) $item->get_name(), (int) $item->get_quantity(), $terms );
		}
		return $lines;
	}
}
