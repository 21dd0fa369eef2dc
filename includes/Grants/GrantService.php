<?php
/**
 * Grants of licenses by a site admin, WP-CLI or an order.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use InvalidArgumentException;
use LibraryPortal\Catalogue\ItemPostType;
use LibraryPortal\Repositories\Grant;
use LibraryPortal\Repositories\LicenseRepository;
use LibraryPortal\Repositories\SeatAuditRepository;

/**
 * Gives, extends and takes back licenses, and writes who did it into the audit trail.
 *
 * Every method checks its whole input first and throws InvalidArgumentException before it
 * writes anything; the repository announces each change (library_portal_library_changed), so the
 * library cache of everyone concerned drops.
 */
final class GrantService {

	/**
	 * Most seats one grant may hold: large enough for a company, small enough that a typo
	 * (an extra zero or two) is refused rather than written as ten thousand rows.
	 */
	public const MAX_QUANTITY = 1000;

	/**
	 * Grant tags: '' (a purchase) and 'member' (a membership's licenses).
	 */
	public const TAGS = array( '', 'member' );

	/**
	 * Audit actions.
	 */
	public const GRANT     = 'grant';
	public const EXTEND    = 'extend';
	public const TAKE_BACK = 'take_back';

	/**
	 * Grants and seats.
	 *
	 * @var LicenseRepository
	 */
	private LicenseRepository $licenses;

	/**
	 * The audit trail.
	 *
	 * @var SeatAuditRepository
	 */
	private SeatAuditRepository $audit;

	/**
	 * Creates the service.
	 *
	 * @param LicenseRepository   $licenses Grants and seats.
	 * @param SeatAuditRepository $audit    The audit trail.
	 */
	public function __construct( LicenseRepository $licenses, SeatAuditRepository $audit ) {
		$this->licenses = $licenses;
		$this->audit    = $audit;
	}

	/**
	 * Gives an owner N licenses of a published item.
	 *
	 * @param int    $owner_id   Owner (an existing user).
	 * @param int    $product_id A published library item.
	 * @param int    $quantity   1 to MAX_QUANTITY.
	 * @param int    $expires_at Unix seconds in the future, or 0 for never.
	 * @param string $tag        One of TAGS.
	 * @param string $source     Where it comes from: lowercase letters, digits, - and _, 1 to 20 characters.
	 * @param string $source_ref The source's own reference (at most 64 characters).
	 * @param int    $actor_id   Who does it (0 = the system: WP-CLI, an order).
	 * @param int    $now        Unix seconds (0 = the clock).
	 * @return int Grant ID.
	 * @throws InvalidArgumentException When an argument is out of bounds (nothing is written).
	 */
	public function grant( int $owner_id, int $product_id, int $quantity, int $expires_at, string $tag, string $source, string $source_ref, int $actor_id, int $now = 0 ): int {
		$now = $now > 0 ? $now : time();
		if ( ! get_userdata( $owner_id ) ) {
			throw new InvalidArgumentException( esc_html__( 'That user does not exist.', 'library-portal' ) );
		}
		if ( ItemPostType::POST_TYPE !== get_post_type( $product_id ) || 'publish' !== get_post_status( $product_id ) ) {
			throw new InvalidArgumentException( esc_html__( 'Choose a published library item.', 'library-portal' ) );
		}
		if ( $quantity < 1 || $quantity > self::MAX_QUANTITY ) {
			/* translators: %d: the largest number of licenses of one grant. */
			throw new InvalidArgumentException( esc_html( sprintf( __( 'The quantity must be a whole number from 1 to %d.', 'library-portal' ), self::MAX_QUANTITY ) ) );
		}
		self::check_expiry( $expires_at, $now );
		if ( ! in_array( $tag, self::TAGS, true ) ) {
			throw new InvalidArgumentException( esc_html__( 'The tag must be none or member.', 'library-portal' ) );
		}
		if ( ! preg_match( '/^[a-z0-9_-]{1,20}$/', $source ) || strlen( $source_ref ) > 64 ) {
			throw new InvalidArgumentException( esc_html__( 'The source must be 1 to 20 lowercase letters, digits, - or _, and its reference at most 64 characters.', 'library-portal' ) );
		}

		$grant_id = $this->licenses->create_grant(
			array(
				'owner_id'   => $owner_id,
				'product_id' => $product_id,
				'quantity'   => $quantity,
				'expires_at' => $expires_at,
				'tag'        => $tag,
				'source'     => $source,
				'source_ref' => $source_ref,
			),
			$now
		);
		$this->audit->record(
			array(
				self::row(
					$actor_id,
					self::GRANT,
					$grant_id,
					0,
					$owner_id,
					$product_id,
					array(
						'quantity'   => $quantity,
						'expires_at' => $expires_at,
						'tag'        => $tag,
					)
				),
			),
			$now
		);
		return $grant_id;
	}

