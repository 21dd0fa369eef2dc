<?php
/**
 * Orders turned into grants, and refunds into seats taken back.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Integrations\WooCommerce;

use InvalidArgumentException;
use LibraryPortal\Core\Database\ClaimRepository;
use LibraryPortal\Core\Seats\GrantService;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * The order rules, with no WooCommerce dependency (OrderHooks feeds it plain values;
 * docs/rules/purchases.md, "WooCommerce"):
 *
 * - a paid order (payment recorded, completed, or processing with a paid date) gives its buyer one
 *   grant per line that sells a library item: quantity × licenses per unit, source 'woocommerce',
 *   source_ref 'order:{order}:item:{line}'; once only, however many requests change it at the same
 *   moment;
 * - refunded, cancelled, failed, trashed or deleted ends those grants: every seat nobody started
 *   goes (a team member who had not started theirs is told why); started seats stay;
 * - a paid order moved back to on-hold or pending (a dispute, a chargeback) suspends them the same
 *   way, with that reason in the trail, until it is paid again;
 * - paid again: each ended grant comes back with its seats (the same grant, so never twice).
 *
 * Each method returns the order notes to add (plain text).
 */
final class OrderGrants {

	public const SOURCE = 'woocommerce';

	/**
	 * Statuses that take licenses back, with the reason a team member is told.
	 */
	public const TAKING_BACK = array(
		'refunded'  => GrantService::REASON_REFUNDED,
		'cancelled' => GrantService::REASON_CANCELLED,
		'failed'    => GrantService::REASON_FAILED,
	);

	/**
	 * Statuses of an order that is not (or no longer) paid: a paid order moved there (a dispute,
	 * a chargeback, an admin's hold) has its licenses suspended until it is paid again. A new
	 * order in these statuses has no grant, so nothing happens to it.
	 */
	public const SUSPENDING = array(
		'on-hold' => GrantService::REASON_ON_HOLD,
		'pending' => GrantService::REASON_PENDING,
	);

	/**
	 * A claim older than this is left over from a request that died: another may take it over.
	 */
	private const CLAIM_SECONDS = 300;

	/**
	 * Grants.
	 *
	 * @var GrantService
	 */
	private GrantService $grants;

	/**
	 * Claims on order lines.
	 *
	 * @var ClaimRepository
	 */
	private ClaimRepository $claims;

	/**
	 * Wires the rules.
	 *
	 * @param GrantService    $grants Grants.
	 * @param ClaimRepository $claims Claims on order lines.
	 */
	public function __construct( GrantService $grants, ClaimRepository $claims ) {
		$this->grants = $grants;
		$this->claims = $claims;
	}

	/**
	 * The grant's reference for an order line.
	 *
	 * @param int $order_id Order.
	 * @param int $line_id  Line item.
	 */
	public static function source_ref( int $order_id, int $line_id ): string {
		return 'order:' . $order_id . ':item:' . $line_id;
	}

	/**
	 * What a new order status means for the library.
	 *
	 * @param int         $order_id Order.
	 * @param int         $buyer_id Customer's user ID (0 = guest).
	 * @param string      $status   New status, without "wc-".
	 * @param OrderLine[] $lines    Line items (quantity net of refunded units).
	 * @param int         $paid_at  When it was paid (Unix seconds; 0 = no paid date).
	 * @param int         $actor_id Who changed the status (0 = the system).
	 * @param int         $now      Unix seconds.
	 * @return string[] Order notes.
	 */
	public function status_changed( int $order_id, int $buyer_id, string $status, array $lines, int $paid_at, int $actor_id, int $now ): array {
		if ( 'completed' === $status ) {
			return $this->grant( $order_id, $buyer_id, $lines, $paid_at > 0 ? $paid_at : $now, $actor_id, $now );
		}
		if ( 'processing' === $status ) {
			if ( $paid_at > 0 ) {
				return $this->grant( $order_id, $buyer_id, $lines, $paid_at, $actor_id, $now );
			}
			// Cash on delivery: processing before the money is there.
			return self::sells_licenses( $lines ) ? array( __( 'Library Portal: no licenses yet, because the order is not paid. They are granted when its payment is recorded or it is completed.', 'library-portal' ) ) : array();
		}
		if ( isset( self::TAKING_BACK[ $status ] ) ) {
			return $this->take_back( $order_id, $lines, self::TAKING_BACK[ $status ], $actor_id, $now );
		}
		if ( isset( self::SUSPENDING[ $status ] ) ) {
			$notes = $this->take_back( $order_id, $lines, self::SUSPENDING[ $status ], $actor_id, $now );
			return $notes ? array_merge( array( __( 'Library Portal: the order is no longer paid, so its licenses nobody started are suspended. They are granted again when the order is paid (processing with its payment, or completed).', 'library-portal' ) ), $notes ) : array();
		}
		return array();
	}

