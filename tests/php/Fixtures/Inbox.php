<?php
/**
 * Notifications for the tests.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Fixtures;

use LibraryPortal\Services;

/**
 * Writes notifications through the plugin's own Notifier.
 */
final class Inbox {

	/**
	 * Adds N unread share_accepted notifications for a user, one a minute apart from a fixed
	 * time (the last is the newest). The message carries markup, which the Notifier strips:
	 * 'Message {n}'.
	 *
	 * @param int $user_id User.
	 * @param int $count   How many.
	 * @return int[] IDs, oldest first.
	 */
	public static function fill( int $user_id, int $count ): array {
		$notifier = Services::on( $GLOBALS['wpdb'] )->notifier;
		$ids      = array();
		for ( $i = 1; $i <= $count; $i++ ) {
			$ids[] = $notifier->notify(
				array(
					'user_id' => $user_id,
					'type'    => 'share_accepted',
					'message' => "Message <strong>$i</strong>",
				),
				1_800_000_000 + 60 * $i
			);
		}
		return $ids;
	}
}
