<?php
/**
 * The page configuration as printed into the page.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Frontend;

use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Frontend\PortalConfig;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Safe inside a <script> element whatever its values hold; the logout link logs out.
 */
final class PortalConfigTest extends TestCase {

	/**
	 * The config of the current request.
	 *
	 * @return array<string, mixed>
	 */
	private function config(): array {
		$plugin = $this->services();
		return ( new PortalConfig( $plugin->settings, $plugin->contracts, $plugin->share_invites ) )->build();
	}

	public function test_printed_config_cannot_close_its_script_element(): void {
		wp_set_current_user( $this->make_user() );
		$config          = $this->config();
		$config['probe'] = 'Ann </script><script>alert(1)</script> & \'Co\' <!--';

		$json = PortalConfig::to_script_json( $config );

		$this->assertStringNotContainsString( '<', $json );
		$this->assertStringNotContainsString( '>', $json );
		$this->assertStringNotContainsString( '&', $json );
		$this->assertStringNotContainsString( "'", $json );
		// The printed replies are objects (an empty {} stays one): compare as JSON values.
		$this->assertSame( json_decode( (string) wp_json_encode( $config ), true ), json_decode( $json, true ), 'The browser reads the same values back.' );
	}

	public function test_contact_us_is_hidden_without_its_setting_and_points_at_it_with_one(): void {
		wp_set_current_user( $this->make_user() );
		$this->assertSame( '', $this->config()['contactUrl'], 'No address set: the dashboard hides Contact Us.' );

		$this->services()->settings->update( array( 'contact_url' => '/help/contact/' ) );
		$this->assertSame( home_url( '/help/contact/' ), $this->config()['contactUrl'], 'A path is on this site.' );

		$this->services()->settings->update( array( 'contact_url' => 'https://support.example.test/ask' ) );
		$this->assertSame( 'https://support.example.test/ask', $this->config()['contactUrl'] );

		$this->services()->settings->update( array( 'contact_url' => 'javascript:alert(1)' ) );
		$this->assertSame( '', $this->config()['contactUrl'], 'Only web addresses are kept.' );
	}

	public function test_the_login_address_is_there_for_an_expired_login(): void {
		wp_set_current_user( $this->make_user() );
		$this->assertSame( wp_login_url(), $this->config()['loginUrl'] );
	}

	public function test_a_share_value_outside_the_link_alphabet_is_refused_and_not_echoed(): void {
		wp_set_current_user( $this->make_user() );
		set_query_var( Routes::QUERY_VAR, 'shareseats' );
		set_query_var( Routes::SHARE_VAR, '"</script><img src=x onerror=alert(1)>' );

		$share = $this->config()['shareData'];

		$this->assertSame( '', $share['encoded'] );
		$this->assertSame( 'This share link is not valid. Please check that you copied the whole link.', $share['error'] );
	}

	public function test_a_share_value_of_the_link_alphabet_is_decoded(): void {
		$owner = $this->make_user();
		wp_set_current_user( $this->make_user() );
		$code = $this->services()->share_links->issue( $owner, 123456, time() );
		set_query_var( Routes::QUERY_VAR, 'shareseats' );
		set_query_var( Routes::SHARE_VAR, $code );

		$share = $this->config()['shareData'];

		$this->assertSame( $code, $share['encoded'] );
		$this->assertTrue( \LibraryPortal\Core\Seats\ShareInvites::is_link_code( $code ) );
		$this->assertFalse( \LibraryPortal\Core\Seats\ShareInvites::is_link_code( str_repeat( 'a', 1025 ) ) );
		$this->assertFalse( \LibraryPortal\Core\Seats\ShareInvites::is_link_code( 'abc/def' ) );
	}

	public function test_the_logout_link_is_a_plain_url_with_a_valid_nonce(): void {
		wp_set_current_user( $this->make_user() );

		$logout = $this->config()['logoutUrl'];

		$this->assertStringNotContainsString( '&amp;', $logout, 'JSON carries the URL itself, not its HTML form.' );
		parse_str( (string) wp_parse_url( $logout, PHP_URL_QUERY ), $query );
		$this->assertSame( 'logout', $query['action'] );
		$this->assertSame( 1, wp_verify_nonce( $query['_wpnonce'], 'log-out' ) );
	}