	/**
	 * Grants every line that has no grant yet, and gives an ended line grant its seats back.
	 *
	 * @param int         $order_id Order.
	 * @param int         $buyer_id Customer.
	 * @param OrderLine[] $lines    Line items (quantity net of refunded units).
	 * @param int         $paid_at  When it was paid.
	 * @param int         $actor_id Who.
	 * @param int         $now      Unix seconds.
	 * @return string[] Order notes.
	 */
	public function grant( int $order_id, int $buyer_id, array $lines, int $paid_at, int $actor_id, int $now ): array {
		$lines = array_filter( $lines, static fn( OrderLine $line ) => $line->terms->gives_licenses() && $line->quantity > 0 );
		if ( ! $lines ) {
			return array();
		}
		if ( $buyer_id <= 0 ) {
			return array( __( 'Library Portal: no licenses granted, because the order has no customer account. Assign the order to a customer, then set its status again.', 'library-portal' ) );
		}
		$notes = array();
		foreach ( $lines as $line ) {
			$ref   = self::source_ref( $order_id, $line->id );
			$grant = $this->grants->find_by_source( self::SOURCE, $ref );
			if ( $grant && $grant->owner_id !== $buyer_id ) {
				$notes[] = self::other_owner_note( $grant->owner_id, $line->name );
			}
			if ( ( $grant && ! $grant->ended() ) || ! $this->claim( $ref, $now ) ) {
				continue; // Granted and live, or another request is granting it right now.
			}
			try {
				// Read again under the claim: a request that finished just before us has its grant stored.
				$grant = $this->grants->find_by_source( self::SOURCE, $ref );
				$seats = $line->terms->seats( $line->quantity );
				if ( ! $grant ) {
					$this->grants->grant( $buyer_id, $line->terms->item_id, $seats, $line->terms->expires_at( $paid_at ), $line->terms->tag(), self::SOURCE, $ref, $actor_id, $now );
					$notes[] = sprintf(
						/* translators: 1: number of licenses, 2: product name. */
						_n( 'Library Portal: %1$d license of "%2$s" granted to the customer.', 'Library Portal: %1$d licenses of "%2$s" granted to the customer.', $seats, 'library-portal' ),
						$seats,
						$line->name
					);
				} elseif ( $grant->ended() ) {
					// The seats started before the take-back are still there: only the rest comes back.
					$back = max( 0, $seats - $grant->quantity );
					if ( $this->grants->restore( $grant->id, $back, $actor_id, $now ) ) {
						$notes[] = sprintf(
							/* translators: 1: number of licenses, 2: product name. */
							_n( 'Library Portal: %1$d license of "%2$s" granted again (the order is paid again).', 'Library Portal: %1$d licenses of "%2$s" granted again (the order is paid again).', $back, 'library-portal' ),
							$back,
							$line->name
						);
					}
				}
			} catch ( InvalidArgumentException | WriteFailed $e ) {
				$notes[] = sprintf(
					/* translators: 1: product name, 2: the reason. */
					__( 'Library Portal: no licenses granted for "%1$s": %2$s', 'library-portal' ),
					$line->name,
					$e->getMessage()
				);
			} finally {
				$this->release( $ref );
			}
		}
		return $notes;
	}

	/**
	 * Ends every grant of the order: the seats nobody started go back, started ones stay.
	 *
	 * @param int         $order_id Order.
	 * @param OrderLine[] $lines    Line items (for their names in the notes).
	 * @param string      $reason   GrantService::REASON_*.
	 * @param int         $actor_id Who.
	 * @param int         $now      Unix seconds.
	 * @return string[] Order notes.
	 */
	public function take_back( int $order_id, array $lines, string $reason, int $actor_id, int $now ): array {
		$names = array();
		foreach ( $lines as $line ) {
			$names[ self::source_ref( $order_id, $line->id ) ] = $line->name;
		}
		$notes = array();
		// Every line ever granted, also one removed from the order since.
		foreach ( $this->grants->find_by_source_prefix( self::SOURCE, 'order:' . $order_id . ':item:' ) as $grant ) {
			if ( $grant->ended() ) {
				continue;
			}
			$name   = $names[ $grant->source_ref ] ?? get_the_title( $grant->product_id );
			$result = $this->grants->take_back( $grant->id, null, $actor_id, $reason, $now );
			$notes  = array_merge( $notes, self::take_back_notes( $result->taken(), $result->kept, $name ) );
		}
		return $notes;
	}

	/**
	 * A partial refund: the seats of the refunded units of each line (quantity = units refunded),
	 * as far as nobody started them.
	 *
	 * @param int         $order_id Order.
	 * @param OrderLine[] $lines    Refunded lines, quantity = units refunded.
	 * @param int         $actor_id Who.
	 * @param int         $now      Unix seconds.
	 * @return string[] Order notes.
	 */
	public function take_back_units( int $order_id, array $lines, int $actor_id, int $now ): array {
		$notes = array();
		foreach ( $lines as $line ) {
			$grant = $this->grants->find_by_source( self::SOURCE, self::source_ref( $order_id, $line->id ) );
			$count = min( $line->terms->seats( $line->quantity ), $grant ? $grant->quantity : 0 );
			if ( ! $grant || $grant->ended() || $count < 1 ) {
				continue;
			}
			$result = $this->grants->take_back( $grant->id, $count, $actor_id, GrantService::REASON_REFUNDED, $now );
			$notes  = array_merge( $notes, self::take_back_notes( $result->taken(), $result->kept, $line->name ) );
		}
		return $notes;
	}

