<?php
/**
 * The actions the plugin fires for other plugins.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core;

/**
 * Every public action of the plugin, named and fired from one place (docs/actions.md lists them
 * with their arguments). Each fires once per change, after the write that made it: the plugin's
 * writes are single conditional statements (no transaction that could roll back), and the action
 * follows the statement that changed the row, so of two requests racing for the same change only
 * the one whose write took effect fires it. A listener that throws does not undo the change; it is
 * WordPress's to report like any other hook's error.
 */
final class Events {

	// The names, for listeners and tests; each method below spells its own out (a hook name in the
	// call itself is what the WordPress coding standards and Plugin Check can read).

	public const PROGRESS_STEP           = 'library_portal_progress_step';
	public const PART_COMPLETED          = 'library_portal_part_completed';
	public const ITEM_COMPLETED          = 'library_portal_item_completed';
	public const TEST_PASSED             = 'library_portal_test_passed';
	public const TEST_FAILED             = 'library_portal_test_failed';
	public const CERTIFICATE_ISSUED      = 'library_portal_certificate_issued';
	public const CERTIFICATE_REVOKED     = 'library_portal_certificate_revoked';
	public const SEAT_ACTIVATED          = 'library_portal_seat_activated';
	public const SHARE_LINK_MADE         = 'library_portal_share_link_made';
	public const INVITATIONS_SENT        = 'library_portal_invitations_sent';
	public const SEAT_ACCEPTED           = 'library_portal_seat_accepted';
	public const SEAT_REVOKED            = 'library_portal_seat_revoked';
	public const SEATS_TAKEN_BACK        = 'library_portal_seats_taken_back';
	public const CONTRACT_MEMBER_ADDED   = 'library_portal_contract_member_added';
	public const CONTRACT_MEMBER_REMOVED = 'library_portal_contract_member_removed';

	/**
	 * A learner's part rose by at least one 5% step.
	 *
	 * @param int $user_id    Learner.
	 * @param int $product_id Item.
	 * @param int $part       0-based part.
	 * @param int $percent    The part's percent now.
	 * @param int $previous   Its percent before (0 for a part never reported).
	 */
	public static function progress_step( int $user_id, int $product_id, int $part, int $percent, int $previous ): void {
		do_action( 'library_portal_progress_step', $user_id, $product_id, $part, $percent, $previous );
	}

	/**
	 * A learner's part reached 100%.
	 *
	 * @param int $user_id    Learner.
	 * @param int $product_id Item.
	 * @param int $part       0-based part.
	 */
	public static function part_completed( int $user_id, int $product_id, int $part ): void {
		do_action( 'library_portal_part_completed', $user_id, $product_id, $part );
	}

	/**
	 * The last part of a learner's item reached 100%: every part is watched.
	 *
	 * @param int $user_id    Learner.
	 * @param int $product_id Item.
	 */
	public static function item_completed( int $user_id, int $product_id ): void {
		do_action( 'library_portal_item_completed', $user_id, $product_id );
	}

	/**
	 * A learner's test attempt was graded.
	 *
	 * @param bool $passed     Whether it reached the pass mark.
	 * @param int  $user_id    Learner.
	 * @param int  $product_id Item.
	 * @param int  $score      Score in percent.
	 * @param int  $attempt_id The attempt's row.
	 */
	public static function test_graded( bool $passed, int $user_id, int $product_id, int $score, int $attempt_id ): void {
		if ( $passed ) {
			do_action( 'library_portal_test_passed', $user_id, $product_id, $score, $attempt_id );
		} else {
			do_action( 'library_portal_test_failed', $user_id, $product_id, $score, $attempt_id );
		}
	}

	/**
	 * A certificate was issued.
	 *
	 * @param int    $user_id    Learner.
	 * @param int    $product_id Item.
	 * @param string $code       Its verification code.
	 * @param int    $score      The test score it was earned with.
	 */
	public static function certificate_issued( int $user_id, int $product_id, string $code, int $score ): void {
		do_action( 'library_portal_certificate_issued', $user_id, $product_id, $code, $score );
	}

