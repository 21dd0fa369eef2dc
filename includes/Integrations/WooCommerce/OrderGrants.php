<?php
/**
 * Orders turned into grants, and refunds into seats taken back.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Integrations\WooCommerce;

use InvalidArgumentException;
use LibraryPortal\Grants\GrantService;
use LibraryPortal\Repositories\WriteFailed;

/**
 * The order rules, with no WooCommerce dependency (OrderHooks feeds it plain values):
 *
 * - an order that reaches processing or completed gives its buyer one grant per line that sells a
 *   library item: quantity × licenses per unit, source 'woocommerce', source_ref
 *   'order:{order}:item:{line}'; once only, however often the status goes back and forth and however
 *   many requests change it at the same moment;
 * - refunded or cancelled takes back the seats of those grants that nobody holds yet; seats already
 *   shared or activated stay, and the note says how many.
 *
 * Each method returns the order notes to add (plain text).
 */
final class OrderGrants {

	public const SOURCE = 'woocommerce';

	/**
	 * Statuses that give licenses, and statuses that take them back.
	 */
	public const GRANTING    = array( 'processing', 'completed' );
	public const TAKING_BACK = array( 'refunded', 'cancelled' );

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
	 * @param int        $order_id     Order.
	 * @param int        $buyer_id     Customer's user ID (0 = guest).
	 * @param string     $status       New status, without "wc-".
	 * @param OrderLine[] $lines       Line items.
	 * @param int        $purchased_at When it was paid (Unix seconds).
	 * @param int        $actor_id     Who changed the status (0 = the system).
	 * @param int        $now          Unix seconds.
	 * @return string[] Order notes.
	 */
	public function status_changed( int $order_id, int $buyer_id, string $status, array $lines, int $purchased_at, int $actor_id, int $now ): array {
		if ( in_array( $status, self::GRANTING, true ) ) {
			return $this->grant( $order_id, $buyer_id, $lines, $purchased_at, $actor_id, $now );
		}
		if ( in_array( $status, self::TAKING_BACK, true ) ) {
			return $this->take_back( $order_id, $lines, $actor_id, $now );
		}
		return array();
	}

	/**
	 * Grants every line that has no grant yet.
	 *
	 * @param int         $order_id     Order.
	 * @param int         $buyer_id     Customer.
	 * @param OrderLine[] $lines        Line items.
	 * @param int         $purchased_at When it was paid.
	 * @param int         $actor_id     Who.
	 * @param int         $now          Unix seconds.
	 * @return string[] Order notes.
	 */
	public function grant( int $order_id, int $buyer_id, array $lines, int $purchased_at, int $actor_id, int $now ): array {
		$lines = array_filter( $lines, static fn( OrderLine $line ) => $line->terms->gives_licenses() && $line->quantity > 0 );
		if ( ! $lines ) {
			return array();
		}
		if ( $buyer_id <= 0 ) {
			return array( __( 'Library Portal: no licenses granted, because the order has no customer account. Assign the order to a customer, then set its status again.', 'library-portal' ) );
		}
		$notes = array();
		foreach ( $lines as $line ) {
			$ref = self::source_ref( $order_id, $line->id );
			if ( $this->grants->find_by_source( self::SOURCE, $ref ) || ! $this->claim( $ref, $now ) ) {
				continue; // Granted before, or another request is granting it right now.
			}
			try {
				// Checked again under the claim: a request that finished just before us has its grant stored.
				if ( ! $this->grants->find_by_source( self::SOURCE, $ref ) ) {
					$seats = $line->terms->seats( $line->quantity );
					$this->grants->grant( $buyer_id, $line->terms->item_id, $seats, $line->terms->expires_at( $purchased_at ), $line->terms->tag(), self::SOURCE, $ref, $actor_id, $now );
					$notes[] = sprintf(
						/* translators: 1: number of licenses, 2: product name. */
						_n( 'Library Portal: %1$d license of "%2$s" granted to the customer.', 'Library Portal: %1$d licenses of "%2$s" granted to the customer.', $seats, 'library-portal' ),
						$seats,
						$line->name
					);
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
	 * Takes back the unassigned seats of every line's grant.
	 *
	 * @param int         $order_id Order.
	 * @param OrderLine[] $lines    Line items.
	 * @param int         $actor_id Who.
	 * @param int         $now      Unix seconds.
	 * @return string[] Order notes.
	 */
	public function take_back( int $order_id, array $lines, int $actor_id, int $now ): array {
		return $this->take_back_lines( $order_id, $lines, true, $actor_id, $now );
	}

	/**
	 * A partial refund: the seats of the refunded units of each line (quantity = units refunded),
	 * as far as nobody holds them.
	 *
	 * @param int         $order_id Order.
	 * @param OrderLine[] $lines    Refunded lines, quantity = units refunded.
	 * @param int         $actor_id Who.
	 * @param int         $now      Unix seconds.
	 * @return string[] Order notes.
	 */
	public function take_back_units( int $order_id, array $lines, int $actor_id, int $now ): array {
		return $this->take_back_lines( $order_id, $lines, false, $actor_id, $now );
	}

	/**
	 * Takes back seats of the lines' grants: all that nobody holds, or the refunded units' seats.
	 *
	 * @param int         $order_id Order.
	 * @param OrderLine[] $lines    Lines.
	 * @param bool        $all      Every unassigned seat (else the lines' units × per unit).
	 * @param int         $actor_id Who.
	 * @param int         $now      Unix seconds.
	 * @return string[] Order notes.
	 */
	private function take_back_lines( int $order_id, array $lines, bool $all, int $actor_id, int $now ): array {
		$notes = array();
		foreach ( $lines as $line ) {
			$grant = $this->grants->find_by_source( self::SOURCE, self::source_ref( $order_id, $line->id ) );
			$count = $all ? null : min( $line->terms->seats( $line->quantity ), $grant ? $grant->quantity : 0 );
			if ( ! $grant || 0 === $count || 0 === $grant->quantity ) {
				continue;
			}
			$result = $this->grants->take_back_unassigned( $grant->id, $count, $actor_id, $now );
			if ( $result->taken() > 0 ) {
				$notes[] = sprintf(
					/* translators: 1: number of licenses, 2: product name. */
					_n( 'Library Portal: %1$d unassigned license of "%2$s" taken back.', 'Library Portal: %1$d unassigned licenses of "%2$s" taken back.', $result->taken(), 'library-portal' ),
					$result->taken(),
					$line->name
				);
			}
			if ( $result->kept > 0 ) {
				$notes[] = self::not_taken_back_note( $result->kept, $line->name );
			}
		}
		return $notes;
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
				'Library Portal: %1$d license of "%2$s" could not be taken back: it is already shared or activated.',
				'Library Portal: %1$d licenses of "%2$s" could not be taken back: they are already shared or activated.',
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
