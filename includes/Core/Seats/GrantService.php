<?php
/**
 * Grants of licenses by a site admin, WP-CLI or an order.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

use InvalidArgumentException;
use LibraryPortal\Core\Events;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Notices\Notifier;
use LibraryPortal\Core\People\People;

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
	public const GRANT         = 'grant';
	public const EXTEND        = 'extend';
	public const TAKE_BACK     = 'take_back';
	public const END           = 'end';
	public const RESTORE       = 'restore';
	public const REVOKE_DELETE = 'revoke_delete';
	public const AMOUNT_REFUND = 'amount_refund';

	/**
	 * Why seats are taken back (told to a team member who loses one, and kept in the trail).
	 */
	public const REASON_ADMIN     = 'admin';
	public const REASON_REFUNDED  = 'refunded';
	public const REASON_CANCELLED = 'cancelled';
	public const REASON_FAILED    = 'failed';
	public const REASON_DELETED   = 'deleted';
	public const REASON_ON_HOLD   = 'on_hold';
	public const REASON_PENDING   = 'pending_payment';

	/**
	 * The notification a team member gets when a seat shared to them is taken back.
	 */
	public const NOTICE_TAKEN_BACK = 'license_taken_back';

	/**
	 * Grants and seats.
	 *
	 * @var LicenseRepository
	 */
	private LicenseRepository $licenses;

	/**
	 * Grant rows.
	 *
	 * @var GrantRepository
	 */
	private GrantRepository $grant_rows;

	/**
	 * The audit trail.
	 *
	 * @var SeatAuditRepository
	 */
	private SeatAuditRepository $audit;

	/**
	 * Tells a team member their seat was taken back.
	 *
	 * @var Notifier
	 */
	private Notifier $notifier;

	/**
	 * Share records (closed with a seat taken back).
	 *
	 * @var ShareRepository
	 */
	private ShareRepository $shares;

	/**
	 * Creates the service.
	 *
	 * @param LicenseRepository   $licenses Seats (and a new grant's).
	 * @param GrantRepository     $grant_rows Grant rows.
	 * @param SeatAuditRepository $audit    The audit trail.
	 * @param Notifier            $notifier Notifications.
	 * @param ShareRepository     $shares   Share records.
	 */
	public function __construct( LicenseRepository $licenses, GrantRepository $grant_rows, SeatAuditRepository $audit, Notifier $notifier, ShareRepository $shares ) {
		$this->licenses   = $licenses;
		$this->grant_rows = $grant_rows;
		$this->audit      = $audit;
		$this->notifier   = $notifier;
		$this->shares     = $shares;
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
		return $grant_id > 0 ? $this->grant_rows->find_grant( $grant_id ) : null;
	}

	/**
	 * The first grant made by a source under its reference (e.g. woocommerce, order:123:item:45), or null.
	 *
	 * @param string $source     Source.
	 * @param string $source_ref The source's reference.
	 */
	public function find_by_source( string $source, string $source_ref ): ?Grant {
		return $this->grant_rows->find_grant_by_source( $source, $source_ref );
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

		$seats = $this->grant_rows->extend_grant( $grant, $new_expires_at, $now );
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
	 * Takes back seats of a grant that nobody started: available seats, and seats shared to someone
	 * who has not started them (they lose the item and are told why). Started (activated) seats stay
	 * with who started them. Without a count every such seat goes and the grant ends: a later revoke
	 * of one of its seats deletes it, and it no longer counts for membership.
	 *
	 * @param int      $grant_id Grant.
	 * @param int|null $count    Seats to take back (1 to the grant's quantity), or null for all and end the grant.
	 * @param int      $actor_id Who does it (0 = the system).
	 * @param string   $reason   One of the REASON_* constants (told to team members, kept in the trail).
	 * @param int      $now      Unix seconds (0 = the clock).
	 * @throws InvalidArgumentException When the grant is unknown or the count out of bounds (nothing is written).
	 */
	public function take_back( int $grant_id, ?int $count, int $actor_id, string $reason = self::REASON_ADMIN, int $now = 0 ): TakeBackResult {
		$now   = $now > 0 ? $now : time();
		$grant = $this->must_find( $grant_id );
		self::check_take_back_count( $grant, $count );

		$rows = array();
		// Ended first, so the seats of an accept racing this take-back are deleted by a later revoke.
		if ( null === $count && $this->grant_rows->end_grant( $grant, $now ) ) {
			$rows[] = self::row( $actor_id, self::END, $grant->id, 0, $grant->owner_id, $grant->product_id, array( 'reason' => $reason ) );
		}
		$seats = $this->grant_rows->not_started_seats( $grant, null === $count ? max( 1, $grant->quantity ) : $count );
		$taken = $this->grant_rows->remove_not_started_seats( $grant, $seats );
		foreach ( $taken as $seat ) {
			$details = array(
				'state'  => $seat->state->value,
				'reason' => $reason,
			);
			if ( SeatState::Assigned === $seat->state ) {
				$details['holder'] = $seat->holder_id;
				$this->shares->close( $seat->id, 'taken_back', $now );
				$this->tell_holder( $seat, $grant, $reason, $now );
			}
			$rows[] = self::row( $actor_id, self::TAKE_BACK, $grant->id, $seat->id, $grant->owner_id, $grant->product_id, $details );
		}
		$this->audit->record( $rows, $now );
		if ( $taken ) {
			Events::seats_taken_back( $grant->id, $grant->owner_id, $grant->product_id, array_map( static fn( Seat $seat ): int => $seat->id, $taken ), $reason, $actor_id );
		}

		if ( null === $count ) {
			$kept = $this->grant_rows->grant_seat_counts( array( $grant->id ) )[ $grant->id ];
			$kept = $kept['assigned'] + $kept['activated'];
		} else {
			$kept = $count - count( $taken );
		}
		return new TakeBackResult( array_map( static fn( Seat $seat ) => $seat->id, $taken ), $kept );
	}

	/**
	 * What take_back() would do now, without doing it (the CLI's --dry-run).
	 *
	 * @param int      $grant_id Grant.
	 * @param int|null $count    As for take_back().
	 * @return array{taken: int, kept: int}
	 * @throws InvalidArgumentException As take_back() would.
	 */
	public function preview_take_back( int $grant_id, ?int $count ): array {
		$grant = $this->must_find( $grant_id );
		self::check_take_back_count( $grant, $count );
		$seats     = $this->grant_rows->grant_seat_counts( array( $grant->id ) )[ $grant->id ];
		$not_begun = $seats['available'] + $seats['assigned'];
		$taken     = null === $count ? $not_begun : min( $count, $not_begun );
		return array(
			'taken' => $taken,
			'kept'  => null === $count ? $seats['activated'] : $count - $taken,
		);
	}

	/**
	 * Makes an ended grant live again with new available seats (its order paid again): one grant
	 * per order line, so the seats come back to the same grant and owner.
	 *
	 * @param int $grant_id Grant.
	 * @param int $seats    Seats to add (0 or more).
	 * @param int $actor_id Who does it (0 = the system).
	 * @param int $now      Unix seconds (0 = the clock).
	 * @return bool False when the grant was not ended (nothing changed).
	 * @throws InvalidArgumentException When the grant is unknown or the seats out of bounds.
	 */
	public function restore( int $grant_id, int $seats, int $actor_id, int $now = 0 ): bool {
		$now   = $now > 0 ? $now : time();
		$grant = $this->must_find( $grant_id );
		if ( $seats < 0 || $grant->quantity + $seats > self::MAX_QUANTITY ) {
			/* translators: %d: the largest number of licenses of one grant. */
			throw new InvalidArgumentException( esc_html( sprintf( __( 'The quantity must be a whole number from 1 to %d.', 'library-portal' ), self::MAX_QUANTITY ) ) );
		}
		if ( ! $grant->ended() || ! $this->grant_rows->restore_grant( $grant, $seats, $now ) ) {
			return false;
		}
		$this->audit->record( array( self::row( $actor_id, self::RESTORE, $grant->id, 0, $grant->owner_id, $grant->product_id, array( 'seats' => $seats ) ) ), $now );
		return true;
	}

	/**
	 * Revokes a shared, not started seat of an ended grant by deleting it (it went with its
	 * purchase, so it does not become available). False when the seat is not such a seat.
	 *
	 * @param Seat $seat     The seat as read.
	 * @param int  $actor_id Who revokes (the owner).
	 * @param int  $now      Unix seconds (0 = the clock).
	 */
	public function revoke_seat_of_ended_grant( Seat $seat, int $actor_id, int $now = 0 ): bool {
		$now = $now > 0 ? $now : time();
		if ( SeatState::Assigned !== $seat->state || ! $this->grant_rows->delete_seat_of_ended_grant( $seat ) ) {
			return false;
		}
		$this->shares->close( $seat->id, 'revoked', $now );
		$this->audit->record( array( self::row( $actor_id, self::REVOKE_DELETE, $seat->grant_id, $seat->id, $seat->owner_id, $seat->product_id, array( 'holder' => $seat->holder_id ) ) ), $now );
		return true;
	}

	/**
	 * Writes into the trail that a refund changed nothing (an amount with no quantities): the
	 * admin decides by hand which seats go.
	 *
	 * @param int                  $grant_id Grant.
	 * @param int                  $actor_id Who refunded (0 = the system).
	 * @param array<string, mixed> $details  What was refunded (order, refund, amount).
	 * @param int                  $now      Unix seconds (0 = the clock).
	 * @throws InvalidArgumentException When the grant is unknown.
	 */
	public function record_amount_refund( int $grant_id, int $actor_id, array $details, int $now = 0 ): void {
		$grant = $this->must_find( $grant_id );
		$this->audit->record( array( self::row( $actor_id, self::AMOUNT_REFUND, $grant->id, 0, $grant->owner_id, $grant->product_id, $details ) ), $now > 0 ? $now : time() );
	}

	/**
	 * Every grant a source made under references starting with a prefix (all lines of an order).
	 *
	 * @param string $source Source.
	 * @param string $prefix Start of the reference.
	 * @return Grant[]
	 */
	public function find_by_source_prefix( string $source, string $prefix ): array {
		return $this->grant_rows->grants_by_source_prefix( $source, $prefix );
	}

	/**
	 * Tells a team member that the seat shared to them was taken back, and why.
	 *
	 * @param Seat   $seat   The seat taken (as read: assigned to them).
	 * @param Grant  $grant  Its grant.
	 * @param string $reason One of REASON_*.
	 * @param int    $now    Unix seconds.
	 */
	private function tell_holder( Seat $seat, Grant $grant, string $reason, int $now ): void {
		$owner = get_userdata( $grant->owner_id );
		$title = People::clean_text( get_the_title( $grant->product_id ) );
		$name  = $owner ? People::clean_text( (string) $owner->display_name ) : '';
		$why   = match ( $reason ) {
			self::REASON_REFUNDED  => __( 'its purchase was refunded', 'library-portal' ),
			self::REASON_CANCELLED => __( 'its order was cancelled', 'library-portal' ),
			self::REASON_FAILED    => __( 'its payment failed', 'library-portal' ),
			self::REASON_DELETED   => __( 'its order was deleted', 'library-portal' ),
			self::REASON_ON_HOLD   => __( 'its payment is on hold', 'library-portal' ),
			self::REASON_PENDING   => __( 'its order is waiting for payment', 'library-portal' ),
			default                => __( 'the site took the purchase back', 'library-portal' ),
		};
		$this->notifier->notify(
			array(
				'user_id'            => $seat->holder_id,
				'type'               => self::NOTICE_TAKEN_BACK,
				/* translators: 1: training title, 2: name of who shared it, 3: the reason, e.g. "its purchase was refunded". */
				'message'            => sprintf( __( 'The license of "%1$s" that %2$s shared with you was taken back because %3$s. It is no longer in your library.', 'library-portal' ), $title, $name, $why ),
				'related_product_id' => $grant->product_id,
				'related_user_id'    => $grant->owner_id,
			),
			$now
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
