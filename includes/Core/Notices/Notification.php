<?php
/**
 * One notification as read from the database.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Notices;

/**
 * A notification of one user.
 */
final class Notification {

	/**
	 * Builds the notification.
	 *
	 * @param int    $id                 Notification ID.
	 * @param string $type               Type key.
	 * @param string $message            Message as stored.
	 * @param int    $related_product_id Item it is about (0: none).
	 * @param int    $related_user_id    Person it is about (0: none or deleted).
	 * @param bool   $read               Read by its user.
	 * @param bool   $hidden             Hidden by its user.
	 * @param int    $created_at         Unix seconds.
	 */
	public function __construct(
		public readonly int $id,
		public readonly string $type,
		public readonly string $message,
		public readonly int $related_product_id,
		public readonly int $related_user_id,
		public readonly bool $read,
		public readonly bool $hidden,
		public readonly int $created_at
	) {}

	/**
	 * A notification from a row of the notifications table (ARRAY_A).
	 *
	 * @param array<string, mixed> $row Row.
	 */
	public static function from_row( array $row ): self {
		return new self(
			(int) $row['id'],
			(string) $row['type'],
			(string) $row['message'],
			(int) $row['related_product_id'],
			(int) $row['related_user_id'],
			(bool) (int) $row['read_status'],
			(bool) (int) $row['hide_status'],
			(int) $row['created_at']
		);
	}
}