	/**
	 * A grant by ID, or null.
	 *
	 * @param int $grant_id Grant.
	 */
	public function find( int $grant_id ): ?Grant {
		return $grant_id > 0 ? $this->licenses->find_grant( $grant_id ) : null;
	}

	/**
	 * The first grant made by a source under its reference (e.g. woocommerce, order:123:item:45), or null.
	 *
	 * @param string $source     Source.
	 * @param string $source_ref The source's reference.
	 */
	public function find_by_source( string $source, string $source_ref ): ?Grant {
		return $this->licenses->find_grant_by_source( $source, $source_ref );
	}

	/**
	 * Moves a grant's expiry later (or to never), with its seats'.
	 *
	 * @param int $grant_id       Grant.
	 * @param int $new_expires_at Unix seconds after both now and the current expiry, or 0 for never.
	 * @param int $actor_id       Who does it (0 = the system).
	 * @param int $now            Unix seconds (0 = the clock).
	 * @return Grant The grant as it is now.
	 * @throws InvalidArgumentException When the grant is unknown or the date does not lengthen it (nothing is written).
	 */
	public function extend( int $grant_id, int $new_expires_at, int $actor_id, int $now = 0 ): Grant {
		$now   = $now > 0 ? $now : time();
		$grant = $this->must_find( $grant_id );
		self::check_expiry( $new_expires_at, $now );
		// Only later: a shorter expiry would cut seats people already use (take seats back instead).
		if ( 0 === $grant->expires_at || ( 0 !== $new_expires_at && $new_expires_at <= $grant->expires_at ) ) {
			throw new InvalidArgumentException( esc_html__( 'The new expiry must be later than the current one (a grant that never expires cannot be extended).', 'library-portal' ) );
		}

		$seats = $this->licenses->extend_grant( $grant, $new_expires_at, $now );
		$this->audit->record(
			array(
				self::row(
					$actor_id,
					self::EXTEND,
					$grant->id,
					0,
					$grant->owner_id,
					$grant->product_id,
					array(
						'from'  => $grant->expires_at,
						'to'    => $new_expires_at,
						'seats' => $seats,
					)
				),
			),
			$now
		);
		return $this->must_find( $grant_id );
	}

	/**
	 * Takes back seats of a grant that nobody holds. Seats shared to someone (assigned) or activated
	 * stay where they are.
	 *
	 * @param int      $grant_id Grant.
	 * @param int|null $count    Seats to take back (1 to the grant's quantity), or null for every available one.
	 * @param int      $actor_id Who does it (0 = the system).
	 * @param int      $now      Unix seconds (0 = the clock).
	 * @throws InvalidArgumentException When the grant is unknown or the count out of bounds (nothing is written).
	 */
	public function take_back_unassigned( int $grant_id, ?int $count, int $actor_id, int $now = 0 ): TakeBackResult {
		$now   = $now > 0 ? $now : time();
		$grant = $this->must_find( $grant_id );
		self::check_take_back_count( $grant, $count );

		$taken = $this->licenses->take_back_seats( $grant, $count );
		$rows  = array();
		foreach ( $taken as $license_id ) {
			$rows[] = self::row( $actor_id, self::TAKE_BACK, $grant->id, $license_id, $grant->owner_id, $grant->product_id, array( 'state' => 'available' ) );
		}
		$this->audit->record( $rows, $now );

		if ( null === $count ) {
			$in_use = $this->licenses->grant_seat_counts( array( $grant->id ) )[ $grant->id ];
			$kept   = $in_use['assigned'] + $in_use['activated'];
		} else {
			$kept = $count - count( $taken );
		}
		return new TakeBackResult( $taken, $kept );
	}

