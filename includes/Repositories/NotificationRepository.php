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
final class NotificationRepository extends Repository implements UserRows {

	/**
	 * Adds a notification and returns its ID.
	 *
	 * @param array{user_id: int, type: string, message: string, related_product_id?: int, related_user_id?: int, read_status?: bool} $notification Fields.
	 * @param int                                                                                                                     $now          Unix seconds.
	 */
	public function add( array $notification, int $now ): int {
		$this->must(
			$this->db->insert(
				$this->table( 'notifications' ),
				array(
					'user_id'            => (int) $notification['user_id'],
					'type'               => sanitize_key( $notification['type'] ),
					'message'            => self::plain_text( $notification['message'] ),
					'related_product_id' => (int) ( $notification['related_product_id'] ?? 0 ),
					'related_user_id'    => (int) ( $notification['related_user_id'] ?? 0 ),
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
	 * A message as plain text: no tags (HTML entities are decoded once, then tags are stripped
	 * again, so an encoded tag cannot come back), no control characters but line breaks and tabs.
	 * Messages are stored and sent as text; whoever prints them into HTML escapes them.
	 *
	 * @param string $message Message, possibly with markup.
	 */
	public static function plain_text( string $message ): string {
		$text = html_entity_decode( wp_strip_all_tags( $message ), ENT_QUOTES | ENT_HTML5, 'UTF-8' );
		$text = wp_strip_all_tags( $text );
		return trim( (string) preg_replace( '/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/u', '', $text ) );
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
	 * One page of a user's notifications, newest first, and the total they page through.
	 *
	 * @param int  $user_id        User.
	 * @param int  $page           Page, from 1.
	 * @param int  $per_page       Page size.
	 * @param bool $include_hidden Whether hidden notifications count too.
	 * @return array{rows: array<int, array<string, string>>, total: int}
	 */
	public function page_for_user( int $user_id, int $page, int $per_page, bool $include_hidden ): array {
		$table  = $this->table( 'notifications' );
		$hidden = $include_hidden ? 1 : 0;
		$total  = (int) $this->db->get_var(
			$this->db->prepare( 'SELECT COUNT(*) FROM %i WHERE user_id = %d AND hide_status <= %d', $table, $user_id, $hidden )
		);
		$rows   = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT id, type, message, related_product_id, related_user_id, read_status, hide_status, created_at FROM %i
				WHERE user_id = %d AND hide_status <= %d ORDER BY created_at DESC, id DESC LIMIT %d OFFSET %d',
				$table,
				$user_id,
				$hidden,
				$per_page,
				( $page - 1 ) * $per_page
			),
			ARRAY_A
		);
		return array(
			'rows'  => $rows,
			'total' => $total,
		);
	}

	/**
	 * Deletes a deleted user's notifications; others' notifications about them keep their text
	 * but no longer point at the user ID (a new user may get it).
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		$table = $this->table( 'notifications' );
		$this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE user_id = %d', $table, $user_id ) ), 'forget user' );
		$this->must( $this->db->query( $this->db->prepare( 'UPDATE %i SET related_user_id = 0 WHERE related_user_id = %d', $table, $user_id ) ), 'forget user' );
	}
}
