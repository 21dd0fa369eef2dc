<?php
/**
 * Accepting, requesting and taking back shared seats.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Sharing;

use LibraryPortal\Core\Events;
use LibraryPortal\Core\Notices\Notifier;
use LibraryPortal\Core\People\People;
use LibraryPortal\Core\People\PersonName;
use LibraryPortal\Core\Seats\AuditEntry;
use LibraryPortal\Core\Seats\AuditWords;
use LibraryPortal\Core\Seats\GrantService;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Seats\LicenseRequestRepository;
use LibraryPortal\Core\Seats\SeatAuditRepository;
use LibraryPortal\Core\Seats\SeatState;
use LibraryPortal\Core\Seats\ShareInvite;
use LibraryPortal\Core\Seats\ShareInvites;
use LibraryPortal\Core\Seats\ShareLinks;
use LibraryPortal\Core\Seats\ShareMethod;
use LibraryPortal\Core\Seats\ShareRepository;
use LibraryPortal\Platform\Rest\Refusal;

/**
 * The seat changes of sharing. Seats are money, so every change is one of LicenseRepository's
 * conditional UPDATEs and this class only decides which one to try and what to answer:
 * of N people accepting the last seat exactly one gets it; a person accepting twice (two tabs,
 * a retry) ends up with one seat; a revoke racing an activation loses or wins whole.
 */
final class SeatSharing {

	/**
	 * Seconds between two license requests of a team member to a sharer for an item.
	 */
	public const REQUEST_WINDOW = DAY_IN_SECONDS;

	/**
	 * Seats a single accept tries before it says all are claimed (each try lost a race).
	 */
	private const ACCEPT_TRIES = 5;

	/**
	 * Audit actions (docs/rules/seats-and-sharing.md, "Grants and audit trail (wp-admin, WP-CLI)"): a team member took a seat with a
	 * link; the owner took a shared seat back.
	 */
	public const ACCEPT_ACTION = 'share_accept';
	public const REVOKE_ACTION = 'share_revoke';

	/**
	 * Share links.
	 *
	 * @var ShareInvites
	 */
	private ShareInvites $invites;

	/**
	 * Share links (an e-mailed one is used up by its accept).
	 *
	 * @var ShareLinks
	 */
	private ShareLinks $links;

	/**
	 * Seats.
	 *
	 * @var LicenseRepository
	 */
	private LicenseRepository $licenses;

	/**
	 * Share records.
	 *
	 * @var ShareRepository
	 */
	private ShareRepository $shares;

	/**
	 * License requests.
	 *
	 * @var LicenseRequestRepository
	 */
	private LicenseRequestRepository $requests;

	/**
	 * Notifications.
	 *
	 * @var Notifier
	 */
	private Notifier $notifier;

	/**
	 * Grants (a revoke of a seat of an ended grant deletes it there).
	 *
	 * @var GrantService
	 */
	private GrantService $grants;

	/**
	 * The audit trail.
	 *
	 * @var SeatAuditRepository
	 */
	private SeatAuditRepository $audit;

	/**
	 * Wires the service.
	 *
	 * @param ShareInvites             $invites  Opens share links.
	 * @param ShareLinks               $links    Share links.
	 * @param LicenseRepository        $licenses Seats.
	 * @param ShareRepository          $shares   Share records.
	 * @param LicenseRequestRepository $requests License requests.
	 * @param Notifier                 $notifier Notifications.
	 * @param GrantService             $grants   Grants.
	 * @param SeatAuditRepository      $audit    The audit trail (accepts, revokes).
	 */
	public function __construct( ShareInvites $invites, ShareLinks $links, LicenseRepository $licenses, ShareRepository $shares, LicenseRequestRepository $requests, Notifier $notifier, GrantService $grants, SeatAuditRepository $audit ) {
		$this->invites  = $invites;
		$this->links    = $links;
		$this->licenses = $licenses;
		$this->shares   = $shares;
		$this->requests = $requests;
		$this->notifier = $notifier;
		$this->grants   = $grants;
		$this->audit    = $audit;
	}