	/**
	 * What take_back_unassigned() would do now, without doing it (the CLI's --dry-run).
	 *
	 * @param int      $grant_id Grant.
	 * @param int|null $count    As for take_back_unassigned().
	 * @return array{taken: int, kept: int}
	 * @throws InvalidArgumentException As take_back_unassigned() would.
	 */
	public function preview_take_back( int $grant_id, ?int $count ): array {
		$grant = $this->must_find( $grant_id );
		self::check_take_back_count( $grant, $count );
		$seats = $this->licenses->grant_seat_counts( array( $grant->id ) )[ $grant->id ];
		$taken = null === $count ? $seats['available'] : min( $count, $seats['available'] );
		return array(
			'taken' => $taken,
			'kept'  => null === $count ? $seats['assigned'] + $seats['activated'] : $count - $taken,
		);
	}

	/**
	 * Refuses a count outside 1 to the grant's quantity (null, every available seat, passes).
	 *
	 * @param Grant    $grant Grant.
	 * @param int|null $count Seats to take back.
	 * @throws InvalidArgumentException When it is out of bounds.
	 */
	private static function check_take_back_count( Grant $grant, ?int $count ): void {
		if ( null !== $count && ( $count < 1 || $count > $grant->quantity ) ) {
			/* translators: %d: number of licenses the grant holds. */
			throw new InvalidArgumentException( esc_html( sprintf( __( 'The number of licenses to take back must be from 1 to %d.', 'library-portal' ), $grant->quantity ) ) );
		}
	}

	/**
	 * A grant that must exist.
	 *
	 * @param int $grant_id Grant.
	 * @throws InvalidArgumentException When it does not.
	 */
	private function must_find( int $grant_id ): Grant {
		$grant = $this->find( $grant_id );
		if ( null === $grant ) {
			/* translators: %d: grant ID. */
			throw new InvalidArgumentException( esc_html( sprintf( __( 'There is no grant %d.', 'library-portal' ), $grant_id ) ) );
		}
		return $grant;
	}

	/**
	 * Refuses an expiry that is neither never (0) nor in the future.
	 *
	 * @param int $expires_at Unix seconds.
	 * @param int $now        Unix seconds.
	 * @throws InvalidArgumentException When it is in the past.
	 */
	private static function check_expiry( int $expires_at, int $now ): void {
		if ( 0 !== $expires_at && $expires_at <= $now ) {
			throw new InvalidArgumentException( esc_html__( 'The expiry date must be in the future, or never.', 'library-portal' ) );
		}
	}

	/**
	 * One audit row.
	 *
	 * @param int                  $actor_id   Actor.
	 * @param string               $action     Action.
	 * @param int                  $grant_id   Grant.
	 * @param int                  $license_id Seat (0: the grant).
	 * @param int                  $owner_id   Owner.
	 * @param int                  $product_id Item.
	 * @param array<string, mixed> $details    What changed.
	 * @return array{actor_id: int, action: string, grant_id: int, license_id: int, owner_id: int, product_id: int, details: string}
	 */
	private static function row( int $actor_id, string $action, int $grant_id, int $license_id, int $owner_id, int $product_id, array $details ): array {
		return array(
			'actor_id'   => max( 0, $actor_id ),
			'action'     => $action,
			'grant_id'   => $grant_id,
			'license_id' => $license_id,
			'owner_id'   => $owner_id,
			'product_id' => $product_id,
			'details'    => substr( (string) wp_json_encode( $details ), 0, 255 ),
		);
	}
}
