<?php
/**
 * The items reply says how many e-mailed invitations of each item are pending.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Sharing;

use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * An owner's row carries `pending_invites` (their e-mailed links not accepted, withdrawn or
 * expired) beside the seat counts, which pending invitations do not lower: an invitation holds no
 * seat (docs/rules/seats-and-sharing.md, "Pending invitations beside the seats").
 */
final class PendingInvitationsBesideSeatsTest extends TestCase {

	use ServesRequests;

	/**
	 * The caller's row of the item in the items reply (their own row, not a received one).
	 *
	 * @param int $user User.
	 * @param int $item Item.
	 * @return array<string, mixed>
	 */
	private function row( int $user, int $item ): array {
		$rows = $this->rest( 'GET', '/library/v2/items', array(), $user )->get_data()['data'];
		foreach ( $rows as $row ) {
			if ( $row['product_id'] === $item ) {
				return $row;
			}
		}
		$this->fail( 'The item is not in the library.' );
	}

	/**
	 * E-mails invitations to the typed addresses.
	 *
	 * @param int    $owner  Owner.
	 * @param int    $item   Item.
	 * @param string $emails Typed addresses.
	 */
	private function invite( int $owner, int $item, string $emails ): void {
		$reply = $this->send(
			'POST',
			'/library/v2/send-share-emails',
			$owner,
			array(
				'emails'     => $emails,
				'product_id' => $item,
			)
		);
		$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
	}

	public function test_two_invitations_on_three_free_seats_are_two_pending_and_three_still_available(): void {
		$this->services()->settings->update( array( 'cooldown_seconds' => 0 ) );
		$owner = $this->make_user();
		$item  = Library::item( 'Trauma-Informed Care' );
		Library::grant( $owner, $item, 3 );
		$this->assertSame( 0, $this->row( $owner, $item )['pending_invites'], 'Nothing sent yet (and the reply is now kept).' );

		$this->invite( $owner, $item, 'olivia@example.com, sam@example.com' );
		$this->send( 'POST', '/library/v2/share-link/' . $item, $owner ); // A copied link is no invitation.

		$row = $this->row( $owner, $item );
		$this->assertSame( 2, $row['pending_invites'], 'The kept reply went with the send.' );
		$this->assertSame( 3, $row['available_licenses'], 'An invitation holds no seat: whoever accepts first takes one.' );

		$pending = $this->send( 'GET', '/library/v2/videosharedata/' . $item, $owner )->get_data()['data']['pending_invitations']['invitations'];
		$this->assertSame( 200, $this->send( 'DELETE', '/library/v2/share-invitations/' . $pending[0]['id'], $owner )->get_status() );
		$this->assertSame( 1, $this->row( $owner, $item )['pending_invites'], 'A cancel lowers it.' );
		$this->assertSame( $pending[1]['expires_at'], $this->row( $owner, $item )['pending_until'], 'The reply is kept no longer than the oldest pending invitation works.' );

		$this->assertSame( 200, $this->send( 'DELETE', '/library/v2/share-link/' . $item, $owner )->get_status() );
		$this->assertSame( 0, $this->row( $owner, $item )['pending_invites'], 'Withdrawing every link leaves none pending.' );
	}

	public function test_a_team_member_row_and_an_expired_invitation_count_none(): void {
		$this->services()->settings->update( array( 'cooldown_seconds' => 0 ) );
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Shared Training' );
		Library::grant( $owner, $item, 3 );
		Library::share( $owner, $member, $item );
		$this->invite( $owner, $item, 'new@example.com' );
		$own = Library::item( 'Member Own Training' );
		Library::grant( $member, $own, 2 );
		$this->invite( $member, $own, 'x@example.com' );

		$this->assertSame( 1, $this->row( $owner, $item )['pending_invites'] );
		$this->assertSame( 0, $this->row( $member, $item )['pending_invites'], "The owner's invitations are not the team member's." );

		$this->services()->settings->update( array( 'link_lifetime_days' => 1 ) );
		$this->services()->library_cache->forget_all();
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET created_at = created_at - %d', $wpdb->prefix . 'lp_share_links', 2 * DAY_IN_SECONDS ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; ages the links as time would.
		$this->assertSame( 0, $this->row( $owner, $item )['pending_invites'], 'An expired invitation is not pending.' );
	}
}
