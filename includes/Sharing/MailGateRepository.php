<?php
/**
 * The e-mail send gate of each sender.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Sharing;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Database\UserRows;
use LibraryPortal\Core\Database\UserTable;

/**
 * One row per sender. A send first takes the gate with one conditional UPDATE (no send in
 * progress, cooldown over), so of parallel sends exactly one goes on and the others get 429;
 * the quota is then counted by the only request that can change it. The lock expires by
 * itself (LOCK_SECONDS), so a request that died mid-send cannot block its sender for good.
 */
final class MailGateRepository extends Repository implements UserRows {

	/**
	 * Longest a send may hold the gate.
	 */
	public const LOCK_SECONDS = 120;

	/**
	 * Takes the gate: 0 when this request may send now, else the seconds to wait.
	 *
	 * @param int $sender_id Sharer.
	 * @param int $now       Unix seconds.
	 */
	public function take( int $sender_id, int $now ): int {
		$table = $this->table( 'mail_senders' );
		$take  = fn(): int => $this->must(
			$this->db->query(
				$this->db->prepare(
					'UPDATE %i SET locked_until = %d WHERE sender_id = %d AND locked_until <= %d AND next_send_at <= %d',
					$table,
					$now + self::LOCK_SECONDS,
					$sender_id,
					$now,
					$now
				)
			),
			'take the send gate'
		);
		if ( 1 === $take() ) {
			return 0;
		}
		// A first send: create the row already taken; if a parallel request created it first, try once more.
		$created = $this->must(
			$this->db->query( $this->db->prepare( 'INSERT IGNORE INTO %i (sender_id, locked_until, next_send_at) VALUES (%d, %d, 0)', $table, $sender_id, $now + self::LOCK_SECONDS ) ),
			'take the send gate'
		);
		if ( 1 === $created || 1 === $take() ) {
			return 0;
		}
		$row = $this->db->get_row( $this->db->prepare( 'SELECT locked_until, next_send_at FROM %i WHERE sender_id = %d', $table, $sender_id ), ARRAY_A );
		return max( 1, max( (int) ( $row['locked_until'] ?? 0 ), (int) ( $row['next_send_at'] ?? 0 ) ) - $now );
	}

	/**
	 * Seconds until the sender may send again (0: now). A read, for the share modal.
	 *
	 * @param int $sender_id Sharer.
	 * @param int $now       Unix seconds.
	 */
	public function wait( int $sender_id, int $now ): int {
		$row = $this->db->get_row( $this->db->prepare( 'SELECT locked_until, next_send_at FROM %i WHERE sender_id = %d', $this->table( 'mail_senders' ), $sender_id ), ARRAY_A );
		return is_array( $row ) ? max( 0, max( (int) $row['locked_until'], (int) $row['next_send_at'] ) - $now ) : 0;
	}

	/**
	 * Gives the gate back; the next send may start after the cooldown (0: at once).
	 *
	 * @param int $sender_id Sharer.
	 * @param int $now       Unix seconds.
	 * @param int $cooldown  Seconds.
	 */
	public function release( int $sender_id, int $now, int $cooldown ): void {
		$this->must(
			$this->db->query( $this->db->prepare( 'UPDATE %i SET locked_until = 0, next_send_at = %d WHERE sender_id = %d', $this->table( 'mail_senders' ), $now + max( 0, $cooldown ), $sender_id ) ),
			'release the send gate'
		);
	}

	/**
	 * Deletes a deleted user's gate.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		( new UserTable( $this->db, $this->table( 'mail_senders' ), array( 'sender_id' ) ) )->delete( $user_id, 'forget user' );
	}
}
