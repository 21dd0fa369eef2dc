<?php
/**
 * Writes notifications.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Notices;

use LibraryPortal\Platform\Database\WriteFailed;

/**
 * The one way notifications are written: it makes the type a key and the message plain text
 * before the repository stores them as given.
 */
final class Notifier {

	/**
	 * Stored notifications.
	 *
	 * @var NotificationRepository
	 */
	private NotificationRepository $notifications;

	/**
	 * Wires the service.
	 *
	 * @param NotificationRepository $notifications Stored notifications.
	 */
	public function __construct( NotificationRepository $notifications ) {
		$this->notifications = $notifications;
	}

	/**
	 * Notifies a user and returns the notification's ID.
	 *
	 * @param array{user_id: int, type: string, message: string, related_product_id?: int, related_user_id?: int, read_status?: bool} $notification Fields; the message may hold markup.
	 * @param int                                                                                                                     $now          Unix seconds.
	 * @throws WriteFailed When the database refused the row.
	 */
	public function notify( array $notification, int $now ): int {
		$notification['type']    = sanitize_key( $notification['type'] );
		$notification['message'] = self::plain_text( $notification['message'] );
		return $this->notifications->add( $notification, $now );
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
}
