<?php
/**
 * Real WooCommerce orders: paid grants, refunds and take-backs, in both order stores.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Integrations\WooCommerce;

use Automattic\WooCommerce\Internal\DataStores\Orders\CustomOrdersTableController;
use Automattic\WooCommerce\Utilities\OrderUtil;
use LibraryPortal\Core\Seats\AuditEntry;
use LibraryPortal\Core\Seats\Grant;
use LibraryPortal\Core\Seats\GrantService;
use LibraryPortal\Integrations\WooCommerce\OrderGrants;
use LibraryPortal\Integrations\WooCommerce\OrderHooks;
use LibraryPortal\Integrations\WooCommerce\PurchaseTerms;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\AdminScreens;
use WC_Order;
use WC_Product;

/**
 * Each rule of docs/rules/purchases.md "WooCommerce" (grants and take-backs) with real orders, once with
 * custom order tables (HPOS) and once with posts.
 */
final class WooCommerceRefundsTest extends WooCommerceTestCase {

	use AdminScreens;

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
	 * Orders go to the store asked for.
	 *
	 * @param bool $hpos Custom order tables.
	 */
	private function use_order_store( bool $hpos ): void {
		add_filter( 'wc_allow_changing_orders_storage_while_sync_is_pending', '__return_true' );
		update_option( CustomOrdersTableController::CUSTOM_ORDERS_TABLE_USAGE_ENABLED_OPTION, $hpos ? 'yes' : 'no' );
		$this->assertSame( $hpos, OrderUtil::custom_orders_table_usage_is_enabled() );
	}

	/**
	 * An order of a product by a customer, pending.
	 *
	 * @param int        $buyer    Customer.
	 * @param WC_Product $product  Product.
	 * @param int        $quantity Units.
	 * @param string     $method   Payment method.
	 */
	private function order( int $buyer, WC_Product $product, int $quantity, string $method = 'cheque' ): WC_Order {
		$order = wc_create_order( array( 'customer_id' => $buyer ) );
		$order->add_product( $product, $quantity );
		$order->set_payment_method( $method );
		$order->calculate_totals();
		$order->save();
		return $order;
	}

	/**
	 * The grant of an order's only line (read fresh).
	 *
	 * @param int $order_id Order.
	 */
	private function grant_of( int $order_id ): ?Grant {
		$grants = $this->services()->grants->find_by_source_prefix( OrderGrants::SOURCE, 'order:' . $order_id . ':item:' );
		$this->assertLessThanOrEqual( 1, count( $grants ), 'one grant per line' );
		return $grants[0] ?? null;
	}

	/**
	 * The order's notes, newest first.
	 *
	 * @param int $order_id Order.
	 * @return string[]
	 */
	private static function notes( int $order_id ): array {
		return array_map( static fn( $note ) => (string) $note->content, wc_get_order_notes( array( 'order_id' => $order_id ) ) );
	}