	/**
	 * Accepts a share link for a user: hands them one of the sharer's free seats. Someone whose seat
	 * the sharer took back cannot take one again with the link they had used; an e-mailed link
	 * gives one seat, once (docs/rules/seats-and-sharing.md, "Sharing seats").
	 *
	 * @param int    $user_id Recipient.
	 * @param string $encoded Link payload.
	 * @param int    $now     Unix seconds.
	 * @return array{message: string, product_id: int, already: bool, item_url: string}|Refusal
	 */
	public function accept( int $user_id, string $encoded, int $now ) {
		$invite = $this->open_for( $user_id, $encoded, $now );
		if ( $invite instanceof Refusal ) {
			return $invite;
		}
		if ( $this->licenses->seat_held_from( $user_id, $invite->sharer_id, $invite->product_id, $now ) > 0 ) {
			return $this->accepted( $invite, true );
		}
		if ( $this->shares->revoked_with_link( $invite->sharer_id, $invite->product_id, $user_id, $invite->link_id, $invite->link_made_at ) ) {
			/* translators: %s: sharer's name. */
			return new Refusal( 'share_revoked', sprintf( __( '%s took this license back from you, so this link no longer works for you. Ask them if you need access again.', 'library-portal' ), $invite->sharer_name ), 409 );
		}
		if ( $this->licenses->own_seat_counts( $user_id, $invite->product_id, $now )['unexpired'] > 0 ) {
			// A seat of the sharer's would be spent on someone who has one of their own.
			/* translators: %s: training title. */
			return new Refusal( 'already_owned', sprintf( __( 'You already have your own license of "%s". The shared license stays with your team.', 'library-portal' ), $invite->product_title ), 409 );
		}
		if ( $this->licenses->holds_seat( $user_id, $invite->product_id, $now ) ) {
			return $this->accepted( $invite, true ); // A seat from another sharer: this team's stays free.
		}

		$emailed = '' !== $invite->recipient_email;
		if ( $emailed && ! $this->links->use_once( $invite->link_id, $now ) ) {
			return new Refusal( ShareInvites::USED, ShareInvites::message( ShareInvites::USED ), ShareInvites::status( ShareInvites::USED ) );
		}

		$seat_id = 0;
		for ( $try = 0; $try < self::ACCEPT_TRIES && 0 === $seat_id; $try++ ) {
			$candidate = $this->licenses->find_available_seat( $invite->sharer_id, $invite->product_id, '', $now );
			if ( 0 === $candidate ) {
				break;
			}
			if ( $this->licenses->share_seat( $candidate, $invite->sharer_id, $user_id, $now ) ) {
				$seat_id = $candidate;
			}
		}
		if ( 0 === $seat_id ) {
			if ( $emailed ) {
				$this->links->give_back( $invite->link_id, $now );
			}
			return new Refusal( 'no_licenses', __( 'Sorry, all licenses have been claimed for this training.', 'library-portal' ), 409 );
		}

		// Two accepts of the same person racing each other may both have won a seat: the lowest
		// stays, every other goes back (no one else ever gives back the lowest).
		$kept = $this->licenses->seat_held_from( $user_id, $invite->sharer_id, $invite->product_id, $now );
		if ( $kept !== $seat_id ) {
			$this->licenses->return_seat( $seat_id, $user_id, $now );
			if ( $emailed ) {
				$this->links->give_back( $invite->link_id, $now ); // The seat kept came through another link.
			}
			return $this->accepted( $invite, true );
		}

		$method = $emailed ? ShareMethod::Email : ShareMethod::Link;
		$this->shares->record_accepted( $seat_id, $invite->sharer_id, $invite->product_id, $user_id, $method, $invite->recipient_email, $now, $invite->link_id );
		$this->audit->record_for_seat(
			$user_id,
			self::ACCEPT_ACTION,
			$seat_id,
			array(
				'holder' => $user_id,
				'method' => $method->value,
			),
			$now
		);
		Events::seat_accepted( $user_id, $invite->sharer_id, $invite->product_id, $seat_id, $method->value );
		$recipient = get_userdata( $user_id );
		$this->notifier->notify(
			array(
				'user_id'            => $invite->sharer_id,
				'type'               => 'share_accepted',
				/* translators: 1: team member's name, 2: training title. */
				'message'            => sprintf( __( '%1$s accepted your share of "%2$s".', 'library-portal' ), $recipient ? PersonName::of_user( $recipient ) : '', $invite->product_title ),
				'related_product_id' => $invite->product_id,
				'related_user_id'    => $user_id,
			),
			$now
		);
		return $this->accepted( $invite, false );
	}

