<?php
/**
 * The grant screens' words for people: dates, who changed what, audit rows, seat states.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use LibraryPortal\Certificates\QuizService;
use LibraryPortal\Contracts\ContractService;
use LibraryPortal\Domain\SeatState;
use LibraryPortal\Learning\SeatActivation;
use LibraryPortal\Sharing\SeatSharing;
use LibraryPortal\Sharing\ShareLinks;
use LibraryPortal\Sharing\ShareMailer;

/**
 * Plain text (escaped where it is printed) shared by the grants list, the audit trail and View as user.
 */
final class GrantTexts {

	/**
	 * An expiry for people: the date in site time, or Never.
	 *
	 * @param int $expires_at Unix seconds (0: never).
	 */
	public static function expiry_text( int $expires_at ): string {
		return 0 === $expires_at ? __( 'Never', 'library-portal' ) : self::time_text( $expires_at );
	}

	/**
	 * A time for people, in site time.
	 *
	 * @param int $time Unix seconds.
	 */
	public static function time_text( int $time ): string {
		return (string) wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $time );
	}

	/**
	 * Who made a change.
	 *
	 * @param int $actor_id User (0: the system).
	 */
	public static function actor_text( int $actor_id ): string {
		$actor = $actor_id ? get_userdata( $actor_id ) : false;
		return $actor ? $actor->user_login : __( 'System (WP-CLI, an order or a deleted account)', 'library-portal' );
	}

	/**
	 * A person of the audit trail by name and e-mail, so two people of one name (or an e-mail that reads like a
	 * login) are told apart; the system when there is no user.
	 *
	 * @param int $user_id User (0: the system).
	 */
	public static function person_text( int $user_id ): string {
		$user = $user_id ? get_userdata( $user_id ) : false;
		if ( ! $user ) {
			return $user_id ? __( '(deleted user)', 'library-portal' ) : self::actor_text( 0 );
		}
		/* translators: 1: display name, 2: e-mail address. */
		return sprintf( __( '%1$s (%2$s)', 'library-portal' ), $user->display_name, $user->user_email );
	}

	/**
	 * The seat of an audit row for people: one seat, all seats of the grant, or none (a row
	 * about no grant, such as a test attempts reset).
	 *
	 * @param AuditEntry $entry Row.
	 */
	public static function seat_text( AuditEntry $entry ): string {
		if ( $entry->license_id ) {
			return '#' . $entry->license_id;
		}
		return $entry->grant_id ? __( 'All', 'library-portal' ) : '—';
	}

	/**
	 * An audit action for people.
	 *
	 * @param string $action Action.
	 */
	public static function action_text( string $action ): string {
		$labels = array(
			GrantService::GRANT            => __( 'Granted', 'library-portal' ),
			GrantService::EXTEND           => __( 'Extended', 'library-portal' ),
			GrantService::TAKE_BACK        => __( 'Taken back', 'library-portal' ),
			GrantService::END              => __( 'Ended', 'library-portal' ),
			GrantService::RESTORE          => __( 'Granted again', 'library-portal' ),
			GrantService::REVOKE_DELETE    => __( 'Revoked and deleted', 'library-portal' ),
			GrantService::AMOUNT_REFUND    => __( 'Refund without quantities', 'library-portal' ),
			QuizService::RESET_ACTION      => __( 'Test attempts reset', 'library-portal' ),
			ContractService::DELETE_ACTION => __( 'Contract deleted', 'library-portal' ),
			ContractService::IMPORT_ACTION => __( 'Members imported', 'library-portal' ),
			ShareLinks::AUDIT_ACTION       => __( 'Share link made', 'library-portal' ),
			ShareMailer::AUDIT_ACTION      => __( 'Shared by e-mail', 'library-portal' ),
			ShareMailer::CANCEL_ACTION     => __( 'Invitation canceled', 'library-portal' ),
			SeatSharing::ACCEPT_ACTION     => __( 'Share accepted', 'library-portal' ),
			SeatSharing::REVOKE_ACTION     => __( 'Share revoked', 'library-portal' ),
			SeatActivation::AUDIT_ACTION   => __( 'Seat activated', 'library-portal' ),
		);
		return $labels[ $action ] ?? $action;
	}

	/**
	 * A seat's state in words (View as user).
	 *
	 * @param SeatState $state State.
	 */
	public static function seat_state_text( SeatState $state ): string {
		return match ( $state ) {
			SeatState::Available => __( 'Available: nobody holds it yet', 'library-portal' ),
			SeatState::Assigned  => __( 'Given to someone, not started', 'library-portal' ),
			SeatState::Activated => __( 'Activated: in use', 'library-portal' ),
		};
	}

	/**
	 * An audit row's details for people.
	 *
	 * @param AuditEntry $entry Row.
	 */
	public static function details_text( AuditEntry $entry ): string {
		$details = $entry->details();
		switch ( $entry->action ) {
			case GrantService::GRANT:
				/* translators: 1: number of licenses, 2: expiry date or Never. */
				return sprintf( _n( '%1$d license, expires: %2$s', '%1$d licenses, expires: %2$s', (int) ( $details['quantity'] ?? 0 ), 'library-portal' ), (int) ( $details['quantity'] ?? 0 ), self::expiry_text( (int) ( $details['expires_at'] ?? 0 ) ) );
			case GrantService::EXTEND:
				/* translators: 1: old expiry, 2: new expiry. */
				return sprintf( __( 'Expiry %1$s → %2$s', 'library-portal' ), self::expiry_text( (int) ( $details['from'] ?? 0 ) ), self::expiry_text( (int) ( $details['to'] ?? 0 ) ) );
			case GrantService::TAKE_BACK:
				if ( isset( $details['holder'] ) ) {
					/* translators: 1: the team member's e-mail, 2: the reason code, e.g. refunded. */
					return sprintf( __( 'Seat shared with %1$s, not started, removed (%2$s)', 'library-portal' ), self::email_of( (int) $details['holder'] ), (string) ( $details['reason'] ?? '' ) );
				}
				return __( 'Unassigned seat removed', 'library-portal' );
			case GrantService::END:
				/* translators: %s: the reason code, e.g. refunded. */
				return sprintf( __( 'Grant ended (%s): its seats nobody started are taken back', 'library-portal' ), (string) ( $details['reason'] ?? '' ) );
			case GrantService::RESTORE:
				/* translators: %d: number of licenses. */
				return sprintf( __( 'Order paid again: %d licenses added', 'library-portal' ), (int) ( $details['seats'] ?? 0 ) );
			case GrantService::REVOKE_DELETE:
				/* translators: %s: the team member's e-mail. */
				return sprintf( __( 'Shared seat of an ended grant revoked from %s and deleted', 'library-portal' ), self::email_of( (int) ( $details['holder'] ?? 0 ) ) );
			case GrantService::AMOUNT_REFUND:
				/* translators: 1: amount, 2: order number. */
				return sprintf( __( 'Refund of %1$s on order #%2$d named no quantities: nothing taken back', 'library-portal' ), (string) ( $details['amount'] ?? '' ), (int) ( $details['order'] ?? 0 ) );
			case ContractService::DELETE_ACTION:
				$members = (int) ( $details['members'] ?? 0 );
				/* translators: 1: contract title, 2: number of members. */
				return sprintf( _n( 'Contract “%1$s” deleted: %2$d member lost its library', 'Contract “%1$s” deleted: %2$d members lost its library', $members, 'library-portal' ), (string) ( $details['title'] ?? '' ), $members );
			case SeatSharing::ACCEPT_ACTION:
				return 'email' === ( $details['method'] ?? '' )
					/* translators: %s: the team member's e-mail. */
					? sprintf( __( 'Seat taken by %s with an e-mailed invitation', 'library-portal' ), self::email_of( (int) ( $details['holder'] ?? 0 ) ) )
					/* translators: %s: the team member's e-mail. */
					: sprintf( __( 'Seat taken by %s with a copied share link', 'library-portal' ), self::email_of( (int) ( $details['holder'] ?? 0 ) ) );
			case SeatSharing::REVOKE_ACTION:
				/* translators: %s: the team member's e-mail. */
				return sprintf( __( 'Seat taken back from %s by its owner: available again', 'library-portal' ), self::email_of( (int) ( $details['holder'] ?? 0 ) ) );
			case SeatActivation::AUDIT_ACTION:
				/* translators: %s: the learner's e-mail. */
				return sprintf( __( 'Started by %s: the seat is in use', 'library-portal' ), self::email_of( (int) ( $details['holder'] ?? 0 ) ) );
			case ShareLinks::AUDIT_ACTION:
				$links = (int) ( $details['links'] ?? 1 );
				if ( $links > 1 ) {
					/* translators: %d: number of share links made one after the other, the last at this row's time. */
					return sprintf( _n( '%d share link to copy was made in a row, the last at this time; only the last one works', '%d share links to copy were made in a row, the last at this time; only the last one works', $links, 'library-portal' ), $links );
				}
				return empty( $details['renewed'] )
					? __( 'A share link to copy was made', 'library-portal' )
					: __( 'A new share link was made; the previous one no longer works', 'library-portal' );
			case ShareMailer::CANCEL_ACTION:
				return __( 'A pending e-mailed invitation was canceled: its link no longer works', 'library-portal' );
			case ShareMailer::AUDIT_ACTION:
				$sent       = (int) ( $details['sent'] ?? 0 );
				$recipients = (int) ( $details['recipients'] ?? 0 );
				if ( ! empty( $details['resent'] ) ) {
					return __( 'A pending invitation was e-mailed again', 'library-portal' );
				}
				/* translators: 1: recipients the mail reached, 2: recipients of the send. */
				return sprintf( _n( 'Invitation e-mailed to %1$d of %2$d recipient', 'Invitations e-mailed to %1$d of %2$d recipients', $recipients, 'library-portal' ), $sent, $recipients );
			case ContractService::IMPORT_ACTION:
				$added = (int) ( $details['added'] ?? 0 );
				$known = (int) ( $details['already'] ?? 0 );
				$bad   = (int) ( $details['bad'] ?? 0 );
				return implode(
					', ',
					array(
						/* translators: 1: contract ID, 2: number of members. */
						sprintf( _n( 'Contract #%1$d: %2$d member added', 'Contract #%1$d: %2$d members added', $added, 'library-portal' ), (int) ( $details['contract'] ?? 0 ), $added ),
						/* translators: %d: number of people. */
						sprintf( _n( '%d already a member', '%d already members', $known, 'library-portal' ), $known ),
						/* translators: %d: number of rows. */
						sprintf( _n( '%d bad row', '%d bad rows', $bad, 'library-portal' ), $bad ),
					)
				);
			case QuizService::RESET_ACTION:
				/* translators: %d: number of attempts. */
				return sprintf( _n( '%d attempt no longer counts towards the limit', '%d attempts no longer count towards the limit', (int) ( $details['attempts'] ?? 0 ), 'library-portal' ), (int) ( $details['attempts'] ?? 0 ) );
		}
		return $entry->details;
	}

	/**
	 * A user's e-mail, or a placeholder for a deleted one.
	 *
	 * @param int $user_id User.
	 */
	public static function email_of( int $user_id ): string {
		$user = get_userdata( $user_id );
		return $user ? $user->user_email : __( '(deleted user)', 'library-portal' );
	}
}