	/**
	 * A refund of an amount that names no quantities: nothing is taken back (which seats the money
	 * stands for is the admin's call); the trail of every grant of the order records it.
	 *
	 * @param int    $order_id  Order.
	 * @param int    $refund_id Refund.
	 * @param string $amount    Amount refunded, as the shop shows it.
	 * @param int    $actor_id  Who.
	 * @param int    $now       Unix seconds.
	 * @return string[] Order notes (none when the order granted nothing).
	 */
	public function amount_refunded( int $order_id, int $refund_id, string $amount, int $actor_id, int $now ): array {
		$grants = array_filter( $this->grants->find_by_source_prefix( self::SOURCE, 'order:' . $order_id . ':item:' ), static fn( $grant ) => ! $grant->ended() );
		if ( ! $grants ) {
			return array();
		}
		foreach ( $grants as $grant ) {
			$this->grants->record_amount_refund(
				$grant->id,
				$actor_id,
				array(
					'order'  => $order_id,
					'refund' => $refund_id,
					'amount' => $amount,
				),
				$now
			);
		}
		return array(
			sprintf(
				/* translators: %s: amount refunded. */
				__( 'Library Portal: a refund of %s named no quantities, so no licenses were taken back. Take licenses back by hand under Training Library → Grants if the refund stands for some.', 'library-portal' ),
				$amount
			),
		);
	}

	/**
	 * Whether any line sells licenses.
	 *
	 * @param OrderLine[] $lines Lines.
	 */
	private static function sells_licenses( array $lines ): bool {
		foreach ( $lines as $line ) {
			if ( $line->terms->gives_licenses() && $line->quantity > 0 ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The notes of a take-back of one line.
	 *
	 * @param int    $taken Seats taken back.
	 * @param int    $kept  Seats that stayed (started).
	 * @param string $name  Product name.
	 * @return string[]
	 */
	private static function take_back_notes( int $taken, int $kept, string $name ): array {
		$notes = array();
		if ( $taken > 0 ) {
			$notes[] = sprintf(
				/* translators: 1: number of licenses, 2: product name. */
				_n( 'Library Portal: %1$d license of "%2$s" taken back (not started).', 'Library Portal: %1$d licenses of "%2$s" taken back (not started).', $taken, 'library-portal' ),
				$taken,
				$name
			);
		}
		if ( $kept > 0 ) {
			$notes[] = self::not_taken_back_note( $kept, $name );
		}
		return $notes;
	}

	/**
	 * The note of a line whose grant belongs to someone else than the order's customer now.
	 *
	 * @param int    $owner_id The grant's owner (the customer when it was paid).
	 * @param string $name     Product name.
	 */
	private static function other_owner_note( int $owner_id, string $name ): string {
		$owner = get_userdata( $owner_id );
		return sprintf(
			/* translators: 1: product name, 2: the owner's e-mail address. */
			__( 'Library Portal: the licenses of "%1$s" stay with %2$s, the customer when the order was paid; changing the customer moves no licenses. Move them by hand under Training Library → Grants if needed.', 'library-portal' ),
			$name,
			$owner ? (string) $owner->user_email : '#' . $owner_id
		);
	}

	/**
	 * The note about seats that stay with the customer's team.
	 *
	 * @param int    $kept Seats not taken back.
	 * @param string $name Product name.
	 */
	public static function not_taken_back_note( int $kept, string $name ): string {
		return sprintf(
			/* translators: 1: number of licenses, 2: product name. */
			_n(
				'Library Portal: %1$d license of "%2$s" could not be taken back: it is already started.',
				'Library Portal: %1$d licenses of "%2$s" could not be taken back: they are already started.',
				$kept,
				'library-portal'
			),
			$kept,
			$name
		);
	}

	/**
	 * Claims a line for this request: of several requests at the same moment exactly one wins.
	 *
	 * @param string $ref Source reference.
	 * @param int    $now Unix seconds.
	 */
	private function claim( string $ref, int $now ): bool {
		$name = self::claim_option( $ref );
		if ( $this->claims->take( $name, $now ) ) {
			return true;
		}
		$since = $this->claims->since( $name );
		if ( $since > $now - self::CLAIM_SECONDS ) {
			return false;
		}
		$this->claims->drop( $name, $since ); // Left by a request that died; only that claim goes.
		return $this->claims->take( $name, $now );
	}

	/**
	 * Ends a claim (the grant, if made, now guards the line).
	 *
	 * @param string $ref Source reference.
	 */
	private function release( string $ref ): void {
		$this->claims->drop( self::claim_option( $ref ) );
	}

	/**
	 * The option that holds a line's claim.
	 *
	 * @param string $ref Source reference.
	 */
	public static function claim_option( string $ref ): string {
		return 'library_portal_wc_claim_' . md5( $ref );
	}
}
