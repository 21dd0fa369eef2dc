<?php
/**
 * A canceled invitation in the send history and the audit trail.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Sharing;

use LibraryPortal\Grants\AuditListTable;
use LibraryPortal\Grants\GrantsPage;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\AdminScreens;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Cancel invitation marks the messages that carried the invitation as canceled in the owner's
 * e-mail history and writes a row to the audit trail, whose "User" column names who acted with
 * the seat's holder beside
 * (docs/rules/seats-and-sharing.md, "Arriving: pending invitations, cancellations, the audit trail").
 */
final class CanceledInvitationTest extends TestCase {

	use AdminScreens;
	use ServesRequests;

	/**
	 * An owner (Olivia Bennett) with three seats who e-mailed two invitations; no cooldown.
	 *
	 * @return array{0: int, 1: int}
	 */
	private function owner_who_invited(): array {
		$this->services()->settings->update( array( 'cooldown_seconds' => 0 ) );
		$owner = $this->make_user(
			'subscriber',
			array(
				'display_name' => 'Olivia Bennett',
				'user_email'   => 'olivia@example.com',
			)
		);
		$item  = Library::item( 'Trauma-Informed Care' );
		Library::grant( $owner, $item, 3 );
		$reply = $this->send(
			'POST',
			'/library/v2/send-share-emails',
			$owner,
			array(
				'emails'     => 'kept@example.com, dropped@example.com',
				'product_id' => $item,
			)
		);
		$this->assertSame( 200, $reply->get_status() );
		return array( $owner, $item );
	}

	/**
	 * The share data of the item, as the owner's Share Details tab reads it.
	 *
	 * @param int $owner Owner.
	 * @param int $item  Item.
	 * @return array<string, mixed>
	 */
	private function share_data( int $owner, int $item ): array {
		return $this->send( 'GET', '/library/v2/videosharedata/' . $item, $owner )->get_data()['data'];
	}

	/**
	 * The audit trail of an owner's grants as the wp-admin screen prints it.
	 *
	 * @param int $owner Owner.
	 */
	private function trail( int $owner ): string {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		set_current_screen( GrantsPage::AUDIT_SCREEN );
		$table = new AuditListTable( $this->services()->seat_audit, $owner, GrantsPage::AUDIT_SCREEN );
		$table->prepare_page( 50 );
		ob_start();
		$table->display();
		return (string) ob_get_clean();
	}

	public function test_the_email_history_says_which_invitation_was_canceled(): void {
		list( $owner, $item ) = $this->owner_who_invited();
		$data                 = $this->share_data( $owner, $item );
		$dropped              = current( array_filter( $data['pending_invitations']['invitations'], static fn( $i ) => 'dropped@example.com' === $i['email'] ) );

		$this->assertSame( 200, $this->send( 'DELETE', '/library/v2/share-invitations/' . $dropped['id'], $owner )->get_status() );

		$history = array_column( $this->share_data( $owner, $item )['mail_history'], null, 'email' );
		$this->assertTrue( $history['dropped@example.com']['canceled'], 'The canceled invitation says so.' );
		$this->assertTrue( $history['dropped@example.com']['accepted'], 'It was sent all the same.' );
		$this->assertFalse( $history['kept@example.com']['canceled'], 'The other one still waits.' );
	}

	public function test_the_audit_trail_records_the_cancel_and_names_who_acted_with_the_holder_beside(): void {
		list( $owner, $item ) = $this->owner_who_invited();
		$data                 = $this->share_data( $owner, $item );
		$this->assertSame( 200, $this->send( 'DELETE', '/library/v2/share-invitations/' . $data['pending_invitations']['invitations'][0]['id'], $owner )->get_status() );
		$member = $this->make_user(
			'subscriber',
			array(
				'display_name' => 'Noah Patel',
				'user_email'   => 'noah@example.com',
			)
		);
		$seat   = Library::share( $owner, $member, $item );
		$this->assertSame( 200, $this->send( 'POST', '/library/v2/revoke-share/' . $seat, $owner )->get_status() );

		$rows = array();
		foreach ( explode( '</tr>', $this->trail( $owner ) ) as $row ) {
			if ( preg_match( '#column-actor[^>]*>(.*?)</td>.*column-holder[^>]*>(.*?)</td>.*column-action[^>]*>(.*?)</td>#s', $row, $cells ) ) {
				$rows[] = array( $cells[3], html_entity_decode( wp_strip_all_tags( $cells[1] ) ), html_entity_decode( wp_strip_all_tags( $cells[2] ) ) );
			}
		}

		$this->assertContains( array( 'Invitation canceled', 'Olivia Bennett (olivia@example.com)', '—' ), $rows, 'The cancel is in the trail, by its owner.' );
		$this->assertContains( array( 'Share revoked', 'Olivia Bennett (olivia@example.com)', 'Noah Patel (noah@example.com)' ), $rows, 'Who took the seat back, and whose seat it was.' );
		$this->assertStringContainsString( '>User</', $this->trail( $owner ) );
		$this->assertStringContainsString( '>Holder</', $this->trail( $owner ) );
	}
}
