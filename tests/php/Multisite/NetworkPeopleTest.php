<?php
/**
 * People on a network: invites across sites, shares across sites, erasure per site, and whose
 * accounts a site's admin screens show.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Multisite;

use LibraryPortal\Core\People\SiteMembers;
use LibraryPortal\Core\Quizzes\QuizService;
use LibraryPortal\Core\Rows\Certificate;
use LibraryPortal\Core\Rows\CertificateNames;
use LibraryPortal\Grants\GrantsPage;
use LibraryPortal\Sharing\InviteLogin;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use RuntimeException;

/**
 * Users are the network's, data is each site's (docs/rules/platform.md, "Multisite").
 *
 * @group multisite
 */
final class NetworkPeopleTest extends NetworkTestCase {

	use ServesRequests;

	/**
	 * wp_die() throws, so a refused admin form can be checked.
	 */
	protected function set_up() {
		parent::set_up();
		add_filter(
			'wp_die_handler',
			static fn() => static function ( $message, $title = '', $args = array() ) {
				throw new RuntimeException( 'wp_die ' . (int) ( $args['response'] ?? 0 ) );
			}
		);
	}

	/**
	 * The grants screens over the current site's tables.
	 */
	private function grants_page(): GrantsPage {
		$services = $this->services();
		return new GrantsPage( $services->grants, $services->licenses, $services->grant_rows, $services->seat_audit, $services->library, new QuizService( $services->quiz_attempts, $services->certificates, $services->progress, $services->licenses, $services->notifier, $services->settings, $services->seat_audit ) );
	}

	/**
	 * "View as user" for a login, as the current user.
	 *
	 * @param string $who E-mail or login.
	 */
	private function view_as( string $who ): string {
		$_GET = array( 'user' => $who );
		set_current_screen( GrantsPage::GRANTS_SCREEN );
		ob_start();
		$this->grants_page()->render_view_as();
		return (string) ob_get_clean();
	}

	/**
	 * A site with its own administrator (not a super admin); returns both IDs.
	 *
	 * @return array{0: int, 1: int}
	 */
	private function site_with_admin(): array {
		$site  = $this->make_site();
		$admin = $this->make_user( 'subscriber' );
		add_user_to_blog( $site, $admin, 'administrator' );
		remove_user_from_blog( $admin, get_main_site_id() );
		return array( $site, $admin );
	}

	public function test_a_logged_out_invitee_who_logs_in_on_the_main_site_goes_back_to_the_invites_site(): void {
		$site = $this->make_site();
		$user = get_userdata( $this->make_user() );
		switch_to_blog( $site );
		$kept = InviteLogin::cookie_value( 'c2hhcmVkLWxpbmstY29kZQ' ); // What /summit/shareseats/{code}/ keeps.
		$back = home_url( '/shareseats/c2hhcmVkLWxpbmstY29kZQ/' );
		restore_current_blog();
		$_COOKIE[ InviteLogin::COOKIE ] = $kept; // The cookie's path is the network's: the main site reads it.

		$this->assertSame( $back, ( new InviteLogin() )->back_to_invite( admin_url(), '', $user ) );
		$this->assertStringContainsString( get_blog_details( $site )->path . 'shareseats/', $back );
	}

	public function test_the_register_first_hint_follows_the_networks_registration_setting(): void {
		$site = $this->make_site();
		switch_to_blog( $site );
		$_COOKIE[ InviteLogin::COOKIE ] = InviteLogin::cookie_value( 'c2hhcmVkLWxpbmstY29kZQ' );
		update_option( 'users_can_register', 1 ); // A site's own option means nothing on a network.
		$before = get_site_option( 'registration' );
		try {
			update_site_option( 'registration', 'none' );
			$closed = ( new InviteLogin() )->explain( '' );
			update_site_option( 'registration', 'user' );
			$open = ( new InviteLogin() )->explain( '' );
		} finally {
			update_site_option( 'registration', $before );
			restore_current_blog();
		}

		$this->assertStringContainsString( 'This site does not let visitors create one', $closed );
		$this->assertStringContainsString( 'Create an account', $open );
		$this->assertStringContainsString( rawurlencode( get_home_url( $site, '/shareseats/c2hhcmVkLWxpbmstY29kZQ/' ) ), $open, 'Signing up leads back to the invite on its own site.' );
	}