	/**
	 * Dismisses an invite: the link is checked like any other, so a made-up link is told so. An
	 * invitation e-mailed to the user's own address is put off until their next login (it is
	 * offered without its link: ShareInvites::offered_to); anything else changes nothing.
	 *
	 * @param int    $user_id Recipient.
	 * @param string $encoded Link payload.
	 * @param int    $now     Unix seconds.
	 * @return array{message: string}|Refusal
	 */
	public function dismiss( int $user_id, string $encoded, int $now ) {
		$invite = $this->open_for( $user_id, $encoded, $now );
		if ( $invite instanceof Refusal ) {
			return $invite;
		}
		$user = get_userdata( $user_id );
		if ( $user && ShareInvites::addressed_to( $invite->recipient_email, $user ) ) {
			ShareInvites::put_off_until_next_login( $user_id, $invite->link_id );
		}
		return array( 'message' => __( 'The invitation was dismissed.', 'library-portal' ) );
	}

	/**
	 * A team member asks the sharer for a license when none is left (at most once a day).
	 *
	 * @param int    $user_id Team member.
	 * @param string $encoded Link payload.
	 * @param int    $now     Unix seconds.
	 * @return array{message: string}|Refusal
	 */
	public function request_license( int $user_id, string $encoded, int $now ) {
		$invite = $this->open_for( $user_id, $encoded, $now, true );
		if ( $invite instanceof Refusal ) {
			return $invite;
		}
		if ( $invite->available > 0 ) {
			return new Refusal( 'licenses_available', __( 'There are licenses left for this training: accept the share instead.', 'library-portal' ), 409 );
		}
		$wait = $this->requests->take( $user_id, $invite->sharer_id, $invite->product_id, $now, self::REQUEST_WINDOW );
		if ( $wait > 0 ) {
			$hours = (int) ceil( $wait / HOUR_IN_SECONDS );
			return new Refusal(
				'request_too_soon',
				/* translators: %d: hours until another request may be sent. */
				sprintf( _n( "You've already sent a request. Please try again in %d hour.", "You've already sent a request. Please try again in %d hours.", $hours, 'library-portal' ), $hours ),
				429,
				array( 'retry_after' => $wait )
			);
		}
		$requester = get_userdata( $user_id );
		$this->notifier->notify(
			array(
				'user_id'            => $invite->sharer_id,
				'type'               => 'license_request',
				/* translators: 1: team member's name, 2: their e-mail, 3: training title. */
				'message'            => sprintf( __( '%1$s (%2$s) asks for a license of "%3$s". All your licenses of it are claimed.', 'library-portal' ), $requester ? PersonName::of_user( $requester ) : '', $requester ? People::clean_text( (string) $requester->user_email ) : '', $invite->product_title ),
				'related_product_id' => $invite->product_id,
				'related_user_id'    => $user_id,
			),
			$now
		);
		/* translators: %s: sharer's name. */
		return array( 'message' => sprintf( __( 'Notification sent to %s', 'library-portal' ), $invite->sharer_name ) );
	}

	/**
	 * Takes back a seat the owner shared and nobody started.
	 *
	 * @param int $owner_id   Owner.
	 * @param int $license_id Seat (the share's ID).
	 * @param int $now        Unix seconds.
	 * @return array{message: string, available_licenses: int}|Refusal
	 */
	public function revoke( int $owner_id, int $license_id, int $now ) {
		$seat = $this->licenses->find_seat( $license_id );
		if ( ! $seat || $seat->owner_id !== $owner_id ) {
			return self::share_not_found(); // Someone else's seat is never touched, nor described.
		}
		// A seat whose purchase was refunded or taken back goes with it (docs/rules/seats-and-sharing.md, "Grants and audit trail (wp-admin, WP-CLI)").
		if ( $this->grants->revoke_seat_of_ended_grant( $seat, $owner_id, $now ) ) {
			Events::seat_revoked( $owner_id, $seat->holder_id, $seat->product_id, $license_id );
			return array(
				'message'            => __( 'Access revoked. The license was taken back with its purchase, so it is not available again.', 'library-portal' ),
				'available_licenses' => $this->licenses->own_seat_counts( $owner_id, $seat->product_id, $now )['available'],
			);
		}
		if ( $this->licenses->revoke_seat( $seat, $now ) ) {
			$this->shares->close( $license_id, 'revoked', $now );
			$this->audit->record_for_seat( $owner_id, self::REVOKE_ACTION, $license_id, array( 'holder' => $seat->holder_id ), $now );
			Events::seat_revoked( $owner_id, $seat->holder_id, $seat->product_id, $license_id );
			return array(
				'message'            => __( 'Access revoked. The license is available again.', 'library-portal' ),
				'available_licenses' => $this->licenses->own_seat_counts( $owner_id, $seat->product_id, $now )['available'],
			);
		}
		// Why not: the seat as it is now (an activation may just have won the race).
		$seat = $this->licenses->find_seat( $license_id ) ?? $seat;
		if ( SeatState::Activated === $seat->state ) {
			return new Refusal( 'license_activated', __( 'Cannot revoke an activated license. The user must complete the content first.', 'library-portal' ), 409 );
		}
		if ( ! $seat->shared ) {
			return self::share_not_found();
		}
		if ( 0 !== $seat->expires_at && $seat->expires_at <= $now ) { // As the UPDATE reads it.
			return new Refusal( 'share_expired', __( 'This license has expired, so there is nothing to revoke.', 'library-portal' ), 409 );
		}
		return self::share_not_found();
	}

