<?php
/**
 * Racing status changes of one order, over real HTTP.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Integrations\WooCommerce;

use LibraryPortal\Core\Seats\GrantService;
use LibraryPortal\Integrations\WooCommerce\OrderGrants;
use LibraryPortal\Integrations\WooCommerce\PurchaseTerms;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\ParallelSite;

/**
 * Six requests set the same pending order to completed at the same moment through WooCommerce's
 * REST API (Support\ParallelSite: the test site served by PHP workers, the admin's cookie and
 * nonce): the buyer gets one grant of 3 seats and the order one "granted" note.
 *
 * @group database
 */
final class ParallelOrderStatusTest extends WooCommerceTestCase {

	use ParallelSite {
		tear_down as parallel_tear_down;
	}

	private const PARALLEL = 6;

	/**
	 * The committed order, deleted after the test.
	 *
	 * @var int
	 */
	private int $order_id = 0;

	/**
	 * Deletes the order, then what the trait committed (the buyer's grants go with the buyer).
	 */
	protected function tear_down() {
		$order = $this->order_id ? wc_get_order( $this->order_id ) : null;
		if ( $order ) {
			$order->delete( true );
		}
		$this->parallel_tear_down();
	}

	public function test_racing_completions_grant_once(): void {
		global $wpdb;
		$admin                      = $this->make_user( 'administrator' );
		$this->committed['users'][] = $admin;
		$buyer                      = $this->user();
		$item                       = Library::item( 'Raced order' );
		$this->committed['posts'][] = $item;
		$product                    = $this->product( new PurchaseTerms( $item ), 'Raced pack' );
		$this->committed['posts'][] = $product->get_id();
		$order                      = wc_create_order( array( 'customer_id' => $buyer ) );
		$order->add_product( $product, 3 );
		$order->calculate_totals();
		$order->save();
		$this->order_id = $order->get_id();

		$replies = $this->fire( '/wc/v3/orders/' . $this->order_id, $this->browser( $admin ), array_fill( 0, self::PARALLEL, array( 'status' => 'completed' ) ) );

		foreach ( $replies as list( $status, $reply ) ) {
			$this->assertSame( 200, $status, (string) wp_json_encode( $reply ) );
		}
		$line_id = (int) array_key_first( wc_get_order( $this->order_id )->get_items() );
		$grants  = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE source = %s AND source_ref = %s', $wpdb->prefix . 'lp_grants', OrderGrants::SOURCE, OrderGrants::source_ref( $this->order_id, $line_id ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQLPlaceholders -- the test counts the rows itself.
		$this->assertSame( 1, $grants, 'one grant' );
		$this->assertSame( 3, array_sum( Library::seat_states( $item ) ), 'three seats' );
		$notes = array_filter(
			wc_get_order_notes( array( 'order_id' => $this->order_id ) ),
			static fn( $note ) => str_contains( (string) $note->content, 'granted to the customer' )
		);
		$this->assertCount( 1, $notes, 'one note' );
	}

	public function test_racing_returns_to_paid_after_a_refund_restore_the_grant_once(): void {
		list( $admin, , $item, $order ) = $this->paid_order_of_three( 'Raced refund' );
		$order->update_status( 'refunded' );
		$this->assertSame( 0, array_sum( Library::seat_states( $item ) ) );

		$replies = $this->fire( '/wc/v3/orders/' . $this->order_id, $this->browser( $admin ), array_fill( 0, self::PARALLEL, array( 'status' => 'completed' ) ) );

		foreach ( $replies as list( $status, $reply ) ) {
			$this->assertSame( 200, $status, (string) wp_json_encode( $reply ) );
		}
		$grants = $this->services()->grants->find_by_source_prefix( OrderGrants::SOURCE, 'order:' . $this->order_id . ':item:' );
		$this->assertCount( 1, $grants, 'one grant' );
		$this->assertSame( array( 3, false ), array( $grants[0]->quantity, $grants[0]->ended() ) );
		$this->assertSame( 3, Library::seat_states( $item )['available'], 'three seats back, not more' );
		$notes = array_filter(
			wc_get_order_notes( array( 'order_id' => $this->order_id ) ),
			static fn( $note ) => str_contains( (string) $note->content, 'granted again' )
		);
		$this->assertCount( 1, $notes, 'one note' );
	}

	/**
	 * An admin (kept for the parallel requests) and a buyer's order of three seats of a new item,
	 * paid: the order is this test's ($this->order_id), everything made is committed and removed
	 * at the end.
	 *
	 * @param string $title The item's title; its product is "{title} pack".
	 * @return array{0: int, 1: int, 2: int, 3: \WC_Order} The admin, the buyer, the item and the order.
	 */
	private function paid_order_of_three( string $title ): array {
		$admin                      = $this->make_user( 'administrator' );
		$this->committed['users'][] = $admin;
		$buyer                      = $this->user();
		$item                       = Library::item( $title );
		$this->committed['posts'][] = $item;
		$product                    = $this->product( new PurchaseTerms( $item ), $title . ' pack' );
		$this->committed['posts'][] = $product->get_id();
		$order                      = wc_create_order( array( 'customer_id' => $buyer ) );
		$order->add_product( $product, 3 );
		$order->calculate_totals();
		$order->save();
		$this->order_id = $order->get_id();
		$order->update_status( 'completed' );
		return array( $admin, $buyer, $item, $order );
	}

	/**
	 * Over HTTP: a chargeback's gateway (or the admin) puts a paid order on hold
	 * through WooCommerce's REST API. Before, the buyer kept every seat and could still share them;
	 * now they are suspended (the trail says on_hold) and the share-link route has nothing to share,
	 * until the order is completed again.
	 */
	public function test_an_order_put_on_hold_over_http_suspends_its_seats_until_completed_again(): void {
		list( $admin, $buyer, $item ) = $this->paid_order_of_three( 'Disputed order' );
		$this->assertSame( 3, Library::seat_states( $item )['available'] );

		list( list( $status ) ) = $this->fire( '/wc/v3/orders/' . $this->order_id, $this->browser( $admin ), array( array( 'status' => 'on-hold' ) ) );

		$this->assertSame( 200, $status );
		$this->assertSame( 0, array_sum( Library::seat_states( $item ) ), 'suspended' );
		list( list( $share_status ) ) = $this->fire( '/library/v2/share-link/' . $item, $this->browser( $buyer ), array( array() ) );
		$this->assertSame( 404, $share_status, 'nothing left to share while the order is on hold' );
		$grants = $this->services()->grants->find_by_source_prefix( OrderGrants::SOURCE, 'order:' . $this->order_id . ':item:' );
		$ended  = array_values( array_filter( $this->services()->seat_audit->for_grant( $grants[0]->id ), static fn( $row ) => GrantService::END === $row->action ) );
		$this->assertCount( 1, $ended );
		$this->assertStringContainsString( '"reason":"on_hold"', $ended[0]->details, 'the trail says why' );

		list( list( $status ) ) = $this->fire( '/wc/v3/orders/' . $this->order_id, $this->browser( $admin ), array( array( 'status' => 'completed' ) ) );

		$this->assertSame( 200, $status );
		$this->assertSame( 3, Library::seat_states( $item )['available'], 'paid again: the seats are back' );
	}
}
