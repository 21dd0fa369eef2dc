<?php
/**
 * One page of a user's notifications.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Notices;

/**
 * The notifications of one page, how many there are in all, and how many are unread.
 */
final class NotificationPage {

	/**
	 * Builds the page.
	 *
	 * @param Notification[] $notifications This page, newest first.
	 * @param int            $total         All notifications the pages go through.
	 * @param int            $unread        Unread, visible notifications (the bell's count).
	 */
	public function __construct(
		public readonly array $notifications,
		public readonly int $total,
		public readonly int $unread
	) {}
}
