<?php
/**
 * Sent share e-mails.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Database\UserRows;
use LibraryPortal\Core\Database\UserTable;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * One row per recipient of an e-mail share, with whether `wp_mail` accepted it. The accepted
 * rows of the last 24 hours are the sender's daily quota, so a failed send costs none.
 */
final class MailHistoryRepository extends Repository implements UserRows {

	/**
	 * Rows shown in the Share Details tab, newest first.
	 */
	public const SHOWN = 100;

	/**
	 * Records one recipient's result.
	 *
	 * @param int    $sender_id  Sharer.
	 * @param int    $product_id Item.
	 * @param string $email      Recipient (validated by the caller).
	 * @param bool   $accepted   Whether wp_mail accepted the message.
	 * @param int    $now        Unix seconds.
	 * @throws WriteFailed When the database refused the row.
	 */
	public function add( int $sender_id, int $product_id, string $email, bool $accepted, int $now ): void {
		$this->must(
			$this->db->insert(
				$this->table( 'mail_history' ),
				array(
					'sender_id'  => $sender_id,
					'product_id' => $product_id,
					'email'      => $email,
					'accepted'   => $accepted ? 1 : 0,
					'created_at' => $now,
				),
				array( '%d', '%d', '%s', '%d', '%d' )
			),
			'record a sent e-mail'
		);
	}

	/**
	 * A sender's history of one item, newest first (at most SHOWN rows).
	 *
	 * @param int $sender_id  Sharer.
	 * @param int $product_id Item.
	 * @return array<int, array{email: string, timestamp: int, accepted: bool, canceled: bool}>
	 */
	public function for_item( int $sender_id, int $product_id ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT email, accepted, created_at, canceled_at FROM %i WHERE sender_id = %d AND product_id = %d ORDER BY created_at DESC, id DESC LIMIT %d',
				$this->table( 'mail_history' ),
				$sender_id,
				$product_id,
				self::SHOWN
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'email'     => (string) $row['email'],
				'timestamp' => (int) $row['created_at'],
				'accepted'  => (bool) (int) $row['accepted'],
				'canceled'  => (int) $row['canceled_at'] > 0,
			),
			$rows
		);
	}

	/**
	 * Marks the messages that carried an invitation the sender canceled: the send and every resend of its link
	 * (the rows to that address of the item from the link's creation on), so the history says what became of them.
	 *
	 * @param int    $sender_id  Sharer.
	 * @param int    $product_id Item.
	 * @param string $email      The invitation's address.
	 * @param int    $since      When its link was made (Unix seconds).
	 * @param int    $now        Unix seconds.
	 * @throws WriteFailed When the database refused the change.
	 */
	public function mark_canceled( int $sender_id, int $product_id, string $email, int $since, int $now ): void {
		$this->must(
			$this->db->query(
				$this->db->prepare(
					'UPDATE %i SET canceled_at = %d WHERE sender_id = %d AND product_id = %d AND email = %s AND accepted = 1 AND canceled_at = 0 AND created_at >= %d',
					$this->table( 'mail_history' ),
					$now,
					$sender_id,
					$product_id,
					$email,
					$since
				)
			),
			'mark a canceled invitation in the send history'
		);
	}

	/**
	 * The sender's accepted messages since a time: how many, and when the oldest was sent.
	 *
	 * @param int $sender_id Sharer.
	 * @param int $since     Unix seconds.
	 * @return array{count: int, oldest: int}
	 */
	public function accepted_since( int $sender_id, int $since ): array {
		$row = $this->db->get_row(
			$this->db->prepare(
				'SELECT COUNT(*) AS sent, MIN(created_at) AS oldest FROM %i WHERE sender_id = %d AND accepted = 1 AND created_at > %d',
				$this->table( 'mail_history' ),
				$sender_id,
				$since
			),
			ARRAY_A
		);
		return array(
			'count'  => (int) ( $row['sent'] ?? 0 ),
			'oldest' => (int) ( $row['oldest'] ?? 0 ),
		);
	}

	/**
	 * Deletes the mail history of a deleted user.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		$this->sender_rows()->delete( $user_id, 'forget user' );
	}

	/**
	 * A page of the e-mails a user sent to share seats, for a personal data export, oldest first.
	 *
	 * @param int $sender_id User.
	 * @param int $limit     Rows per page.
	 * @param int $offset    Rows to skip.
	 * @return array<int, array{id: int, product_id: int, email: string, accepted: bool, created_at: int}>
	 */
	public function export_page( int $sender_id, int $limit, int $offset ): array {
		return $this->sender_rows()->export_page( $sender_id, $limit, $offset );
	}

	/**
	 * Deletes a user's e-mail history on a personal data erasure request.
	 *
	 * @param int $sender_id User.
	 * @return int Rows deleted.
	 * @throws WriteFailed When the database refused it.
	 */
	public function erase_user( int $sender_id ): int {
		return $this->sender_rows()->delete( $sender_id, 'erase mail history' );
	}

	/**
	 * The share e-mails a user sent (an export shows each address and whether it was accepted for delivery).
	 */
	private function sender_rows(): UserTable {
		return new UserTable(
			$this->db,
			$this->table( 'mail_history' ),
			array( 'sender_id' ),
			array(
				'id'         => UserTable::INT,
				'product_id' => UserTable::INT,
				'email'      => UserTable::STRING,
				'accepted'   => UserTable::BOOL,
				'created_at' => UserTable::INT,
			)
		);
	}
}