	/**
	 * A customer with an order of 2 units of an item whose seats are both shared and not started.
	 *
	 * @param string $status Status that pays the order.
	 * @return array{0: WC_Order, 1: int, 2: int, 3: int[]} Order, buyer, item, members.
	 */
	private function paid_order_shared_with_two( string $status = 'completed' ): array {
		$buyer   = $this->make_user( 'customer' );
		$item    = Library::item( 'Shared Workshop' );
		$order   = $this->order( $buyer, $this->product( new PurchaseTerms( $item ), 'Workshop pack' ), 2 );
		$members = array( $this->make_user(), $this->make_user() );
		$order->update_status( $status );
		foreach ( $members as $member ) {
			Library::share( $buyer, $member, $item );
		}
		$this->assertSame( array( 'available' => 0, 'assigned' => 2, 'activated' => 0 ), Library::seat_states( $item ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		return array( $order, $buyer, $item, $members );
	}

	/**
	 * Asserts every seat of the order went, its members were told, and the trail says so.
	 *
	 * @param int    $order_id Order.
	 * @param int    $item     Item.
	 * @param int[]  $members  Team members who held the seats.
	 * @param string $reason   Reason in the trail.
	 */
	private function assert_taken_back( int $order_id, int $item, array $members, string $reason ): void {
		$this->assertSame( array( 'available' => 0, 'assigned' => 0, 'activated' => 0 ), Library::seat_states( $item ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$grant = $this->grant_of( $order_id );
		$this->assertTrue( $grant->ended() );
		foreach ( $members as $member ) {
			$this->assertSame( 1, $this->services()->notifications->unread_count( $member ), 'the member is told' );
		}
		$rows = array_filter( $this->services()->seat_audit->for_grant( $grant->id ), static fn( AuditEntry $row ) => GrantService::TAKE_BACK === $row->action );
		$this->assertCount( 2, $rows );
		foreach ( $rows as $row ) {
			$this->assertStringContainsString( '"reason":"' . $reason . '"', $row->details );
		}
	}

	/**
	 * @dataProvider order_stores
	 *
	 * @param bool $hpos Custom order tables.
	 */
	public function test_cash_on_delivery_in_processing_without_a_paid_date_grants_nothing_until_completed( bool $hpos ): void {
		$this->use_order_store( $hpos );
		$buyer   = $this->make_user( 'customer' );
		$item    = Library::item( 'Paid on delivery' );
		$product = $this->product( new PurchaseTerms( $item ), 'COD pack' );
		// A downloadable virtual product: WooCommerce's payment status is then completed, so
		// processing (cash on delivery's status) sets no paid date.
		$product->set_downloadable( true );
		$product->save();
		$order = $this->order( $buyer, $product, 3, 'cod' );

		$order->update_status( 'processing' );

		$order = wc_get_order( $order->get_id() );
		$this->assertNull( $order->get_date_paid(), 'WooCommerce recorded no payment' );
		$this->assertNull( $this->grant_of( $order->get_id() ) );
		$this->assertContains( 'Library Portal: no licenses yet, because the order is not paid. They are granted when its payment is recorded or it is completed.', self::notes( $order->get_id() ) );

		$order->update_status( 'completed' );
		$order->update_status( 'processing' );
		$order->update_status( 'completed' );

		$this->assertSame( 3, $this->grant_of( $order->get_id() )->quantity );
		$this->assertSame( 3, Library::seat_states( $item )['available'], 'granted once' );
	}

	/**
	 * @dataProvider order_stores
	 *
	 * @param bool $hpos Custom order tables.
	 */
	public function test_a_recorded_payment_grants_once( bool $hpos ): void {
		$this->use_order_store( $hpos );
		$buyer = $this->make_user( 'customer' );
		$item  = Library::item( 'Paid by card' );
		$order = $this->order( $buyer, $this->product( new PurchaseTerms( $item ), 'Card pack' ), 2 );

		$order->payment_complete( 'txn-1' );
		do_action( 'woocommerce_payment_complete', $order->get_id(), 'txn-1' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WooCommerce's hook: a gateway's retry.

		$this->assertSame( 2, $this->grant_of( $order->get_id() )->quantity );
		$this->assertSame( 2, Library::seat_states( $item )['available'] );
	}

	/**
	 * The issue's case: refunded with both seats shared and not started.
	 *
	 * @dataProvider order_stores
	 *
	 * @param bool $hpos Custom order tables.
	 */
	public function test_refunded_takes_back_both_shared_seats_not_started_and_the_owner_cannot_revoke_them_back( bool $hpos ): void {
		$this->use_order_store( $hpos );
		list( $order, $buyer, $item, $members ) = $this->paid_order_shared_with_two();

		$order->update_status( 'refunded' );

		$this->assert_taken_back( $order->get_id(), $item, $members, GrantService::REASON_REFUNDED );
		$this->assertContains( 'Library Portal: 2 licenses of "Workshop pack" taken back (not started).', self::notes( $order->get_id() ) );
		$this->assertNotContains( 'Library Portal: 2 licenses of "Workshop pack" could not be taken back: they are already started.', self::notes( $order->get_id() ) );
		$library = Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $buyer )->get_data()['data'] );
		$this->assertSame( 0, $library[ $item ]['available_licenses'] ?? 0, 'no seat to revoke back or activate' );
	}

	/**
	 * @return array<string, array{0: bool, 1: string, 2: string}>
	 */
	public static function ending_statuses(): array {
		$cases = array();
		foreach ( self::order_stores() as $store => $args ) {
			$cases[ "cancelled, $store" ]            = array( $args[0], 'cancelled', GrantService::REASON_CANCELLED );
			$cases[ "failed after payment, $store" ] = array( $args[0], 'failed', GrantService::REASON_FAILED );
		}
		return $cases;
	}

	/**
	 * @dataProvider ending_statuses
	 *
	 * @param bool   $hpos   Custom order tables.
	 * @param string $status Status.
	 * @param string $reason Reason in the trail.
	 */
	public function test_cancelled_and_failed_after_payment_take_back( bool $hpos, string $status, string $reason ): void {
		$this->use_order_store( $hpos );
		list( $order, , $item, $members ) = $this->paid_order_shared_with_two( 'processing' );
		$this->assertNotNull( wc_get_order( $order->get_id() )->get_date_paid() );

		$order->update_status( $status );

		$this->assert_taken_back( $order->get_id(), $item, $members, $reason );
	}

	/**
	 * Both stores, both statuses of an order that is no longer paid.
	 *
	 * @return array<string, array{0: bool, 1: string, 2: string, 3: string}>
	 */
	public static function suspending_statuses(): array {
		$cases = array();
		foreach ( self::order_stores() as $store => $args ) {
			$cases[ "on-hold, $store" ] = array( $args[0], 'on-hold', GrantService::REASON_ON_HOLD, 'its payment is on hold' );
			$cases[ "pending, $store" ] = array( $args[0], 'pending', GrantService::REASON_PENDING, 'its order is waiting for payment' );
		}
		return $cases;
	}

	/**
	 * A paid order moved to on-hold or pending (a dispute, a chargeback) kept its
	 * seats. Now they are suspended as a refund would take them (the seat nobody started goes, its
	 * holder is told why; the started one stays), the trail says why, and the order paid again
	 * brings them back. The buyer's library (the items route) shows it.
	 *
	 * @dataProvider suspending_statuses
	 *
	 * @param bool   $hpos   Custom order tables.
	 * @param string $status Status.
	 * @param string $reason Reason in the trail.
	 * @param string $why    What the team member is told.
	 */
	public function test_on_hold_or_pending_after_payment_suspends_the_seats_until_paid_again( bool $hpos, string $status, string $reason, string $why ): void {
		$this->use_order_store( $hpos );
		list( $order, $buyer, $item, $members ) = $this->paid_order_shared_with_two( 'processing' );
		$started                                = $this->services()->licenses->seat_held_from( $members[0], $buyer, $item, time() );
		$this->services()->licenses->activate_seat( $started, $members[0], time() );

		$order->update_status( $status );

		$this->assertSame( array( 'available' => 0, 'assigned' => 0, 'activated' => 1 ), Library::seat_states( $item ), 'suspended; the started seat stays' ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$grant = $this->grant_of( $order->get_id() );
		$this->assertTrue( $grant->ended() );
		$trail = $this->services()->seat_audit->for_grant( $grant->id );
		$ended = array_values( array_filter( $trail, static fn( AuditEntry $row ) => GrantService::END === $row->action ) );
		$this->assertCount( 1, $ended );
		$this->assertSame( $reason, $ended[0]->details()['reason'], 'the trail says why' );
		$told = $this->services()->notifications->page_for_user( $members[1], 1, 10, false )->notifications;
		$this->assertStringContainsString( $why, wp_json_encode( $told ), 'the member is told why' );
		$this->assertContains( 'Library Portal: the order is no longer paid, so its licenses nobody started are suspended. They are granted again when the order is paid (processing with its payment, or completed).', self::notes( $order->get_id() ) );
		$library = Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $buyer )->get_data()['data'] );
		$this->assertSame( 0, $library[ $item ]['available_licenses'] ?? 0, 'nothing to share while not paid' );

		$order->update_status( 'processing' );

		$grant = $this->grant_of( $order->get_id() );
		$this->assertSame( array( 2, false ), array( $grant->quantity, $grant->ended() ), 'paid again: the same grant, live' );
		$this->assertSame( array( 'available' => 1, 'assigned' => 0, 'activated' => 1 ), Library::seat_states( $item ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$restored = array_filter( $this->services()->seat_audit->for_grant( $grant->id ), static fn( AuditEntry $row ) => GrantService::RESTORE === $row->action );
		$this->assertCount( 1, $restored );
		$library = Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $buyer )->get_data()['data'] );
		$this->assertSame( 1, $library[ $item ]['available_licenses'] ?? 0, 'the seat is back to share' );
	}

	/**
	 * @dataProvider order_stores
	 *
	 * @param bool $hpos Custom order tables.
	 */
	public function test_trashed_takes_back_and_restored_from_the_trash_grants_again( bool $hpos ): void {
		$this->use_order_store( $hpos );
		list( $order, , $item, $members ) = $this->paid_order_shared_with_two();

		$order_id = $order->get_id();

		$order->delete( false ); // The trash (the object forgets its ID).

		$this->assertSame( 'trash', wc_get_order( $order_id )->get_status() );
		$this->assert_taken_back( $order_id, $item, $members, GrantService::REASON_DELETED );

		$this->assertTrue( wc_get_order( $order_id )->untrash() );

		$this->assertSame( 'completed', wc_get_order( $order_id )->get_status() );
		$this->assertSame( array( 2, false ), array( $this->grant_of( $order_id )->quantity, $this->grant_of( $order_id )->ended() ) );
		$this->assertSame( 2, Library::seat_states( $item )['available'] );
	}

	/**
	 * @dataProvider order_stores
	 *
	 * @param bool $hpos Custom order tables.
	 */
	public function test_deleted_takes_back( bool $hpos ): void {
		$this->use_order_store( $hpos );
		list( $order, , $item, $members ) = $this->paid_order_shared_with_two();
		$order_id                         = $order->get_id();

		$order->delete( true );

		$this->assertFalse( wc_get_order( $order_id ) );
		$this->assert_taken_back( $order_id, $item, $members, GrantService::REASON_DELETED );
	}

	/**
	 * @dataProvider order_stores
	 *
	 * @param bool $hpos Custom order tables.
	 */
	public function test_paid_again_after_a_refund_grants_again_once_per_line( bool $hpos ): void {
		$this->use_order_store( $hpos );
		$buyer  = $this->make_user( 'customer' );
		$member = $this->make_user();
		$item   = Library::item( 'Back and forth' );
		$other  = Library::item( 'Second line' );
		$order  = $this->order( $buyer, $this->product( new PurchaseTerms( $item ), 'First pack' ), 3 );
		$order->add_product( $this->product( new PurchaseTerms( $other, 2 ), 'Second pack' ), 1 );
		$order->calculate_totals();
		$order->save();
		$order->update_status( 'completed' );
		$started = Library::share( $buyer, $member, $item );
		$this->services()->licenses->activate_seat( $started, $member, time() );

		$order->update_status( 'refunded' );
		$this->assertSame( array( 'available' => 0, 'assigned' => 0, 'activated' => 1 ), Library::seat_states( $item ), 'the started seat stays' ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->assertSame( 0, array_sum( Library::seat_states( $other ) ) );

		$order->update_status( 'processing' );
		$order->update_status( 'completed' );
		$order->update_status( 'processing' );

		$grants = $this->services()->grants->find_by_source_prefix( OrderGrants::SOURCE, 'order:' . $order->get_id() . ':item:' );
		$this->assertCount( 2, $grants, 'one grant per line' );
		$this->assertSame( array( array( 3, false ), array( 2, false ) ), array_map( static fn( Grant $grant ) => array( $grant->quantity, $grant->ended() ), $grants ) );
		$this->assertSame( array( 'available' => 2, 'assigned' => 0, 'activated' => 1 ), Library::seat_states( $item ), 'the started seat counts as one of the three' ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->assertSame( 2, Library::seat_states( $other )['available'] );
		$this->assertSame( 1, count( array_filter( self::notes( $order->get_id() ), static fn( $note ) => str_contains( $note, 'licenses of "First pack" granted again' ) ) ) );
		$restores = array_filter( $this->services()->seat_audit->for_grant( $grants[0]->id ), static fn( AuditEntry $row ) => GrantService::RESTORE === $row->action );
		$this->assertCount( 1, $restores );
	}

	/**
	 * @dataProvider order_stores
	 *
	 * @param bool $hpos Custom order tables.
	 */
	public function test_a_refund_of_one_unit_takes_back_that_many_seats_not_started( bool $hpos ): void {
		$this->use_order_store( $hpos );
		list( $order, , $item, $members ) = $this->paid_order_shared_with_two();
		$line_id                          = (int) array_key_first( $order->get_items() );

		wc_create_refund(
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

		$this->assertSame( 'completed', wc_get_order( $order->get_id() )->get_status() );
		$this->assertSame( array( 'available' => 0, 'assigned' => 1, 'activated' => 0 ), Library::seat_states( $item ), 'one shared seat went' ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		$this->assertSame( 1, $this->services()->notifications->unread_count( $members[0] ) + $this->services()->notifications->unread_count( $members[1] ) );
		$this->assertContains( 'Library Portal: 1 license of "Workshop pack" taken back (not started).', self::notes( $order->get_id() ) );
		$this->assertFalse( $this->grant_of( $order->get_id() )->ended() );

		// Set to completed again: the refunded unit stays refunded.
		$order = wc_get_order( $order->get_id() );
		$order->update_status( 'processing' );
		$order->update_status( 'completed' );
		$this->assertSame( 1, $this->grant_of( $order->get_id() )->quantity );
	}

	/**
	 * @dataProvider order_stores
	 *
	 * @param bool $hpos Custom order tables.
	 */
	public function test_a_refund_of_an_amount_alone_takes_nothing_writes_the_trail_and_tells_the_admin_on_the_order_screen( bool $hpos ): void {
		$this->use_order_store( $hpos );
		list( $order, $buyer, $item ) = $this->paid_order_shared_with_two();
		$admin                        = $this->make_user( 'administrator' );
		wp_set_current_user( $admin );

		$refund = wc_create_refund(
			array(
				'order_id' => $order->get_id(),
				'amount'   => 5,
				'reason'   => 'Goodwill',
			)
		);

		$this->assertInstanceOf( \WC_Order_Refund::class, $refund );
		$this->assertSame( 2, Library::seat_states( $item )['assigned'], 'nothing taken back' );
		$grant = $this->grant_of( $order->get_id() );
		$this->assertFalse( $grant->ended() );
		$rows = array_values( array_filter( $this->services()->seat_audit->for_grant( $grant->id ), static fn( AuditEntry $row ) => GrantService::AMOUNT_REFUND === $row->action ) );
		$this->assertCount( 1, $rows );
		$this->assertSame( $admin, $rows[0]->actor_id );
		$this->assertStringContainsString( '"refund":' . $refund->get_id(), $rows[0]->details );
		$this->assertContains( 'Library Portal: a refund of $5.00 named no quantities, so no licenses were taken back. Take licenses back by hand under Training Library → Grants if the refund stands for some.', self::notes( $order->get_id() ) );

		// The order's screen.
		set_current_screen( $hpos ? 'woocommerce_page_wc-orders' : 'shop_order' );
		$_GET[ $hpos ? 'id' : 'post' ] = (string) $order->get_id();
		ob_start();
		do_action( 'admin_notices' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own hook, as on the order screen.
		$notices = (string) ob_get_clean();
		$this->assertStringContainsString( 'Library Portal: a refund of this order named an amount but no quantities, so no licenses were taken back.', $notices );
		$this->assertStringContainsString( 'page=library-portal-grants&#038;s=' . rawurlencode( get_userdata( $buyer )->user_email ), $notices );

		// Another order's screen says nothing.
		$_GET[ $hpos ? 'id' : 'post' ] = (string) $this->order( $buyer, $this->product( new PurchaseTerms( $item ) ), 1 )->get_id();
		ob_start();
		do_action( 'admin_notices' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own hook, as on the order screen.
		$this->assertStringNotContainsString( 'Library Portal', (string) ob_get_clean() );
		$this->assertSame( array( $refund->get_id() ), wc_get_order( $order->get_id() )->get_meta( OrderHooks::AMOUNT_REFUNDS_META ) );
	}

	/**
	 * The customer changed after the grant: the licenses stay with who paid (docs/rules/README.md).
	 *
	 * @dataProvider order_stores
	 *
	 * @param bool $hpos Custom order tables.
	 */
	public function test_a_customer_changed_after_the_grant_moves_nothing_and_refunds_and_repayments_act_on_the_first_customer( bool $hpos ): void {
		$this->use_order_store( $hpos );
		$first  = $this->make_user( 'customer' );
		$second = $this->make_user( 'customer' );
		$item   = Library::item( 'Changed hands' );
		$order  = $this->order( $first, $this->product( new PurchaseTerms( $item ), 'Hand pack' ), 2 );
		$order->update_status( 'completed' );

		$order = wc_get_order( $order->get_id() );
		$order->set_customer_id( $second );
		$order->save();
		$order->update_status( 'refunded' );
		$order->update_status( 'completed' );

		$grant = $this->grant_of( $order->get_id() );
		$this->assertSame( array( $first, 2, false ), array( $grant->owner_id, $grant->quantity, $grant->ended() ) );
		$this->assertSame( array(), $this->services()->licenses->seats_for_user( $second ), 'the new customer gets nothing' );
		$this->assertCount( 2, $this->services()->licenses->seats_for_user( $first ) );
		$this->assertContains(
			'Library Portal: the licenses of "Hand pack" stay with ' . get_userdata( $first )->user_email . ', the customer when the order was paid; changing the customer moves no licenses. Move them by hand under Training Library → Grants if needed.',
			self::notes( $order->get_id() )
		);
	}
}
