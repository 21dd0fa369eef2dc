<?php
/**
 * Where an accepted invite leads, and what a visitor who already holds the item is shown.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Sharing;

use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Frontend\PortalConfig;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The accept reply names the item's address (the banner goes there, not back to a claimed-out
 * invite), and the page's share data says when the visitor already holds a seat of the item
 * (docs/rules/seats-and-sharing.md, "Sharing seats").
 */
final class InviteOutcomeTest extends TestCase {

	use ServesRequests;

	/**
	 * The owner's copied link code of an item.
	 *
	 * @param int $owner Owner.
	 * @param int $item  Item.
	 */
	private function link( int $owner, int $item ): string {
		$reply = $this->send( 'POST', '/library/v2/share-link/' . $item, $owner );
		preg_match( '#/shareseats/([A-Za-z0-9_-]+)/$#', (string) $reply->get_data()['data']['link'], $match );
		return $match[1];
	}

	/**
	 * The page's share data for a visitor of a link.
	 *
	 * @param int    $visitor Visitor.
	 * @param string $code    Link code.
	 * @return array<string, mixed>
	 */
	private function share_data( int $visitor, string $code ): array {
		wp_set_current_user( $visitor );
		set_query_var( Routes::QUERY_VAR, 'shareseats' );
		set_query_var( Routes::SHARE_VAR, $code );
		$services = $this->services();
		return ( new PortalConfig( $services->settings, $services->contracts, $services->share_invites ) )->build()['shareData'];
	}

	public function test_taking_the_last_seat_answers_the_items_address(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Last Seat' );
		Library::grant( $owner, $item, 1 );
		$code = $this->link( $owner, $item );

		$reply = $this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $code ) );

		$this->assertSame( 200, $reply->get_status() );
		$this->assertSame( home_url( '/my-account/library/videos/' . $item ), $reply->get_data()['data']['item_url'] );
		$this->assertSame( 0, Library::seat_states( $item )['available'], 'The last seat is taken.' );
		$again = $this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $code ) );
		$this->assertSame( array( 200, true, home_url( '/my-account/library/videos/' . $item ) ), array( $again->get_status(), $again->get_data()['data']['already'], $again->get_data()['data']['item_url'] ) );
	}

	public function test_the_holder_of_the_last_seat_sees_the_item_not_every_license_taken(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Claimed Out' );
		Library::grant( $owner, $item, 1 );
		$code = $this->link( $owner, $item );
		$this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $code ) );

		$share = $this->share_data( $member, $code );

		$this->assertTrue( $share['held'] );
		$this->assertSame( home_url( '/my-account/library/videos/' . $item ), $share['item_url'] );
		$this->assertSame( 'Claimed Out', $share['product_title'] );
		$this->assertArrayNotHasKey( 'error', $share );

		$stranger = $this->share_data( $this->make_user(), $code );
		$this->assertFalse( $stranger['held'], 'Someone without a seat is offered the claim (here: Notify).' );
		$this->assertSame( array( 0, '' ), array( $stranger['available_licenses'], $stranger['item_url'] ) );
		$this->assertFalse( $this->share_data( $owner, $code )['held'], 'The sharer is told it is their own link.' );
		$this->assertTrue( $this->share_data( $owner, $code )['own'] );
	}

	public function test_an_own_license_or_a_seat_from_another_sharer_counts_as_held_and_spends_nothing(): void {
		$owner   = $this->make_user();
		$other   = $this->make_user();
		$buyer   = $this->make_user();
		$member  = $this->make_user();
		$item    = Library::item( 'Held Elsewhere' );
		$expired = Library::item( 'Expired Elsewhere' );
		Library::grant( $owner, $item, 3 );
		Library::grant( $other, $item, 1 );
		Library::grant( $buyer, $item, 1 );
		Library::grant( $owner, $expired, 2 );
		Library::grant( $member, $expired, 1, time() - 10 );
		Library::share( $other, $member, $item );
		$code = $this->link( $owner, $item );

		$this->assertTrue( $this->share_data( $member, $code )['held'], 'A seat from another team.' );
		$this->assertTrue( $this->share_data( $buyer, $code )['held'], 'An own license.' );
		$this->assertFalse( $this->share_data( $member, $this->link( $owner, $expired ) )['held'], 'An expired license holds nothing.' );

		$reply = $this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $code ) );

		$this->assertSame( array( 200, true ), array( $reply->get_status(), $reply->get_data()['data']['already'] ) );
		$this->assertSame( 3, $this->services()->licenses->own_seat_counts( $owner, $item, time() )['available'], "This team's seats stay free." );
	}

	public function test_the_recipient_of_a_used_emailed_link_is_shown_the_item(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = Library::item( 'Mailed' );
		Library::grant( $owner, $item, 2 );
		$code = $this->services()->share_links->issue( $owner, $item, time(), 'member@example.com' );
		$this->assertSame( 200, $this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $code ) )->get_status() );

		$share = $this->share_data( $member, $code );
		$other = $this->share_data( $this->make_user(), $code );

		$this->assertTrue( $share['held'] );
		$this->assertSame( home_url( '/my-account/library/videos/' . $item ), $share['item_url'] );
		$this->assertSame( 'This invitation has already been accepted. Each e-mailed invitation works once: ask the sender for a new one.', $other['error'], 'Anyone else is told the link was used.' );
	}
}
