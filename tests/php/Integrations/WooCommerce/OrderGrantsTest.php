<?php
/**
 * The order rules, without WooCommerce.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Integrations\WooCommerce;

use InvalidArgumentException;
use LibraryPortal\Integrations\WooCommerce\OrderGrants;
use LibraryPortal\Integrations\WooCommerce\OrderLine;
use LibraryPortal\Integrations\WooCommerce\PurchaseTerms;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * OrderGrants on plain values and real grants: paid orders grant once, refunds and cancellations
 * take back what nobody holds and say what stays, membership products give member seats, and the
 * three expiry modes. Runs whether or not WooCommerce is active.
 */
final class OrderGrantsTest extends TestCase {

	private const ORDER = 4100;

	/**
	 * The rules over this test's database.
	 */
	private function orders(): OrderGrants {
		return $this->services()->order_grants;
	}

	/**
	 * One line selling an item.
	 *
	 * @param int           $item     Library item.
	 * @param int           $quantity Units.
	 * @param PurchaseTerms $terms    Terms (default: 1 license per unit, never expires).
	 */
	private static function line( int $item, int $quantity, ?PurchaseTerms $terms = null ): OrderLine {
		return new OrderLine( 11, 'Trauma-Informed Care (team)', $quantity, $terms ?? new PurchaseTerms( $item ) );
	}

	/**
	 * The grant of the test order's line, or null.
	 */
	private function grant_of_line() {
		return $this->services()->grants->find_by_source( OrderGrants::SOURCE, OrderGrants::source_ref( self::ORDER, 11 ) );
	}

