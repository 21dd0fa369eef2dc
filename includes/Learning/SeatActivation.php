<?php
/**
 * Activating the seat a learner watches or downloads with.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

use LibraryPortal\Core\Events;
use LibraryPortal\Core\Rows\Access;
use LibraryPortal\Core\Seats\AuditEntry;
use LibraryPortal\Core\Seats\AuditWords;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Seats\SeatAuditRepository;

/**
 * License activation: at 5% watched, or on an e-manual download after the
 * confirmation. One atomic conditional update (LicenseRepository::activate_seat); parallel calls
 * compete for the same seat, so exactly one seat is activated and the others read it back as
 * already active.
 */
final class SeatActivation {

	public const ACTIVATED      = 'activated';
	public const ALREADY_ACTIVE = 'already_active';
	public const NO_SEAT        = 'no_seat';

	/**
	 * The audit trail's action of an activation (docs/rules/seats-and-sharing.md, "Grants and audit trail (wp-admin, WP-CLI)").
	 */
	public const AUDIT_ACTION = 'activate';

	/**
	 * A lost race is read again at most this many times (each loss means someone else changed
	 * one of these seats; the next read sees it).
	 */
	private const ATTEMPTS = 3;

	/**
	 * Seats.
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
	 * Wires the activation.
	 *
	 * @param LicenseRepository   $licenses Seats.
	 * @param SeatAuditRepository $audit    The audit trail.
	 */
	public function __construct( LicenseRepository $licenses, SeatAuditRepository $audit ) {
		$this->licenses = $licenses;
		$this->audit    = $audit;
	}

	/**
	 * Activates the row's seat when its access still needs one.
	 *
	 * @param int                  $user_id User.
	 * @param array<string, mixed> $row     Library row (LearnerRow::pick()).
	 * @param int                  $now     Unix seconds.
	 * @return string ACTIVATED (this call spent a seat), ALREADY_ACTIVE (nothing to spend) or NO_SEAT.
	 */
	public function activate( int $user_id, array $row, int $now ): string {
		$access = (string) $row['access'];
		if ( Access::opens_files( $access ) ) {
			return self::ALREADY_ACTIVE;
		}
		if ( Access::CAN_ACTIVATE !== $access && Access::SHARED !== $access ) {
			return self::NO_SEAT;
		}
		$owner_id = (int) $row['share_user_id'] > 0 ? (int) $row['share_user_id'] : $user_id;
		for ( $attempt = 0; $attempt < self::ATTEMPTS; $attempt++ ) {
			$seat = $this->licenses->seat_to_activate( $user_id, $owner_id, (int) $row['product_id'], (string) $row['tag'], $now );
			if ( null === $seat ) {
				return self::NO_SEAT;
			}
			if ( $seat['activated'] ) {
				return self::ALREADY_ACTIVE;
			}
			if ( $this->licenses->activate_seat( $seat['id'], $user_id, $now ) ) {
				$this->audit->record_for_seat( $user_id, self::AUDIT_ACTION, $seat['id'], array( 'holder' => $user_id ), $now );
				Events::seat_activated( $user_id, (int) $row['product_id'], (int) $seat['id'], $owner_id );
				return self::ACTIVATED;
			}
		}
		return self::NO_SEAT;
	}

	/**
	 * Adds the words of the audit actions this class writes (AuditWords::LABELS).
	 *
	 * @param array<string, string> $labels Action code => words.
	 * @return array<string, string>
	 */
	public static function audit_labels( array $labels ): array {
		$labels[ self::AUDIT_ACTION ] = __( 'Seat activated', 'library-portal' );
		return $labels;
	}

	/**
	 * The details of an audit row this class wrote, in words (AuditWords::DETAILS); the text as
	 * given for any other row.
	 *
	 * @param string|null $text  Words found so far (null: none).
	 * @param AuditEntry  $entry The row.
	 */
	public static function audit_details( ?string $text, AuditEntry $entry ): ?string {
		$details = $entry->details();
		if ( self::AUDIT_ACTION === $entry->action ) {
			/* translators: %s: the learner's e-mail. */
			return sprintf( __( 'Started by %s: the seat is in use', 'library-portal' ), AuditWords::email_of( (int) ( $details['holder'] ?? 0 ) ) );
		}
		return $text;
	}
}