	public function test_each_brand_shows_its_own_logo_or_the_shared_one(): void {
		wp_set_current_user( $this->make_user() );
		$settings = $this->services()->settings;
		$settings->update(
			array(
				'brand'       => 'summit',
				'logo'        => 'https://example.com/shared.png',
				'logo_harbor' => 'https://example.com/harbor.png',
			)
		);
		$this->assertSame( 'https://example.com/shared.png', $this->config()['logo'], 'Summit has no logo of its own.' );

		$settings->update( array( 'logo_summit' => 'https://example.com/summit.png' ) );
		$this->assertSame( 'https://example.com/summit.png', $this->config()['logo'] );

		$settings->update( array( 'brand' => 'harbor' ) );
		$this->assertSame( 'https://example.com/harbor.png', $this->config()['logo'] );

		$settings->update( array( 'logo_harbor' => 'javascript:alert(1)' ) );
		$this->assertSame( 'https://example.com/shared.png', $this->config()['logo'], 'A refused address is no logo: the shared one shows.' );
	}

	public function test_the_contract_card_is_for_members_only_and_its_picture_is_a_web_address(): void {
		$member    = $this->make_user();
		$stranger  = $this->make_user();
		$contracts = $this->services()->contracts;
		$contract  = $contracts->create(
			array(
				'title'           => 'Riverside <b>Health</b>',
				'organizer_name'  => 'Dana Rivers',
				'organizer_email' => 'dana@example.com',
				'organizer_thumb' => 'javascript:alert(1)',
			),
			time()
		);
		$contracts->add_member( $contract, $member );
		set_query_var( Routes::QUERY_VAR, 'contract' );
		set_query_var( Routes::CONTRACT_VAR, $contract );

		wp_set_current_user( $stranger );
		$this->assertNull( $this->config()['contractData'], 'someone else\'s contract is not shown' );

		wp_set_current_user( $member );
		$card = $this->config()['contractData'];

		$this->assertSame( $contract, $card['id'] );
		$this->assertSame( 'Riverside <b>Health</b>', $card['title'], 'text, escaped by whoever prints it' );
		$this->assertSame( 'Dana Rivers', $card['organizer']['name'] );
		$this->assertSame( 'dana@example.com', $card['organizer']['email'] );
		$this->assertSame( '', $card['organizer']['thumb'] );
	}

	public function test_the_navigation_lists_the_users_started_contracts_only(): void {
		$member    = $this->make_user();
		$contracts = $this->services()->contracts;
		$now       = time();
		$running   = $contracts->create( array( 'title' => 'Running' ), $now );
		$ended     = $contracts->create(
			array(
				'title'   => 'Ended',
				'ends_at' => $now - DAY_IN_SECONDS,
			),
			$now
		);
		$upcoming  = $contracts->create(
			array(
				'title'     => 'Upcoming',
				'starts_at' => $now + DAY_IN_SECONDS,
			),
			$now
		);
		$other     = $contracts->create( array( 'title' => 'Someone else\'s' ), $now );
		foreach ( array( $running, $ended, $upcoming ) as $contract ) {
			$contracts->add_member( $contract, $member );
		}
		$contracts->add_member( $other, $this->make_user() );

		wp_set_current_user( $member );
		$this->assertSame(
			array(
				array(
					'id'    => $running,
					'title' => 'Running',
					'ended' => false,
				),
				array(
					'id'    => $ended,
					'title' => 'Ended',
					'ended' => true,
				),
			),
			$this->config()['contracts']
		);
	}

	public function test_the_library_line_says_purchased_only_to_buyers(): void {
		$purchased = 'Access your purchased on-demand workshops, webinars, and e-manuals below.';
		$yours     = 'Your on-demand workshops, webinars, and e-manuals are below.';
		$item      = Library::item( 'Any Training' );
		$buyer     = $this->make_user();
		$member    = $this->make_user();
		$teammate  = $this->make_user();
		$nobody    = $this->make_user();
		Library::grant( $buyer, $item, 2 );
		Library::grant( $member, Library::item( 'Membership', 'membership' ), 1, 0, 'member' );
		Library::share( $buyer, $teammate, $item );

		wp_set_current_user( $buyer );
		$this->assertSame( $purchased, $this->config()['libraryIntro'], "The spec's text, where it is true." );
		foreach ( array( $member, $teammate, $nobody ) as $reader ) {
			wp_set_current_user( $reader );
			$this->assertSame( $yours, $this->config()['libraryIntro'], 'Bought nothing: no "purchased".' );
		}

		$contracts = $this->services()->contracts;
		$contract  = $contracts->create( array( 'title' => 'Riverside' ), time() );
		$contracts->add_member( $contract, $buyer );
		set_query_var( Routes::QUERY_VAR, 'contract' );
		set_query_var( Routes::CONTRACT_VAR, $contract );
		wp_set_current_user( $buyer );
		$this->assertSame( 'The trainings your organization has given you are below.', $this->config()['libraryIntro'], 'A contract library is the organization\'s, whatever else the reader bought.' );
	}
}
