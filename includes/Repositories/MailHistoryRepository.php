<?php
/**
 * Sent share e-mails.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Repositories;

/**
 * One row per recipient of an e-mail share, also the source of the daily quota (sending
 * comes with the sharing work).
 */
final class MailHistoryRepository extends Repository implements UserRows {

	/**
	 * Deletes the mail history of a deleted user.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		$this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE sender_id = %d', $this->table( 'mail_history' ), $user_id ) ), 'forget user' );
	}
}