	public function test_a_paid_order_grants_quantity_times_licenses_per_unit_once(): void {
		$buyer = $this->make_user( 'customer' );
		$item  = Library::item( 'Trauma-Informed Care' );
		$lines = array( self::line( $item, 3, new PurchaseTerms( $item, 2 ) ) );
		$now   = time();

		$notes = $this->orders()->status_changed( self::ORDER, $buyer, 'completed', $lines, $now, 0, $now );

		$this->assertSame( array( 'Library Portal: 6 licenses of "Trauma-Informed Care (team)" granted to the customer.' ), $notes );
		$grant = $this->grant_of_line();
		$this->assertNotNull( $grant );
		$this->assertSame( array( $buyer, $item, 6, 0, '', 'woocommerce', 'order:4100:item:11' ), array( $grant->owner_id, $grant->product_id, $grant->quantity, $grant->expires_at, $grant->tag, $grant->source, $grant->source_ref ) );

		// completed → processing → completed: nothing more.
		$this->assertSame( array(), $this->orders()->status_changed( self::ORDER, $buyer, 'processing', $lines, $now, 0, $now ) );
		$this->assertSame( array(), $this->orders()->status_changed( self::ORDER, $buyer, 'completed', $lines, $now, 0, $now ) );
		$library = Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $buyer )->get_data()['data'] );
		$this->assertSame( 6, $library[ $item ]['total_licenses'] );
		$this->assertSame( 6, $library[ $item ]['available_licenses'] );
		$this->assertSame( 6, array_sum( Library::seat_states( $item ) ) );
	}

	public function test_other_statuses_and_lines_without_an_item_grant_nothing(): void {
		$buyer = $this->make_user( 'customer' );
		$item  = Library::item( 'Webinar' );
		$now   = time();
		foreach ( array( 'pending', 'on-hold', 'failed', 'checkout-draft' ) as $status ) {
			$this->assertSame( array(), $this->orders()->status_changed( self::ORDER, $buyer, $status, array( self::line( $item, 2 ) ), $now, 0, $now ), $status );
		}
		$this->assertSame( array(), $this->orders()->status_changed( self::ORDER, $buyer, 'completed', array( new OrderLine( 11, 'T-shirt', 2, new PurchaseTerms( 0 ) ) ), $now, 0, $now ) );
		$this->assertNull( $this->grant_of_line() );
	}

	public function test_a_guest_order_grants_nothing_and_says_why(): void {
		$item  = Library::item( 'Webinar' );
		$now   = time();
		$notes = $this->orders()->status_changed( self::ORDER, 0, 'processing', array( self::line( $item, 1 ) ), $now, 0, $now );
		$this->assertSame( array( 'Library Portal: no licenses granted, because the order has no customer account. Assign the order to a customer, then set its status again.' ), $notes );
		$this->assertNull( $this->grant_of_line() );
	}

	public function test_refund_takes_back_every_seat_not_started_and_paid_again_gives_them_back_once(): void {
		$buyer  = $this->make_user( 'customer' );
		$member = $this->make_user();
		$item   = Library::item( 'Motivational Interviewing' );
		$lines  = array( self::line( $item, 4 ) );
		$now    = time();
		$this->orders()->status_changed( self::ORDER, $buyer, 'completed', $lines, $now, 0, $now );
		Library::share( $buyer, $member, $item );
		Library::activate_own( $buyer, $item );

		$notes = $this->orders()->status_changed( self::ORDER, $buyer, 'refunded', $lines, $now, 0, $now );

		$this->assertSame(
			array(
				'Library Portal: 3 licenses of "Trauma-Informed Care (team)" taken back (not started).',
				'Library Portal: 1 license of "Trauma-Informed Care (team)" could not be taken back: it is already started.',
			),
			$notes
		);
		$this->assertSame(
			array(
				'available' => 0,
				'assigned'  => 0,
				'activated' => 1,
			),
			Library::seat_states( $item ),
			'the shared seat nobody started went too; the started one stays'
		);
		$this->assertTrue( $this->grant_of_line()->ended() );

		// Paid again: the same grant gets back the seats it lost, once.
		$this->assertSame( array( 'Library Portal: 3 licenses of "Trauma-Informed Care (team)" granted again (the order is paid again).' ), $this->orders()->status_changed( self::ORDER, $buyer, 'completed', $lines, $now, 0, $now ) );
		$this->assertSame( array(), $this->orders()->status_changed( self::ORDER, $buyer, 'processing', $lines, $now, 0, $now ) );
		$grant = $this->grant_of_line();
		$this->assertSame( array( 4, false ), array( $grant->quantity, $grant->ended() ) );
		$this->assertSame(
			array(
				'available' => 3,
				'assigned'  => 0,
				'activated' => 1,
			),
			Library::seat_states( $item )
		);
		$this->assertCount( 1, $this->services()->grants->find_by_source_prefix( OrderGrants::SOURCE, 'order:' . self::ORDER . ':' ), 'one grant per line' );
	}

	public function test_processing_without_a_paid_date_grants_nothing_until_paid(): void {
		$buyer = $this->make_user( 'customer' );
		$item  = Library::item( 'Cash on delivery' );
		$lines = array( self::line( $item, 2 ) );
		$now   = time();

		$this->assertSame( array( 'Library Portal: no licenses yet, because the order is not paid. They are granted when its payment is recorded or it is completed.' ), $this->orders()->status_changed( self::ORDER, $buyer, 'processing', $lines, 0, 0, $now ) );
		$this->assertNull( $this->grant_of_line() );

		$this->assertCount( 1, $this->orders()->status_changed( self::ORDER, $buyer, 'processing', $lines, $now, 0, $now ), 'paid: granted' );
		$this->assertSame( 2, $this->grant_of_line()->quantity );
	}

	public function test_cancellation_takes_back_every_seat_nobody_holds(): void {
		$buyer = $this->make_user( 'customer' );
		$item  = Library::item( 'E-manual', 'e-manual' );
		$lines = array( self::line( $item, 1, new PurchaseTerms( $item, 3 ) ) );
		$now   = time();
		$this->orders()->status_changed( self::ORDER, $buyer, 'processing', $lines, $now, 0, $now );

		$this->assertSame( array( 'Library Portal: 3 licenses of "Trauma-Informed Care (team)" taken back (not started).' ), $this->orders()->status_changed( self::ORDER, $buyer, 'cancelled', $lines, $now, 0, $now ) );
		$this->assertSame( 0, array_sum( Library::seat_states( $item ) ) );
		$this->assertSame( array(), $this->orders()->status_changed( self::ORDER + 1, $buyer, 'cancelled', $lines, $now, 0, $now ), 'an order never granted takes nothing' );
	}

	public function test_a_paid_order_that_fails_or_goes_on_hold_gives_back_the_seats_nobody_started(): void {
		$buyer  = $this->make_user( 'customer' );
		$now    = time();
		$orders = array(
			'failed'  => self::ORDER,
			'on-hold' => self::ORDER + 1,
		);
		foreach ( $orders as $status => $order ) {
			$item  = Library::item( 'Paid, then ' . $status );
			$lines = array( self::line( $item, 2 ) );
			$this->orders()->status_changed( $order, $buyer, 'completed', $lines, $now, 0, $now );
			$this->assertSame( 2, array_sum( Library::seat_states( $item ) ), $status );

			$this->assertNotSame( array(), $this->orders()->status_changed( $order, $buyer, $status, $lines, $now, 0, $now ), $status . ': the order notes say what was taken back' );
			$this->assertSame( 0, array_sum( Library::seat_states( $item ) ), $status . ': nobody started a seat, so none is left' );
		}
	}

	public function test_a_line_refunded_to_no_units_grants_nothing(): void {
		$buyer = $this->make_user( 'customer' );
		$item  = Library::item( 'Refunded in full' );
		$now   = time();

		$this->assertSame( array(), $this->orders()->status_changed( self::ORDER, $buyer, 'completed', array( self::line( $item, 0 ) ), $now, 0, $now ) );
		$this->assertNull( $this->grant_of_line() );
	}

	public function test_a_partial_refund_takes_back_the_refunded_units_seats_as_far_as_nobody_started_them(): void {
		$buyer  = $this->make_user( 'customer' );
		$member = $this->make_user();
		$item   = Library::item( 'Partly refunded' );
		$terms  = new PurchaseTerms( $item, 2 );
		$now    = time();
		$this->orders()->status_changed( self::ORDER, $buyer, 'completed', array( self::line( $item, 3, $terms ) ), $now, 0, $now );
		$started = Library::share( $buyer, $member, $item );
		$this->services()->licenses->activate_seat( $started, $member, $now );
		Library::share( $buyer, $this->make_user(), $item );
		Library::share( $buyer, $this->make_user(), $item );

		// 1 unit of 3 refunded: its 2 seats, both available.
		$this->assertSame( array( 'Library Portal: 2 licenses of "Trauma-Informed Care (team)" taken back (not started).' ), $this->orders()->take_back_units( self::ORDER, array( self::line( $item, 1, $terms ) ), 0, $now ) );
		$this->assertSame( 4, $this->grant_of_line()->quantity );

		// 2 more units: 4 seats asked, 3 not started (1 available, 2 shared), 1 started.
		$this->assertSame(
			array(
				'Library Portal: 3 licenses of "Trauma-Informed Care (team)" taken back (not started).',
				'Library Portal: 1 license of "Trauma-Informed Care (team)" could not be taken back: it is already started.',
			),
			$this->orders()->take_back_units( self::ORDER, array( self::line( $item, 2, $terms ) ), 0, $now )
		);
		$this->assertSame(
			array(
				'available' => 0,
				'assigned'  => 0,
				'activated' => 1,
			),
			Library::seat_states( $item )
		);
		$this->assertFalse( $this->grant_of_line()->ended(), 'a partial refund does not end the grant' );
	}

	public function test_one_seat_in_use_is_named_in_the_singular(): void {
		$this->assertSame(
			'Library Portal: 1 license of "Webinar" could not be taken back: it is already started.',
			OrderGrants::not_taken_back_note( 1, 'Webinar' )
		);
	}

	public function test_a_membership_product_gives_member_seats(): void {
		$buyer = $this->make_user( 'customer' );
		$item  = Library::item( 'Membership', 'membership' );
		$now   = time();
		$this->orders()->status_changed( self::ORDER, $buyer, 'completed', array( self::line( $item, 1, new PurchaseTerms( $item, 1, PurchaseTerms::DAYS, 365, '', true ) ) ), $now, 0, $now );

		$grant = $this->grant_of_line();
		$this->assertSame( 'member', $grant->tag );
		$this->assertSame( $now + 365 * DAY_IN_SECONDS, $grant->expires_at );
	}

	public function test_expiry_modes(): void {
		$paid = 1_900_000_000;
		$this->assertSame( 0, ( new PurchaseTerms( 5 ) )->expires_at( $paid ) );
		$this->assertSame( $paid + 30 * DAY_IN_SECONDS, ( new PurchaseTerms( 5, 1, PurchaseTerms::DAYS, 30 ) )->expires_at( $paid ) );
		$end = ( new PurchaseTerms( 5, 1, PurchaseTerms::DATE, 0, '2031-03-15' ) )->expires_at( $paid );
		$this->assertSame( '2031-03-15 23:59:59', wp_date( 'Y-m-d H:i:s', $end ), 'the end of the day in the site\'s time zone' );
	}

	public function test_a_fixed_date_that_has_passed_grants_nothing_and_says_why(): void {
		$buyer = $this->make_user( 'customer' );
		$item  = Library::item( 'Old course' );
		$now   = time();
		$notes = $this->orders()->status_changed( self::ORDER, $buyer, 'completed', array( self::line( $item, 1, new PurchaseTerms( $item, 1, PurchaseTerms::DATE, 0, '2020-01-01' ) ) ), $now, 0, $now );
		$this->assertSame( array( 'Library Portal: no licenses granted for "Trauma-Informed Care (team)": The expiry date must be in the future, or never.' ), $notes );
		$this->assertNull( $this->grant_of_line() );
	}

	public function test_a_line_another_request_is_granting_is_left_to_it_and_a_dead_claim_is_taken_over(): void {
		global $wpdb;
		$buyer = $this->make_user( 'customer' );
		$item  = Library::item( 'Raced' );
		$now   = time();
		$claim = OrderGrants::claim_option( OrderGrants::source_ref( self::ORDER, 11 ) );
		$wpdb->insert(
			$wpdb->options,
			array(
				'option_name'  => $claim,
				'option_value' => (string) ( $now - 10 ),
				'autoload'     => 'no',
			)
		); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- another request's claim.

		$this->assertSame( array(), $this->orders()->status_changed( self::ORDER, $buyer, 'completed', array( self::line( $item, 2 ) ), $now, 0, $now ) );
		$this->assertNull( $this->grant_of_line(), 'the request holding the claim grants, not this one' );

		$later = $now + 600; // That request died long ago.
		$this->assertCount( 1, $this->orders()->status_changed( self::ORDER, $buyer, 'completed', array( self::line( $item, 2 ) ), $later, 0, $later ) );
		$this->assertSame( 2, $this->grant_of_line()->quantity );
		$this->assertNull( $wpdb->get_var( $wpdb->prepare( 'SELECT option_value FROM %i WHERE option_name = %s', $wpdb->options, $claim ) ), 'the claim is released' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQLPlaceholders -- reading the claim row itself.
	}

	/**
	 * The product form's values.
	 *
	 * @return array<string, array{0: array<string, mixed>, 1: string}>
	 */
	public static function invalid_terms(): array {
		return array(
			'item not a number' => array( array( 'item' => 'abc' ), 'Choose a library item from the list.' ),
			'per unit zero'     => array( array( 'per_unit' => '0' ), 'Licenses per unit must be a whole number from 1 to 1000.' ),
			'per unit too many' => array( array( 'per_unit' => '1001' ), 'Licenses per unit must be a whole number from 1 to 1000.' ),
			'per unit decimal'  => array( array( 'per_unit' => '1.5' ), 'Licenses per unit must be a whole number from 1 to 1000.' ),
			'days missing'      => array( array( 'expiry' => 'days' ), 'The lifetime of the licenses must be a whole number of days from 1 to 36500.' ),
			'bad date'          => array(
				array(
					'expiry' => 'date',
					'date'   => '2031-02-30',
				),
				'The expiry date must be a date (YYYY-MM-DD).',
			),
			'past date'         => array(
				array(
					'expiry' => 'date',
					'date'   => '2020-01-01',
				),
				'The expiry date must not have passed.',
			),
			'unknown mode'      => array( array( 'expiry' => 'sometimes' ), 'Choose when the licenses expire.' ),
		);
	}

	/**
	 * Each invalid value is refused with its message.
	 *
	 * @dataProvider invalid_terms
	 *
	 * @param array<string, mixed> $input   Form values over a valid set.
	 * @param string               $message Expected message.
	 */
	public function test_invalid_product_terms_are_refused_with_a_clear_message( array $input, string $message ): void {
		$item = Library::item( 'Linked' );
		try {
			PurchaseTerms::from_input(
				array_merge(
					array(
						'item'     => (string) $item,
						'per_unit' => '1',
						'expiry'   => 'never',
					),
					$input
				),
				time()
			);
			$this->fail( 'accepted' );
		} catch ( InvalidArgumentException $e ) {
			$this->assertSame( $message, $e->getMessage() );
		}
	}

	public function test_product_terms_need_a_published_item_and_round_trip_through_meta(): void {
		$draft = Library::item( 'Draft' );
		wp_update_post(
			array(
				'ID'          => $draft,
				'post_status' => 'draft',
			)
		);
		try {
			PurchaseTerms::from_input( array( 'item' => (string) $draft ), time() );
			$this->fail( 'a draft was accepted' );
		} catch ( InvalidArgumentException $e ) {
			$this->assertSame( 'The library item must be a published library item.', $e->getMessage() );
		}

		$item  = Library::item( 'Linked' );
		$terms = PurchaseTerms::from_input(
			array(
				'item'     => (string) $item,
				'per_unit' => '5',
				'expiry'   => 'days',
				'days'     => '90',
				'member'   => 'yes',
			),
			time()
		);
		$meta  = $terms->to_meta();
		$back  = PurchaseTerms::from_meta( static fn( string $key ) => $meta[ $key ] ?? '' );
		$this->assertEquals( $terms, $back );
		$this->assertEquals( new PurchaseTerms( 0 ), PurchaseTerms::from_meta( static fn() => 'junk' ), 'junk in meta links nothing' );
		$this->assertSame( '', PurchaseTerms::from_input( array( 'item' => '0' ), time() )->to_meta()[ PurchaseTerms::META_PER_UNIT ], 'unlinking clears the terms' );
	}
}
