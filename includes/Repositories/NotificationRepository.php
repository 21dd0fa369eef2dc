<?php
/**
 * Notifications per user.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Repositories;

/**
 * Stores notifications; listing, hiding and read-all come with the notifications work.
 */
final class NotificationRepository extends Repository {

	/**
	 * Adds a notification and returns its ID.
	 *
	 * @param array{user_id: int, type: string, message: string, related_product_id?: int, related_user_id?: int, read_status?: bool} $notification Fields.
	 * @param int                                                                                                                     $now          Unix seconds.
	 */
	public function add( array $notification, int $now ): int {
		$this->db->insert(
			$this->table( 'notifications' ),
			array(
				'user_id'            => (int) $notification['user_id'],
				'type'               => sanitize_key( $notification['type'] ),
				'message'            => wp_kses_post( $notification['message'] ),
				'related_product_id' => (int) ( $notification['related_product_id'] ?? 0 ),
				'related_user_id'    => (int) ( $notification['related_user_id'] ?? 0 ),
				'read_status'        => empty( $notification['read_status'] ) ? 0 : 1,
				'hide_status'        => 0,
				'created_at'         => $now,
			),
			array( '%d', '%s', '%s', '%d', '%d', '%d', '%d', '%d' )
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
}
