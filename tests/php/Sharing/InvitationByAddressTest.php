<?php
/**
 * An e-mailed invitation belongs to its address.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Sharing;

use LibraryPortal\Accounts\LoginDestination;
use LibraryPortal\Core\Seats\ShareInvites;
use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Frontend\PortalConfig;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Whoever logs in with an account of the invited address, in any browser and without the link,
 * is offered the invitation: right after the login (login_redirect) and on every portal screen
 * (the page config's shareData, "Accept / Not now"). Not offered: someone else's address, a copied
 * link, an accepted, canceled or expired invitation, an item already held, one put off until the
 * next login. The owner then sees it accepted (docs/rules/accounts-and-login.md, "Arriving: invitations and the login").
 */
final class InvitationByAddressTest extends TestCase {

	use ServesRequests;

	public function tear_down() {
		set_query_var( Routes::QUERY_VAR, '' );
		set_query_var( Routes::SHARE_VAR, '' );
		parent::tear_down();
	}

	/**
	 * An owner with seats of an item and an e-mailed invitation to an address; its link's code.
	 *
	 * @param string $email Invited address.
	 * @param int    $seats Seats.
	 * @return array{owner: int, item: int, code: string, link: int}
	 */
	private function invited( string $email, int $seats = 2 ): array {
		$owner = $this->make_user( 'subscriber', array( 'display_name' => 'Olivia Bennett' ) );
		$item  = Library::item( 'Trauma-Informed Care' );
		Library::grant( $owner, $item, $seats );
		$code    = $this->services()->share_links->issue( $owner, $item, time(), $email );
		$payload = $this->services()->share_links->resolve( $code, time() );
		$this->assertIsArray( $payload );
		return array(
			'owner' => $owner,
			'item'  => $item,
			'code'  => $code,
			'link'  => $payload['link_id'],
		);
	}

	/**
	 * The code of the invitation offered to a user, '' for none.
	 *
	 * @param int $user_id User.
	 */
	private function offered_code( int $user_id ): string {
		$offered = $this->services()->share_invites->offered_to( get_userdata( $user_id ), time() );
		return null === $offered ? '' : $offered['code'];
	}

	/**
	 * Where wp-login.php sends the user after a login without a destination.
	 *
	 * @param int $user_id User.
	 */
	private function after_login( int $user_id ): string {
		$user = get_userdata( $user_id );
		do_action( 'wp_login', $user->user_login, $user ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own action, fired as wp_signon() fires it.
		return ( new LoginDestination( $this->services()->share_invites ) )->to_portal( admin_url(), '', $user );
	}

	/**
	 * The page config's share data on a portal screen for the current user.
	 *
	 * @param string $route   Portal route.
	 * @param string $encoded The /shareseats/ code on that route.
	 * @return array<string, mixed>|null
	 */
	private function share_data( string $route, string $encoded = '' ): ?array {
		set_query_var( Routes::QUERY_VAR, $route );
		set_query_var( Routes::SHARE_VAR, $encoded );
		$services = $this->services();
		return ( new PortalConfig( $services->settings, $services->contracts, $services->share_invites ) )->build()['shareData'];
	}

	public function test_the_account_of_the_invited_address_is_offered_it_after_login_and_in_the_portal_and_the_owner_sees_it_accepted(): void {
		$invited = $this->invited( 'new.person@example.com' );
		$member  = $this->make_user( 'subscriber', array( 'user_email' => 'new.person@example.com' ) );

		$this->assertSame( $invited['code'], $this->offered_code( $member ) );
		$this->assertSame( home_url( '/shareseats/' . $invited['code'] . '/' ), $this->after_login( $member ), 'Right after the login: the invitation.' );

		wp_set_current_user( $member );
		$data = $this->share_data( 'library' );
		$this->assertIsArray( $data, 'On a portal screen without the link, the invitation is offered.' );
		$this->assertSame( 'Olivia Bennett', $data['sharer_name'] );
		$this->assertSame( 'Trauma-Informed Care', $data['product_title'] );
		$this->assertSame( $invited['code'], $data['encoded'] );
		$this->assertTrue( $data['addressed'] );
		$this->assertTrue( $this->share_data( 'shareseats', $invited['code'] )['addressed'], 'The invite page says it is theirs too.' );

		$accepted = $this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $data['encoded'] ) );
		$this->assertSame( 200, $accepted->get_status() );
		$owner_view = $this->send( 'GET', '/library/v2/videosharedata/' . $invited['item'], $invited['owner'] )->get_data()['data'];
		$this->assertSame( 0, $owner_view['pending_invitations']['total'], 'No longer pending for the owner.' );
		$this->assertContains( 'new.person@example.com', array_column( $owner_view['share_data'], 'email' ), 'The owner sees it accepted.' );

