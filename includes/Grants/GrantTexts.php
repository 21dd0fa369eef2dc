<?php
/**
 * The grant screens' words for people: dates, who changed what, audit rows, seat states.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use LibraryPortal\Core\Seats\AuditEntry;
use LibraryPortal\Core\Seats\AuditWords;
use LibraryPortal\Core\Seats\SeatState;

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
		return AuditWords::expiry_text( $expires_at );
	}

	/**
	 * A time for people, in site time.
	 *
	 * @param int $time Unix seconds.
	 */
	public static function time_text( int $time ): string {
		return AuditWords::time_text( $time );
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
		return AuditWords::text( $action );
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
		return AuditWords::details( $entry );
	}

	/**
	 * A user's e-mail, or a placeholder for a deleted one.
	 *
	 * @param int $user_id User.
	 */
	public static function email_of( int $user_id ): string {
		return AuditWords::email_of( $user_id );
	}
}