	public function test_a_share_accepted_on_a_site_by_a_user_of_another_site_is_allowed_and_shows_in_that_sites_admin(): void {
		list( $site, $admin ) = $this->site_with_admin();
		$owner                = $this->make_user();
		$member               = $this->make_user( 'subscriber', array( 'user_email' => 'main-site-member@example.com' ) ); // A member of the main site only.
		add_user_to_blog( $site, $owner, 'subscriber' );
		switch_to_blog( $site );
		$item = Library::item( 'Summit Leadership', 'on-demand' );
		Library::grant( $owner, $item, 2 );
		$link = $this->send( 'POST', '/library/v2/share-link/' . $item, $owner )->get_data()['data']['link'];
		preg_match( '#/shareseats/([A-Za-z0-9_-]+)/$#', $link, $code );
		$this->assertFalse( is_user_member_of_blog( $member, $site ) );

		$reply = $this->send( 'POST', '/library/v2/accept-share', $member, array( 'encoded' => $code[1] ) );

		$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
		$this->assertArrayHasKey( $item, Library::by_product( $this->send( 'GET', '/library/v2/items', $member )->get_data()['data'] ) );
		wp_set_current_user( $admin );
		$this->assertStringContainsString( 'Library of', $this->view_as( 'main-site-member@example.com' ), 'A holder of a seat here is one of this site\'s people.' );
		restore_current_blog();
	}

	public function test_a_member_renamed_on_one_site_shows_renamed_in_a_team_kept_on_another(): void {
		$site   = $this->make_site();
		$owner  = $this->make_user();
		$member = $this->make_user( 'subscriber', array( 'display_name' => 'Nina Before' ) );
		switch_to_blog( $site );
		$item = Library::item( 'Summit Coaching', 'on-demand' );
		Library::grant( $owner, $item, 2 );
		Library::share( $owner, $member, $item );
		$team    = fn(): array => $this->send( 'GET', '/library/v2/shareduserscontent', $owner )->get_data()['data'];
		$version = fn(): string => $this->services()->library_cache->team_version_of( $owner );
		$this->assertSame( 'Nina Before', $team()[ $member ]['name'] );
		$kept    = $version();
		restore_current_blog();

		// A profile save that changes nothing the team shows leaves the other site alone.
		wp_update_user(
			array(
				'ID'          => $member,
				'description' => 'Coach',
			)
		);
		switch_to_blog( $site );
		$this->assertSame( $kept, $version() );
		restore_current_blog();

		wp_update_user(
			array(
				'ID'           => $member,
				'display_name' => 'Nina After',
			)
		);
		switch_to_blog( $site );
		$this->assertNotSame( $kept, $version(), 'The rename on the main site reaches the team kept on this one.' );
		$this->assertSame( 'Nina After', $team()[ $member ]['name'] );
		restore_current_blog();
	}

