<?php
/**
 * Orders of a real WooCommerce give and take back licenses.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Integrations\WooCommerce;

use Automattic\WooCommerce\Internal\DataStores\Orders\CustomOrdersTableController;
use Automattic\WooCommerce\Utilities\OrderUtil;
use LibraryPortal\Integrations\WooCommerce\OrderGrants;
use LibraryPortal\Integrations\WooCommerce\PurchaseTerms;
use LibraryPortal\Tests\Fixtures\Library;
use WC_Order;
use WC_Product;

/**
 * A product linked to an item, an order of 3 units: completed gives a grant of 3 seats, once,
 * however the status moves; a refund takes back what nobody holds; the same in both order stores
 * (custom order tables and posts).
 */
final class WooCommerceOrdersTest extends WooCommerceTestCase {

	/**
	 * Both order stores.
	 *
	 * @return array<string, array{0: bool}>
	 */
	public static function order_stores(): array {
		return array(
			'custom order tables (HPOS)' => array( true ),
			'posts'                      => array( false ),
		);
	}

	/**
	 * Orders go to the store asked for (as WooCommerce's own tests switch it).
	 *
	 * @param bool $hpos Custom order tables.
	 */
	private function use_order_store( bool $hpos ): void {
		add_filter( 'wc_allow_changing_orders_storage_while_sync_is_pending', '__return_true' );
		update_option( CustomOrdersTableController::CUSTOM_ORDERS_TABLE_USAGE_ENABLED_OPTION, $hpos ? 'yes' : 'no' );
		$this->assertSame( $hpos, OrderUtil::custom_orders_table_usage_is_enabled() );
	}

	/**
	 * An order of a product by a customer.
	 *
	 * @param int        $buyer    Customer.
	 * @param WC_Product $product  Product.
	 * @param int        $quantity Units.
	 */
	private function order( int $buyer, WC_Product $product, int $quantity ): WC_Order {
		$order = wc_create_order( array( 'customer_id' => $buyer ) );
		$order->add_product( $product, $quantity );
		$order->set_payment_method( 'cheque' );
		$order->calculate_totals();
		$order->save();
		return $order;
	}

	/**
	 * The grant of an order's only line.
	 *
	 * @param WC_Order $order Order.
	 */
	private function grant_of( WC_Order $order ) {
		$line_id = (int) array_key_first( $order->get_items() );
		return $this->services()->grants->find_by_source( OrderGrants::SOURCE, OrderGrants::source_ref( $order->get_id(), $line_id ) );
	}

	/**
	 * The order's notes, newest first.
	 *
	 * @param WC_Order $order Order.
	 * @return string[]
	 */
	private static function notes( WC_Order $order ): array {
		return array_map( static fn( $note ) => (string) $note->content, wc_get_order_notes( array( 'order_id' => $order->get_id() ) ) );
	}

