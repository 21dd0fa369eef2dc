<?php
/**
 * What buying one unit of a product gives in the library.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Integrations\WooCommerce;

use DateTimeImmutable;
use InvalidArgumentException;
use LibraryPortal\Core\Items\ItemPostType;

/**
 * The library side of a WooCommerce product: the linked library item, licenses per unit, the expiry
 * (days after purchase, a fixed date or never) and whether it is a membership product (member tag).
 * Plain values with no WooCommerce dependency: the product panel reads and writes them as product
 * meta, OrderGrants turns them into grants.
 */
final class PurchaseTerms {

	public const NEVER = 'never';
	public const DAYS  = 'days';
	public const DATE  = 'date';

	/**
	 * Product meta keys (stored through WC_Product's CRUD, so they live wherever the product does).
	 */
	public const META_ITEM     = '_lp_item_id';
	public const META_PER_UNIT = '_lp_licenses_per_unit';
	public const META_EXPIRY   = '_lp_expiry';
	public const META_DAYS     = '_lp_expiry_days';
	public const META_DATE     = '_lp_expiry_date';
	public const META_MEMBER   = '_lp_member';

	/**
	 * Limits of the form's numbers (GrantService takes at most 1,000 seats per grant).
	 */
	public const MAX_PER_UNIT = 1000;
	public const MAX_DAYS     = 36500;

	/**
	 * Terms.
	 *
	 * @param int    $item_id  Linked library item (0 = none: the product gives nothing).
	 * @param int    $per_unit Licenses per unit bought.
	 * @param string $expiry   never | days | date.
	 * @param int    $days     Days after purchase (expiry 'days').
	 * @param string $date     Last day, Y-m-d in the site's time zone (expiry 'date').
	 * @param bool   $member   A membership product: its grants carry the member tag.
	 */
	public function __construct(
		public readonly int $item_id,
		public readonly int $per_unit = 1,
		public readonly string $expiry = self::NEVER,
		public readonly int $days = 0,
		public readonly string $date = '',
		public readonly bool $member = false
	) {}

	/**
	 * Terms from stored meta (a reader of one key); whatever is malformed reads as "nothing linked".
	 *
	 * @param callable(string): mixed $meta Reads one meta value.
	 */
	public static function from_meta( callable $meta ): self {
		try {
			return self::from_input(
				array(
					'item'     => $meta( self::META_ITEM ),
					'per_unit' => $meta( self::META_PER_UNIT ),
					'expiry'   => $meta( self::META_EXPIRY ),
					'days'     => $meta( self::META_DAYS ),
					'date'     => $meta( self::META_DATE ),
					'member'   => $meta( self::META_MEMBER ),
				),
				0,
				false
			);
		} catch ( InvalidArgumentException $e ) {
			return new self( 0 );
		}
	}

