<?php
/**
 * Notifications as the repository stores and reads them.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Notifications;

use LibraryPortal\Core\Notices\Notification;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The repository stores what it is given (the Notifier cleans it first) and reads typed
 * Notification objects back.
 *
 * @group database
 */
final class NotificationRepositoryTest extends TestCase {

	public function test_the_repository_stores_as_given_and_the_notifier_cleans_first(): void {
		$user     = $this->make_user();
		$services = $this->services();
		$services->notifications->add(
			array(
				'user_id' => $user,
				'type'    => 'raw',
				'message' => 'As <em>given</em>',
			),
			1_800_000_000
		);
		$services->notifier->notify(
			array(
				'user_id'            => $user,
				'type'               => 'Share Accepted!',
				'message'            => 'Theo <strong>accepted</strong>',
				'related_product_id' => 7,
				'read_status'        => true,
			),
			1_800_000_060
		);

		$page = $services->notifications->page_for_user( $user, 1, 10, false );

		$this->assertSame( 2, $page->total );
		$this->assertContainsOnlyInstancesOf( Notification::class, $page->notifications );
		list( $cleaned, $raw ) = $page->notifications;
		$this->assertSame( array( 'shareaccepted', 'Theo accepted', 7, true, false, 1_800_000_060 ), array( $cleaned->type, $cleaned->message, $cleaned->related_product_id, $cleaned->read, $cleaned->hidden, $cleaned->created_at ) );
		$this->assertSame( array( 'raw', 'As <em>given</em>', false ), array( $raw->type, $raw->message, $raw->read ) );
	}
}