	/**
	 * Completed → a grant of 3 seats; completed → processing → completed grants once.
	 *
	 * @dataProvider order_stores
	 *
	 * @param bool $hpos Custom order tables.
	 */
	public function test_a_completed_order_of_three_units_grants_three_seats_once( bool $hpos ): void {
		$this->use_order_store( $hpos );
		$buyer   = $this->make_user( 'customer' );
		$item    = Library::item( 'Trauma-Informed Care' );
		$product = $this->product( new PurchaseTerms( $item ) );
		$order   = $this->order( $buyer, $product, 3 );
		$this->assertSame( $hpos ? 'wc_orders' : 'posts', self::store_of( $order->get_id() ) );
		$this->assertNull( $this->grant_of( $order ), 'a pending order gives nothing' );

		$order->update_status( 'completed' );
		$order->update_status( 'processing' );
		$order->update_status( 'completed' );

		$grant = $this->grant_of( $order );
		$this->assertNotNull( $grant );
		$this->assertSame( array( $buyer, $item, 3, 'woocommerce' ), array( $grant->owner_id, $grant->product_id, $grant->quantity, $grant->source ) );
		$this->assertSame( 3, Library::seat_states( $item )['available'], 'one grant, three seats' );
		$granted = array_filter( self::notes( wc_get_order( $order->get_id() ) ), static fn( $note ) => str_contains( $note, 'granted to the customer' ) );
		$this->assertSame( array( 'Library Portal: 3 licenses of "Team licenses" granted to the customer.' ), array_values( $granted ) );
		$library = Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $buyer )->get_data()['data'] );
		$this->assertSame( array( 3, 3 ), array( $library[ $item ]['total_licenses'], $library[ $item ]['available_licenses'] ) );
	}

	/**
	 * A refund takes back the seats nobody started, shared ones too, and notes the started one.
	 *
	 * @dataProvider order_stores
	 *
	 * @param bool $hpos Custom order tables.
	 */
	public function test_a_refund_takes_the_seats_not_started_back_and_notes_the_started_one( bool $hpos ): void {
		$this->use_order_store( $hpos );
		$buyer   = $this->make_user( 'customer' );
		$member  = $this->make_user();
		$item    = Library::item( 'Motivational Interviewing' );
		$product = $this->product( new PurchaseTerms( $item ), 'MI team pack' );
		$order   = $this->order( $buyer, $product, 3 );
		$order->update_status( 'processing' );
		Library::share( $buyer, $member, $item );
		Library::activate_own( $buyer, $item );

		$order->update_status( 'refunded' );

		$this->assertSame(
			array(
				'available' => 0,
				'assigned'  => 0,
				'activated' => 1,
			),
			Library::seat_states( $item )
		);
		$notes = self::notes( wc_get_order( $order->get_id() ) );
		$this->assertContains( 'Library Portal: 2 licenses of "MI team pack" taken back (not started).', $notes );
		$this->assertContains( 'Library Portal: 1 license of "MI team pack" could not be taken back: it is already started.', $notes );
	}

	/**
	 * A partial refund of 1 unit of 3 takes back one seat; the order stays completed.
	 */
	public function test_a_partial_refund_of_one_unit_takes_back_one_seat(): void {
		$buyer   = $this->make_user( 'customer' );
		$item    = Library::item( 'Partly refunded' );
		$product = $this->product( new PurchaseTerms( $item ), 'Partial pack' );
		$order   = $this->order( $buyer, $product, 3 );
		$order->update_status( 'completed' );
		$line_id = (int) array_key_first( $order->get_items() );

		$refund = wc_create_refund(
			array(
				'order_id'   => $order->get_id(),
				'amount'     => 10,
				'line_items' => array(
					$line_id => array(
						'qty'          => 1,
						'refund_total' => 10,
					),
				),
			)
		);

		$this->assertInstanceOf( \WC_Order_Refund::class, $refund );
		$this->assertSame( 'completed', wc_get_order( $order->get_id() )->get_status() );
		$this->assertSame( 2, Library::seat_states( $item )['available'] );
		$this->assertContains( 'Library Portal: 1 license of "Partial pack" taken back (not started).', self::notes( wc_get_order( $order->get_id() ) ) );
	}

	/**
	 * A membership product with 2 licenses per unit and a lifetime in days.
	 */
	public function test_a_membership_product_gives_member_seats_with_its_expiry(): void {
		$buyer   = $this->make_user( 'customer' );
		$item    = Library::item( 'Membership', 'membership' );
		$product = $this->product( new PurchaseTerms( $item, 2, PurchaseTerms::DAYS, 30, '', true ), 'Membership' );
		$order   = $this->order( $buyer, $product, 1 );
		$order->update_status( 'completed' );

		$grant = $this->grant_of( $order );
		$this->assertSame( array( 2, 'member' ), array( $grant->quantity, $grant->tag ) );
		$paid = wc_get_order( $order->get_id() )->get_date_paid()->getTimestamp();
		$this->assertSame( $paid + 30 * DAY_IN_SECONDS, $grant->expires_at );
	}

	/**
	 * Where an order's row lives.
	 *
	 * @param int $order_id Order.
	 */
	private static function store_of( int $order_id ): string {
		global $wpdb;
		$in_hpos = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE id = %d AND type = %s', $wpdb->prefix . 'wc_orders', $order_id, 'shop_order' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQLPlaceholders -- the test reads the stores themselves.
		$in_post = 'shop_order' === get_post_type( $order_id );
		return $in_hpos && ! $in_post ? 'wc_orders' : ( $in_post && ! $in_hpos ? 'posts' : 'both or neither' );
	}
}