	/**
	 * Terms from the product form (or stored meta), checked.
	 *
	 * @param array<string, mixed> $input      item, per_unit, expiry, days, date, member.
	 * @param int                  $now        Unix seconds (a fixed date must not have passed).
	 * @param bool                 $check_item Whether the item must be a published library item.
	 * @throws InvalidArgumentException With a message for the person who typed it.
	 */
	public static function from_input( array $input, int $now, bool $check_item = true ): self {
		$item = self::whole( $input['item'] ?? 0 );
		if ( null === $item || $item < 0 ) {
			throw new InvalidArgumentException( esc_html__( 'Choose a library item from the list.', 'library-portal' ) );
		}
		if ( 0 === $item ) {
			return new self( 0 );
		}
		if ( $check_item && ( ItemPostType::POST_TYPE !== get_post_type( $item ) || 'publish' !== get_post_status( $item ) ) ) {
			throw new InvalidArgumentException( esc_html__( 'The library item must be a published library item.', 'library-portal' ) );
		}
		$per_unit = self::whole( $input['per_unit'] ?? 1 );
		if ( null === $per_unit || $per_unit < 1 || $per_unit > self::MAX_PER_UNIT ) {
			/* translators: %d: the largest number of licenses per unit. */
			throw new InvalidArgumentException( esc_html( sprintf( __( 'Licenses per unit must be a whole number from 1 to %d.', 'library-portal' ), self::MAX_PER_UNIT ) ) );
		}
		$expiry = (string) ( $input['expiry'] ?? self::NEVER );
		$days   = 0;
		$date   = '';
		if ( self::DAYS === $expiry ) {
			$days = self::whole( $input['days'] ?? '' );
			if ( null === $days || $days < 1 || $days > self::MAX_DAYS ) {
				/* translators: %d: the largest number of days. */
				throw new InvalidArgumentException( esc_html( sprintf( __( 'The lifetime of the licenses must be a whole number of days from 1 to %d.', 'library-portal' ), self::MAX_DAYS ) ) );
			}
		} elseif ( self::DATE === $expiry ) {
			$date = trim( (string) ( $input['date'] ?? '' ) );
			$end  = self::end_of_day( $date );
			if ( null === $end ) {
				throw new InvalidArgumentException( esc_html__( 'The expiry date must be a date (YYYY-MM-DD).', 'library-portal' ) );
			}
			if ( $now > 0 && $end <= $now ) {
				throw new InvalidArgumentException( esc_html__( 'The expiry date must not have passed.', 'library-portal' ) );
			}
		} elseif ( self::NEVER !== $expiry ) {
			throw new InvalidArgumentException( esc_html__( 'Choose when the licenses expire.', 'library-portal' ) );
		}
		$member = $input['member'] ?? '';
		return new self( $item, $per_unit, $expiry, $days, $date, true === $member || in_array( $member, array( 'yes', '1', 1 ), true ) );
	}

	/**
	 * The meta to store, key => value.
	 *
	 * @return array<string, string>
	 */
	public function to_meta(): array {
		return array(
			self::META_ITEM     => $this->item_id ? (string) $this->item_id : '',
			self::META_PER_UNIT => $this->item_id ? (string) $this->per_unit : '',
			self::META_EXPIRY   => $this->item_id ? $this->expiry : '',
			self::META_DAYS     => self::DAYS === $this->expiry ? (string) $this->days : '',
			self::META_DATE     => self::DATE === $this->expiry ? $this->date : '',
			self::META_MEMBER   => $this->item_id && $this->member ? 'yes' : '',
		);
	}

	/**
	 * Whether buying the product gives licenses.
	 */
	public function gives_licenses(): bool {
		return $this->item_id > 0;
	}

	/**
	 * Seats for a number of units.
	 *
	 * @param int $quantity Units bought.
	 */
	public function seats( int $quantity ): int {
		return max( 0, $quantity ) * $this->per_unit;
	}

	/**
	 * The grant's tag.
	 */
	public function tag(): string {
		return $this->member ? 'member' : '';
	}

	/**
	 * When the licenses end (Unix seconds, 0 = never).
	 *
	 * @param int $purchased_at When the order was paid (Unix seconds).
	 */
	public function expires_at( int $purchased_at ): int {
		if ( self::DAYS === $this->expiry ) {
			return $purchased_at + $this->days * DAY_IN_SECONDS;
		}
		if ( self::DATE === $this->expiry ) {
			return (int) self::end_of_day( $this->date );
		}
		return 0;
	}

	/**
	 * The last second of a Y-m-d day in the site's time zone, or null when it is not such a date.
	 *
	 * @param string $date Date.
	 */
	private static function end_of_day( string $date ): ?int {
		if ( ! preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/', $date, $m ) || ! checkdate( (int) $m[2], (int) $m[3], (int) $m[1] ) ) {
			return null;
		}
		return ( new DateTimeImmutable( $date . ' 23:59:59', wp_timezone() ) )->getTimestamp();
	}

	/**
	 * A whole number from a form value, or null.
	 *
	 * @param mixed $value Value.
	 */
	private static function whole( $value ): ?int {
		if ( is_int( $value ) ) {
			return $value;
		}
		if ( '' === $value || null === $value || false === $value ) {
			return 0;
		}
		$value = trim( (string) $value );
		return preg_match( '/^-?\d{1,9}$/', $value ) ? (int) $value : null;
	}
}