	public function test_a_user_deleted_from_the_network_leaves_no_rows_on_any_site(): void {
		global $wpdb;
		$site    = $this->make_site();
		$learner = $this->make_user();
		$rows    = static fn( int $site_id ): int => (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE user_id = %d', $wpdb->get_blog_prefix( $site_id ) . 'lp_progress', $learner ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; the test reads the table itself.
		$this->services()->progress->record( $learner, Library::item( 'Main Basics', 'on-demand' ), 0, 40, time() );
		switch_to_blog( $site );
		$this->services()->progress->record( $learner, Library::item( 'Summit Basics', 'on-demand' ), 0, 60, time() );
		restore_current_blog();
		$this->assertSame( array( 1, 1 ), array( $rows( get_main_site_id() ), $rows( $site ) ) );

		wpmu_delete_user( $learner );

		$this->assertSame( array( 0, 0 ), array( $rows( get_main_site_id() ), $rows( $site ) ), 'Deleting from the network forgets the user on every site where the plugin runs.' );
	}

	public function test_erasing_on_one_site_hides_the_name_on_that_sites_certificates_only(): void {
		$site    = $this->make_site();
		$learner = $this->make_user( 'subscriber', array( 'user_email' => 'erased-on-one-site@example.com' ) );
		$issued  = time() - HOUR_IN_SECONDS;
		$names   = new CertificateNames();
		$earned  = new Certificate( 1, $learner, 1, 'CODE', 90, $issued, 0 ); // Issued before the erasure.

		switch_to_blog( $site );
		$this->assertTrue( $this->services()->certificates->issue( $learner, Library::item( 'Summit Ethics', 'on-demand' ), 90, $issued ) );
		$erasers = (array) apply_filters( 'wp_privacy_personal_data_erasers', array() ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, asked as core asks it.
		$done    = ( $erasers['library-portal']['callback'] )( 'erased-on-one-site@example.com', 1 );
		$this->assertTrue( $done['items_retained'], 'The certificate stays, without the name.' );
		$this->assertFalse( $names->shows_name( $earned ), 'The site where the erasure was asked hides the name.' );
		restore_current_blog();

		$this->assertTrue( $names->shows_name( $earned ), 'Another site\'s certificates keep it.' );
	}

	public function test_a_site_admin_sees_and_grants_only_this_sites_people_and_a_super_admin_everyone(): void {
		list( $site, $admin ) = $this->site_with_admin();
		$stranger             = $this->make_user( 'subscriber', array( 'user_email' => 'stranger@example.com' ) );
		$network_admin        = get_user_by( 'login', 'admin' );
		$local                = $this->make_user( 'subscriber', array( 'user_email' => 'local@example.com' ) );
		add_user_to_blog( $site, $local, 'subscriber' );
		switch_to_blog( $site );
		$item = Library::item( 'Summit Basics', 'on-demand' );
		wp_set_current_user( $admin );

		$this->assertStringContainsString( 'No user with that e-mail or login.', $this->view_as( 'stranger@example.com' ) );
		$this->assertStringContainsString( 'No user with that e-mail or login.', $this->view_as( 'admin' ), 'The network admin\'s account is not shown either.' );
		$this->assertStringNotContainsString( (string) $network_admin->user_email, $this->view_as( 'admin' ) );
		$this->assertStringContainsString( 'Library of', $this->view_as( 'local@example.com' ) );

		$_POST    = array(
			'user'     => 'stranger@example.com',
			'item'     => (string) $item,
			'quantity' => '1',
			'expires'  => '',
			'tag'      => '',
			'_wpnonce' => wp_create_nonce( 'library_portal_add_grant' ),
		);
		$_REQUEST = $_POST; // phpcs:ignore WordPress.Security.NonceVerification.Missing -- the test builds the request.
		$posted   = 0;
		foreach ( $this->grants_page()->handlers() as $handler ) {
			if ( \LibraryPortal\Grants\AddGrantHandler::ACTION === $handler->action() ) {
				$handler->handle();
				++$posted;
			}
		}
		$this->assertSame( 1, $posted, 'The Add grant form was posted.' );
		$this->assertSame( array(), $this->services()->licenses->seats_for_user( $stranger ), 'No grant to another site\'s user.' );
		$this->assertFalse( SiteMembers::on_this_site()->may_manage( $admin, $stranger ) );

		wp_set_current_user( $network_admin->ID );
		$this->assertTrue( is_super_admin() );
		$this->assertStringContainsString( 'Library of', $this->view_as( 'stranger@example.com' ), 'A super admin sees every account.' );
		restore_current_blog();
	}
}