	/**
	 * A certificate was revoked.
	 *
	 * @param int    $user_id    Its holder.
	 * @param int    $product_id Item.
	 * @param string $code       Its verification code.
	 */
	public static function certificate_revoked( int $user_id, int $product_id, string $code ): void {
		do_action( 'library_portal_certificate_revoked', $user_id, $product_id, $code );
	}

	/**
	 * A seat was activated (spent) for a learner: by their first watching, a download or a
	 * manual activation.
	 *
	 * @param int $user_id    Learner.
	 * @param int $product_id Item.
	 * @param int $seat_id    The seat (license ID).
	 * @param int $owner_id   Who bought it (the learner, or the teammate who shared it).
	 */
	public static function seat_activated( int $user_id, int $product_id, int $seat_id, int $owner_id ): void {
		do_action( 'library_portal_seat_activated', $user_id, $product_id, $seat_id, $owner_id );
	}

	/**
	 * An owner made a link to share a seat of an item (copied, not e-mailed).
	 *
	 * @param int  $owner_id   Owner.
	 * @param int  $product_id Item.
	 * @param bool $renewed    Whether it replaced the working link.
	 */
	public static function share_link_made( int $owner_id, int $product_id, bool $renewed ): void {
		do_action( 'library_portal_share_link_made', $owner_id, $product_id, $renewed );
	}

	/**
	 * An owner's invitations to a seat were e-mailed.
	 *
	 * @param int      $owner_id   Owner.
	 * @param int      $product_id Item.
	 * @param string[] $emails     The addresses the mail went to.
	 * @param bool     $resent     Whether it is an invitation sent again.
	 */
	public static function invitations_sent( int $owner_id, int $product_id, array $emails, bool $resent ): void {
		do_action( 'library_portal_invitations_sent', $owner_id, $product_id, $emails, $resent );
	}

	/**
	 * A team member accepted a shared seat (by a link or an invitation).
	 *
	 * @param int    $holder_id  Team member.
	 * @param int    $owner_id   Owner who shared it.
	 * @param int    $product_id Item.
	 * @param int    $seat_id    The seat.
	 * @param string $method     'link' or 'email'.
	 */
	public static function seat_accepted( int $holder_id, int $owner_id, int $product_id, int $seat_id, string $method ): void {
		do_action( 'library_portal_seat_accepted', $holder_id, $owner_id, $product_id, $seat_id, $method );
	}

	/**
	 * An owner took back a seat they had shared, before the team member started it.
	 *
	 * @param int $owner_id   Owner.
	 * @param int $holder_id  The team member who held it.
	 * @param int $product_id Item.
	 * @param int $seat_id    The seat, available again.
	 */
	public static function seat_revoked( int $owner_id, int $holder_id, int $product_id, int $seat_id ): void {
		do_action( 'library_portal_seat_revoked', $owner_id, $holder_id, $product_id, $seat_id );
	}

	/**
	 * Seats of a purchase were taken back (a refund, a cancelled order, an admin).
	 *
	 * @param int    $grant_id   The purchase (grant).
	 * @param int    $owner_id   Its owner.
	 * @param int    $product_id Item.
	 * @param int[]  $seat_ids   The seats removed.
	 * @param string $reason     Why (GrantService::REASON_*).
	 * @param int    $actor_id   Who did it (0: the system).
	 */
	public static function seats_taken_back( int $grant_id, int $owner_id, int $product_id, array $seat_ids, string $reason, int $actor_id ): void {
		do_action( 'library_portal_seats_taken_back', $grant_id, $owner_id, $product_id, $seat_ids, $reason, $actor_id );
	}

	/**
	 * A user became a member of a contract.
	 *
	 * @param int $contract_id Contract.
	 * @param int $user_id     Member.
	 */
	public static function contract_member_added( int $contract_id, int $user_id ): void {
		do_action( 'library_portal_contract_member_added', $contract_id, $user_id );
	}

	/**
	 * A user was taken out of a contract.
	 *
	 * @param int $contract_id Contract.
	 * @param int $user_id     Former member.
	 */
	public static function contract_member_removed( int $contract_id, int $user_id ): void {
		do_action( 'library_portal_contract_member_removed', $contract_id, $user_id );
	}
}
