<?php
/**
 * The words of the seat audit: its actions and their details.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

use LibraryPortal\Core\Quizzes\QuizService;

/**
 * The audit trail stores an action as a short code and its details as JSON; people read both in
 * words. The seat model words its own actions here, and each feature that writes audit rows of its
 * own adds its words through LABELS and DETAILS (Plugin.php wires them), so the grant screens print
 * every row without knowing the features that wrote them.
 */
final class AuditWords {

	/**
	 * Filter: array<string, string> action code => words.
	 */
	public const LABELS = 'library_portal_audit_labels';

	/**
	 * Filter: (string|null $text, AuditEntry $entry) the details of a row a feature wrote, in words.
	 */
	public const DETAILS = 'library_portal_audit_details';

	/**
	 * An audit action in words; the code itself when no feature names it.
	 *
	 * @param string $action Action code.
	 */
	public static function text( string $action ): string {
		$labels = array(
			GrantService::GRANT         => __( 'Granted', 'library-portal' ),
			GrantService::EXTEND        => __( 'Extended', 'library-portal' ),
			GrantService::TAKE_BACK     => __( 'Taken back', 'library-portal' ),
			GrantService::END           => __( 'Ended', 'library-portal' ),
			GrantService::RESTORE       => __( 'Granted again', 'library-portal' ),
			GrantService::REVOKE_DELETE => __( 'Revoked and deleted', 'library-portal' ),
			GrantService::AMOUNT_REFUND => __( 'Refund without quantities', 'library-portal' ),
			QuizService::RESET_ACTION   => __( 'Test attempts reset', 'library-portal' ),
			ShareLinks::AUDIT_ACTION    => __( 'Share link made', 'library-portal' ),
		);
		/**
		 * Filters the words of the seat audit's actions; a feature adds the actions it writes.
		 *
		 * @param array<string, string> $labels Action code => words.
		 */
		$labels = (array) apply_filters( 'library_portal_audit_labels', $labels );
		return isset( $labels[ $action ] ) && is_string( $labels[ $action ] ) ? $labels[ $action ] : $action;
	}

	/**
	 * The details of an audit row in words; the stored JSON when nobody words the action.
	 *
	 * @param AuditEntry $entry Row.
	 */
	public static function details( AuditEntry $entry ): string {
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
			case ShareLinks::AUDIT_ACTION:
				$links = (int) ( $details['links'] ?? 1 );
				if ( $links > 1 ) {
					/* translators: %d: number of share links made one after the other, the last at this row's time. */
					return sprintf( _n( '%d share link to copy was made in a row, the last at this time; only the last one works', '%d share links to copy were made in a row, the last at this time; only the last one works', $links, 'library-portal' ), $links );
				}
				return empty( $details['renewed'] )
					? __( 'A share link to copy was made', 'library-portal' )
					: __( 'A new share link was made; the previous one no longer works', 'library-portal' );
			case QuizService::RESET_ACTION:
				/* translators: %d: number of attempts. */
				return sprintf( _n( '%d attempt no longer counts towards the limit', '%d attempts no longer count towards the limit', (int) ( $details['attempts'] ?? 0 ), 'library-portal' ), (int) ( $details['attempts'] ?? 0 ) );
		}
		/**
		 * Filters the details of an audit row a feature wrote, in words.
		 *
		 * @param string|null $text  Null, or the words another feature found.
		 * @param AuditEntry  $entry The row.
		 */
		$text = apply_filters( 'library_portal_audit_details', null, $entry );
		return is_string( $text ) ? $text : $entry->details;
	}

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
	 * A user's e-mail, or a placeholder for a deleted one.
	 *
	 * @param int $user_id User.
	 */
	public static function email_of( int $user_id ): string {
		$user = get_userdata( $user_id );
		return $user ? $user->user_email : __( '(deleted user)', 'library-portal' );
	}
}