		$this->assertSame( '', $this->offered_code( $member ), 'Accepted: nothing more to offer.' );
		$this->assertSame( LoginDestination::portal_url(), $this->after_login( $member ) );
	}

	public function test_an_account_made_later_is_offered_it_and_the_address_is_compared_without_case(): void {
		$invited = $this->invited( 'Later.Person@Example.com' );
		$member  = $this->make_user( 'subscriber', array( 'user_email' => 'later.person@example.com' ) );

		$this->assertSame( $invited['code'], $this->offered_code( $member ) );
	}

	public function test_nothing_is_offered_for_another_address_a_copied_link_or_an_invitation_that_no_longer_waits(): void {
		$stranger = $this->make_user( 'subscriber', array( 'user_email' => 'someone.else@example.com' ) );
		$invited  = $this->invited( 'gone@example.com' );
		$this->services()->share_links->issue( $invited['owner'], $invited['item'], time() ); // Copied.
		$this->assertSame( '', $this->offered_code( $stranger ), 'Someone else\'s address.' );

		$member = $this->make_user( 'subscriber', array( 'user_email' => 'gone@example.com' ) );
		$this->assertTrue( $this->services()->share_links->cancel_invitation( $invited['owner'], $invited['link'], time() ) );
		$this->assertSame( '', $this->offered_code( $member ), 'Canceled.' );
		$this->assertSame( LoginDestination::portal_url(), $this->after_login( $member ) );

		$old = $this->services()->share_links->issue( $invited['owner'], $invited['item'], time() - 31 * DAY_IN_SECONDS, 'gone@example.com' );
		$this->assertNotSame( '', $old );
		$this->assertSame( '', $this->offered_code( $member ), 'Expired.' );

		$held = $this->invited( 'gone@example.com' );
		Library::share( $held['owner'], $member, $held['item'] );
		$this->assertSame( '', $this->offered_code( $member ), 'The item is already theirs.' );

		$own = $this->invited( 'sharer@example.com' );
		wp_update_user(
			array(
				'ID'         => $own['owner'],
				'user_email' => 'sharer@example.com',
			)
		);
		$this->assertSame( '', $this->offered_code( $own['owner'] ), 'Their own invitation.' );
	}

	public function test_not_now_puts_it_off_until_the_next_login_and_someone_elses_not_now_changes_nothing(): void {
		$invited  = $this->invited( 'later@example.com' );
		$member   = $this->make_user( 'subscriber', array( 'user_email' => 'later@example.com' ) );
		$stranger = $this->make_user();

		$this->assertSame( 200, $this->send( 'POST', '/library/v2/dismiss-share', $stranger, array( 'encoded' => $invited['code'] ) )->get_status() );
		$this->assertSame( $invited['code'], $this->offered_code( $member ), 'Someone else\'s "Not now" does not put it off.' );
		$this->assertSame( 401, $this->send( 'POST', '/library/v2/dismiss-share', 0, array( 'encoded' => $invited['code'] ) )->get_status() );
		$this->assertSame( 401, $this->rest_as_browser( 'POST', '/library/v2/dismiss-share', $member, null, array( 'encoded' => $invited['code'] ) )->get_status(), 'No nonce.' );
		$this->assertSame( $invited['code'], $this->offered_code( $member ), 'Refused requests change nothing.' );

		$this->assertSame( 200, $this->send( 'POST', '/library/v2/dismiss-share', $member, array( 'encoded' => $invited['code'] ) )->get_status() );
		$this->assertSame( '', $this->offered_code( $member ), 'Not now.' );
		wp_set_current_user( $member );
		$this->assertNull( $this->share_data( 'library' ) );
		$this->assertNotNull( $this->share_data( 'shareseats', $invited['code'] ), 'Its link still opens it.' );

		$this->assertSame( home_url( '/shareseats/' . $invited['code'] . '/' ), $this->after_login( $member ), 'The next login offers it again.' );
		$this->assertSame( $invited['code'], $this->offered_code( $member ) );
	}

	public function test_editors_keep_wp_admin_and_see_it_in_the_portal(): void {
		$invited = $this->invited( 'editor@example.com' );
		$editor  = $this->make_user( 'editor', array( 'user_email' => 'editor@example.com' ) );

		$this->assertSame( admin_url(), $this->after_login( $editor ) );
		$this->assertSame( $invited['code'], $this->offered_code( $editor ) );
	}

	/**
	 * @group queries
	 */
	public function test_looking_for_an_invitation_costs_the_same_however_many_others_exist(): void {
		$member = get_userdata( $this->make_user( 'subscriber', array( 'user_email' => 'nobody-invited@example.com' ) ) );
		$counts = array();
		foreach ( array( 1, 30 ) as $others ) {
			for ( $n = 0; $n < $others; $n++ ) {
				$this->invited( "other{$others}-{$n}@example.com" );
			}
			$counts[ $others ] = $this->count_queries( fn() => $this->services()->share_invites->offered_to( $member, time() ) );
		}
		$this->assertSame( 1, $counts[1] );
		$this->assertSame( $counts[1], $counts[30] );
	}
}
