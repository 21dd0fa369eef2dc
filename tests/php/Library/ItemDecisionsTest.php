<?php
/**
 * Decisions the server sends with each item and with the user, so the browser never makes them.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Library;

use LibraryPortal\Core\Rows\Expiry;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Download links only with a seat already spent, licenses expiring this month, membership.
 */
final class ItemDecisionsTest extends TestCase {

	/**
	 * An e-manual with a download link.
	 */
	private function manual(): int {
		$item = Library::item( 'Manual', 'e-manual' );
		update_post_meta( $item, '_lp_download_link', 'https://example.com/manual.pdf' );
		return $item;
	}

	/**
	 * The first row of an item in a user's reply.
	 *
	 * @param int $user_id User.
	 * @param int $item    Item.
	 * @return array<string, mixed>
	 */
	private function row( int $user_id, int $item ): array {
		return Library::by_product( $this->rest( 'GET', '/library/v2/items', array(), $user_id )->get_data()['data'] )[ $item ];
	}

	public function test_no_download_link_before_the_seat_is_activated(): void {
		$owner = $this->make_user();
		$item  = $this->manual();
		Library::grant( $owner, $item, 2 );

		$row = $this->row( $owner, $item );

		$this->assertSame( 'can_activate', $row['access'] );
		$this->assertSame( '', $row['download_link'], 'Downloading spends a seat: the link waits for the activation.' );
	}

	public function test_no_download_link_for_a_received_seat_not_yet_activated(): void {
		$owner  = $this->make_user();
		$member = $this->make_user();
		$item   = $this->manual();
		Library::grant( $owner, $item, 2 );
		Library::share( $owner, $member, $item );

		$row = $this->row( $member, $item );

		$this->assertSame( 'shared', $row['access'] );
		$this->assertSame( '', $row['download_link'] );
	}

	public function test_download_link_once_activated_for_members_and_in_contracts(): void {
		$owner = $this->make_user();
		$item  = $this->manual();
		Library::grant( $owner, $item, 2 );
		Library::activate_own( $owner, $item );
		$this->assertSame( 'activated', $this->row( $owner, $item )['access'] );
		$this->assertSame( 'https://example.com/manual.pdf', $this->row( $owner, $item )['download_link'] );

		$member_user = $this->make_user();
		$member_item = $this->manual();
		Library::grant( $member_user, $member_item, 1, 0, 'member' );
		$this->assertSame( 'member', $this->row( $member_user, $member_item )['access'] );
		$this->assertSame( 'https://example.com/manual.pdf', $this->row( $member_user, $member_item )['download_link'] );

		$contract_user = $this->make_user();
		$contracts     = $this->services()->contracts;
		$contract      = $contracts->create( array( 'title' => 'C' ), time() );
		$contracts->add_member( $contract, $contract_user );
		$contract_item = $this->manual();
		$contracts->add_item( $contract, $contract_item );
		$this->assertSame( 'contract', $this->row( $contract_user, $contract_item )['access'] );
		$this->assertSame( 'https://example.com/manual.pdf', $this->row( $contract_user, $contract_item )['download_link'] );
	}

	public function test_expiring_licenses_counts_unexpired_seats_ending_this_month(): void {
		$owner      = $this->make_user();
		$now        = time();
		$next_month = Expiry::next_month_start( $now, wp_timezone() );
		$this_month = Library::item( 'Ends this month' );
		$later      = Library::item( 'Ends later' );
		$never      = Library::item( 'Never ends' );
		$gone       = Library::item( 'Already ended' );
		$at_first   = Library::item( 'Ends as next month begins' );
		Library::grant( $owner, $this_month, 3, $next_month - 1 );
		Library::grant( $owner, $at_first, 2, $next_month );
		Library::grant( $owner, $later, 2, $next_month + DAY_IN_SECONDS );
		Library::grant( $owner, $never, 2, 0 );
		Library::grant( $owner, $gone, 2, $now - 10 );

		$this->assertSame( 3, $this->row( $owner, $this_month )['expiring_licenses'] );
		$this->assertSame( 0, $this->row( $owner, $later )['expiring_licenses'] );
		$this->assertSame( 0, $this->row( $owner, $at_first )['expiring_licenses'], 'A seat usable until midnight of the 1st ends next month.' );
		$this->assertSame( 0, $this->row( $owner, $never )['expiring_licenses'] );
		$this->assertSame( 0, $this->row( $owner, $gone )['expiring_licenses'], 'Expired seats are not "expiring".' );
	}

	public function test_next_month_starts_at_local_midnight_of_the_first(): void {
		$tz  = new \DateTimeZone( 'America/New_York' );
		$now = ( new \DateTimeImmutable( '2030-01-31 23:30:00', $tz ) )->getTimestamp();

		$start = Expiry::next_month_start( $now, $tz );

		$this->assertSame( '2030-02-01 00:00:00', ( new \DateTimeImmutable( '@' . $start ) )->setTimezone( $tz )->format( 'Y-m-d H:i:s' ) );
	}

	public function test_is_member_is_the_servers_decision(): void {
		$never   = $this->make_user();
		$legacy  = $this->make_user();
		$expired = $this->make_user();
		$none    = $this->make_user();
		Library::grant( $never, Library::item( 'Membership A', 'membership' ), 1, 0 );
		Library::grant( $legacy, Library::item( 'Membership B', 'membership' ), 1, Expiry::NEVER_LEGACY );
		Library::grant( $expired, Library::item( 'Membership C', 'membership' ), 1, time() - 100 );

		$is_member = fn( int $user_id ) => $this->rest( 'GET', '/library/v2/user', array(), $user_id )->get_data()['data']['is_member'];

		$this->assertTrue( $is_member( $never ) );
		$this->assertTrue( $is_member( $legacy ), '100100 means never, not 1970.' );
		$this->assertFalse( $is_member( $expired ) );
		$this->assertFalse( $is_member( $none ) );
	}

	public function test_the_viewer_the_sharers_cleaned_name_and_the_sharing_controls_are_the_servers(): void {
		$owner  = $this->make_user( 'subscriber', array( 'display_name' => "Olivia\nOwner, see https://evil.example" ) );
		$member = $this->make_user();
		$item   = Library::item( 'Negotiation', 'workshop' );
		Library::grant( $owner, $item, 3 );
		Library::share( $owner, $member, $item );

		$own = $this->row( $owner, $item );
		$this->assertSame( array( 'owner', '', true ), array( $own['viewer'], $own['shared_by'], $own['share_controls'] ) );

		$received = $this->row( $member, $item );
		$this->assertSame( 'team_member', $received['viewer'] );
		$this->assertSame( 'Olivia Owner, see', $received['shared_by'], 'Cleaned as PersonName cleans names in mail: no line break, no address.' );
		$this->assertFalse( $received['share_controls'], 'A team member gets no sharing controls.' );

		$contract_user = $this->make_user();
		$contracts     = $this->services()->contracts;
		$contract      = $contracts->create( array( 'title' => 'C' ), time() );
		$contracts->add_member( $contract, $contract_user );
		$contract_item = Library::item( 'Contract Workshop', 'workshop' );
		$contracts->add_item( $contract, $contract_item );
		$in_contract = $this->row( $contract_user, $contract_item );
		$this->assertSame( array( 'contract_user', '', false ), array( $in_contract['viewer'], $in_contract['shared_by'], $in_contract['share_controls'] ) );

		$member_item = Library::item( 'Member Webinar', 'webinar' );
		Library::grant( $owner, $member_item, 1, 0, 'member' );
		$this->assertFalse( $this->row( $owner, $member_item )['share_controls'], 'Member items are never shared.' );
	}
}