	/**
	 * The 404 of a share that is not the caller's (or no share at all).
	 */
	private static function share_not_found(): Refusal {
		return new Refusal( 'share_not_found', __( 'This share was not found.', 'library-portal' ), 404 );
	}

	/**
	 * The invite of a link for a user, or the error to answer.
	 *
	 * @param int    $user_id        Recipient.
	 * @param string $encoded        Link payload.
	 * @param int    $now            Unix seconds.
	 * @param bool   $even_when_none Also open a link whose sharer has no unexpired seat left (a request asks for more).
	 * @return ShareInvite|Refusal
	 */
	private function open_for( int $user_id, string $encoded, int $now, bool $even_when_none = false ) {
		$invite = $this->invites->open( $encoded, $now, $even_when_none );
		if ( is_string( $invite ) ) {
			return new Refusal( $invite, ShareInvites::message( $invite ), ShareInvites::status( $invite ) );
		}
		if ( $invite->sharer_id === $user_id ) {
			return new Refusal( 'own_share', __( 'This is your own share link. Send it to a team member; they accept it in their library.', 'library-portal' ), 400 );
		}
		return $invite;
	}

	/**
	 * The success answer of an accept.
	 *
	 * @param ShareInvite $invite  Invite.
	 * @param bool        $already Whether the user held the seat before this request.
	 * @return array{message: string, product_id: int, already: bool, item_url: string}
	 */
	private function accepted( ShareInvite $invite, bool $already ): array {
		return array(
			'message'    => $already ? __( 'This training is already in your library.', 'library-portal' ) : __( 'Successfully added to your library!', 'library-portal' ),
			'product_id' => $invite->product_id,
			'already'    => $already,
			'item_url'   => ShareInvites::item_url( $invite->product_id ),
		);
	}

	/**
	 * Adds the words of the audit actions this class writes (AuditWords::LABELS).
	 *
	 * @param array<string, string> $labels Action code => words.
	 * @return array<string, string>
	 */
	public static function audit_labels( array $labels ): array {
		$labels[ self::ACCEPT_ACTION ] = __( 'Share accepted', 'library-portal' );
		$labels[ self::REVOKE_ACTION ] = __( 'Share revoked', 'library-portal' );
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
		if ( self::ACCEPT_ACTION === $entry->action ) {
			return 'email' === ( $details['method'] ?? '' )
				/* translators: %s: the team member's e-mail. */
				? sprintf( __( 'Seat taken by %s with an e-mailed invitation', 'library-portal' ), AuditWords::email_of( (int) ( $details['holder'] ?? 0 ) ) )
				/* translators: %s: the team member's e-mail. */
				: sprintf( __( 'Seat taken by %s with a copied share link', 'library-portal' ), AuditWords::email_of( (int) ( $details['holder'] ?? 0 ) ) );
		}
		if ( self::REVOKE_ACTION === $entry->action ) {
			/* translators: %s: the team member's e-mail. */
			return sprintf( __( 'Seat taken back from %s by its owner: available again', 'library-portal' ), AuditWords::email_of( (int) ( $details['holder'] ?? 0 ) ) );
		}
		return $text;
	}
}
