<?php
/**
 * Notifications per user.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Notices;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Database\UserRows;
use LibraryPortal\Core\Database\UserTable;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * Stores notifications (written through Notifications\Notifier). Hiding and read-all touch only
 * the caller's own rows: the user ID is part of every WHERE clause.
 */
final class NotificationRepository extends Repository implements UserRows {

	/**
	 * Stores a notification and returns its ID. The fields are stored as given:
	 * Notifications\Notifier makes the type a key and the message plain text first.
	 *
	 * @param array{user_id: int, type: string, message: string, related_product_id?: int, related_user_id?: int, read_status?: bool} $notification Fields.
	 * @param int                                                                                                                     $now          Unix seconds.
	 * @throws WriteFailed When the database refused the row.
	 */
	public function add( array $notification, int $now ): int {
		$this->must(
			$this->db->insert(
				$this->table( 'notifications' ),
				array(
					'user_id'            => $notification['user_id'],
					'type'               => $notification['type'],
					'message'            => $notification['message'],
					'related_product_id' => $notification['related_product_id'] ?? 0,
					'related_user_id'    => $notification['related_user_id'] ?? 0,
					'read_status'        => empty( $notification['read_status'] ) ? 0 : 1,
					'hide_status'        => 0,
					'created_at'         => $now,
				),
				array( '%d', '%s', '%s', '%d', '%d', '%d', '%d', '%d' )
			),
			'add'
		);
		return (int) $this->db->insert_id;
	}

	/**
	 * Number of unread, visible notifications of a user.
	 *
	 * @param int $user_id User.
	 */
	public function unread_count( int $user_id ): int {
		return (int) $this->db->get_var(
			$this->db->prepare( 'SELECT COUNT(*) FROM %i WHERE user_id = %d AND hide_status = 0 AND read_status = 0', $this->table( 'notifications' ), $user_id )
		);
	}

	/**
	 * Hides one of a user's notifications. True when the row is theirs (hidden now or already);
	 * false when it does not exist or belongs to someone else, and then nothing changed.
	 *
	 * @param int $user_id User.
	 * @param int $id      Notification.
	 * @throws WriteFailed When the database refused the update.
	 */
	public function hide( int $user_id, int $id ): bool {
		$table   = $this->table( 'notifications' );
		$changed = $this->must(
			$this->db->query( $this->db->prepare( 'UPDATE %i SET hide_status = 1 WHERE id = %d AND user_id = %d AND hide_status = 0', $table, $id, $user_id ) ),
			'hide a notification'
		);
		if ( $changed > 0 ) {
			return true;
		}
		// Nothing changed: already hidden (idempotent) or not the user's row at all.
		return null !== $this->db->get_var( $this->db->prepare( 'SELECT id FROM %i WHERE id = %d AND user_id = %d', $table, $id, $user_id ) );
	}

	/**
	 * Marks every notification of a user read (hidden ones too); returns how many changed.
	 *
	 * @param int $user_id User.
	 * @throws WriteFailed When the database refused the update.
	 */
	public function mark_all_read( int $user_id ): int {
		return $this->must(
			$this->db->query( $this->db->prepare( 'UPDATE %i SET read_status = 1 WHERE user_id = %d AND read_status = 0', $this->table( 'notifications' ), $user_id ) ),
			'mark notifications read'
		);
	}

	/**
	 * One page of a user's notifications, newest first, and the total they page through.
	 *
	 * @param int  $user_id        User.
	 * @param int  $page           Page, from 1.
	 * @param int  $per_page       Page size.
	 * @param bool $include_hidden Whether hidden notifications count too.
	 */
	public function page_for_user( int $user_id, int $page, int $per_page, bool $include_hidden ): NotificationPage {
		$table = $this->table( 'notifications' );
		// Visible ones by equality, so the user_visible index (user_id, hide_status, created_at) gives them newest
		// first without a filesort (docs/rules/platform.md, "Query plans"); hidden ones are asked for by no screen.
		$visible = $include_hidden ? '' : ' AND hide_status = 0';
		// Both counts in one read: unread rows are visible ones, so the filter holds them either way.
		$counts = (array) $this->db->get_row(
			$this->db->prepare( "SELECT COUNT(*) AS total, COALESCE( SUM( hide_status = 0 AND read_status = 0 ), 0 ) AS unread FROM %i WHERE user_id = %d$visible", $table, $user_id ),
			ARRAY_A
		);
		$rows   = (array) $this->db->get_results(
			$this->db->prepare(
				"SELECT id, type, message, related_product_id, related_user_id, read_status, hide_status, created_at FROM %i
				WHERE user_id = %d$visible ORDER BY created_at DESC, id DESC LIMIT %d OFFSET %d",
				$table,
				$user_id,
				$per_page,
				( $page - 1 ) * $per_page
			),
			ARRAY_A
		);
		return new NotificationPage( array_map( array( Notification::class, 'from_row' ), $rows ), (int) ( $counts['total'] ?? 0 ), (int) ( $counts['unread'] ?? 0 ) );
	}

	/**
	 * Deletes a deleted user's notifications; others' notifications about them keep their text
	 * but no longer point at the user ID (a new user may get it).
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		$rows = new UserTable( $this->db, $this->table( 'notifications' ), array( 'user_id' ) );
		$rows->delete( $user_id, 'forget user' );
		$rows->release( $user_id, 'related_user_id', 'forget user' );
	}

	/**
	 * Deletes, on a personal data erasure request, a user's notifications and the notifications
	 * of others that are about the user (their text names the user).
	 *
	 * @param int $user_id User.
	 * @return int Rows deleted.
	 * @throws WriteFailed When the database refused it.
	 */
	public function erase_user( int $user_id ): int {
		return ( new UserTable( $this->db, $this->table( 'notifications' ), array( 'user_id', 'related_user_id' ) ) )->delete( $user_id, 'erase notifications' );
	}
}
