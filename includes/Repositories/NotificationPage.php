<?php
/**
 * One page of a user's notifications.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Repositories;

/**
 * The notifications of one page and how many there are in all.
 */
final class NotificationPage {

	/**
	 * Builds the page.
	 *
	 * @param Notification[] $notifications This page, newest first.
	 * @param int            $total         All notifications the pages go through.
	 */
	public function __construct(
		public readonly array $notifications,
		public readonly int $total
	) {}
}
