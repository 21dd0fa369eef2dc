<?php
/**
 * The first screen the server prints and the replies it carries (docs/rules/library-and-catalogue.md, "First screen on a phone").
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Frontend;

use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Frontend\Assets;
use LibraryPortal\Frontend\InitialReplies;
use LibraryPortal\Frontend\PortalConfig;
use LibraryPortal\Frontend\PortalScreen;
use LibraryPortal\Platform\Rest\RawJsonResponse;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;
use WP;

/**
 * The page of each first screen: headings, texts, cards, poster; the inlined replies equal the
 * routes' replies for the same user and hold nothing of anyone else.
 */
final class FirstScreenTest extends TestCase {

	/**
	 * The request object before the test.
	 *
	 * @var mixed
	 */
	private $wp_before;

	public function set_up(): void {
		parent::set_up();
		$this->wp_before = $GLOBALS['wp'] ?? null;
		$this->assertTrue( Assets::is_built(), 'Run npm run build before the PHP tests.' );
	}

	public function tear_down(): void {
		wp_dequeue_script( Assets::HANDLE );
		wp_deregister_script( Assets::HANDLE );
		wp_dequeue_style( Assets::HANDLE . '-brand' );
		wp_deregister_style( Assets::HANDLE . '-brand' );
		$GLOBALS['wp'] = $this->wp_before; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- restores the request object.
		set_query_var( Routes::QUERY_VAR, '' );
		parent::tear_down();
	}

	/**
	 * Makes the current request a portal address.
	 *
	 * @param string $path Path below home, e.g. 'my-account/library/videos'.
	 */
	private function open( string $path ): void {
		$wp            = new WP();
		$wp->request   = $path;
		$GLOBALS['wp'] = $wp; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the request under test, restored in tear_down().
		set_query_var( Routes::QUERY_VAR, str_starts_with( $path, 'contract/' ) ? 'contract' : 'library' );
	}

	/**
	 * The page configuration as printed (its JSON).
	 */
	private function printed_config(): string {
		$config = ( new PortalConfig( $this->services()->settings, $this->services()->contracts, $this->services()->share_invites ) )->build();
		return PortalConfig::to_script_json( $config );
	}

	/**
	 * The printed replies, decoded as the browser reads them (objects stay objects).
	 */
	private function printed_replies(): \stdClass {
		$config = json_decode( $this->printed_config() );
		$this->assertInstanceOf( \stdClass::class, $config );
		$replies = get_object_vars( $config )['initialReplies'];
		$this->assertInstanceOf( \stdClass::class, $replies );
		return $replies;
	}

	/**
	 * The body a route sends to a browser with the user's cookie and nonce, decoded the same way.
	 *
	 * @param string $route   Route.
	 * @param int    $user_id User.
	 * @param array  $params  Query parameters.
	 */
	private function sent_body( string $route, int $user_id, array $params = array() ): \stdClass {
		$response = $this->rest_as_browser( 'GET', $route, $user_id, $this->browser_nonce( $user_id ), $params );
		$this->assertSame( 200, $response->get_status(), $route );
		$json = $response instanceof RawJsonResponse ? $response->encoded() : (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) );
		$body = json_decode( $json );
		$this->assertInstanceOf( \stdClass::class, $body );
		return $body;
	}

	public function test_the_printed_items_reply_equals_the_rest_reply_for_the_same_user(): void {
		$owner  = $this->make_user( 'subscriber', array( 'display_name' => 'Olivia Owner' ) );
		$member = $this->make_user( 'subscriber', array( 'display_name' => 'Theo Teammate' ) );
		$shared = Library::item( 'Shared Workshop', 'on-demand-workshop', 2 );
		$alone  = Library::item( 'Kept Webinar', 'on-demand-webinar' );
		Library::grant( $owner, $shared, 3 );
		Library::grant( $owner, $alone );
		Library::share( $owner, $member, $shared );
		$this->services()->progress->record( $owner, $shared, 0, 50, time() );
		wp_set_current_user( $owner );
		$this->open( 'my-account/library/videos' );

		$printed = $this->printed_replies()->{InitialReplies::ITEMS};

		// Equal as JSON: the same rows, and an empty shared_with stays {} as the route sends it.
		$this->assertEquals( $this->sent_body( '/library/v2/items', $owner ), $printed );
		$this->assertCount( 2, $printed->data );
	}

	public function test_a_user_gets_only_their_own_rows_printed(): void {
		$owner   = $this->make_user();
		$someone = $this->make_user();
		Library::grant( $owner, Library::item( 'Owner Only Training' ) );
		Library::grant( $someone, Library::item( 'Someone Else Training' ) );
		wp_set_current_user( $someone );
		$this->open( 'my-account/library/videos' );

		$replies = $this->printed_replies();

		$this->assertEquals( $this->sent_body( '/library/v2/items', $someone ), $replies->{InitialReplies::ITEMS} );
		$this->assertStringNotContainsString( 'Owner Only Training', $this->printed_config() );
	}

	public function test_the_dashboard_reply_is_printed_on_the_dashboard_only(): void {
		$owner = $this->make_user();
		Library::grant( $owner, Library::item( 'Any Training' ) );
		wp_set_current_user( $owner );

		$this->open( 'my-account/library' );
		$dashboard = $this->printed_replies();
		$this->open( 'my-account/library/videos' );
		$list = $this->printed_replies();

		$this->assertEquals( $this->sent_body( '/library/v2/dashboard', $owner ), $dashboard->{InitialReplies::DASHBOARD} );
		$this->assertFalse( property_exists( $list, InitialReplies::DASHBOARD ) );
	}

	public function test_logged_out_nothing_is_printed(): void {
		$owner = $this->make_user();
		Library::grant( $owner, Library::item( 'Private Training' ) );
		wp_set_current_user( 0 );
		$this->open( 'my-account/library/videos' );

		$replies = ( new InitialReplies() )->for_screen( PortalScreen::current() );

		$this->assertSame( array(), $replies );
	}

	public function test_the_dashboard_prints_its_heading_and_the_welcome_text_escaped(): void {
		global $wpdb;
		$owner = $this->make_user();
		// A name stored as it came (an import, another plugin): printed escaped all the same.
		$wpdb->update( $wpdb->users, array( 'display_name' => '<b>Ann</b>' ), array( 'ID' => $owner ) );
		clean_user_cache( $owner );
		Library::grant( $owner, Library::item( 'Any Training' ) );
		wp_set_current_user( $owner );
		$this->open( 'my-account/library' );

		$html = do_shortcode( '[library_portal]' );

		$this->assertStringContainsString( 'data-first-screen', $html );
		$this->assertStringContainsString( '<h1 class="lp-page-title" tabindex="-1">Dashboard</h1>', $html );
		$this->assertStringContainsString( 'Welcome, &lt;b&gt;Ann&lt;/b&gt;!', $html );
		$this->assertStringNotContainsString( '<b>Ann</b>', $html );
		$this->assertStringContainsString( 'Watch this short walkthrough to see how to watch your trainings', $html );
		$this->assertStringContainsString( 'aria-label="Library menu"', $html );
		$this->assertStringContainsString( 'aria-current="page">Dashboard</a>', $html );
	}

	public function test_the_list_prints_the_line_for_who_reads_it(): void {
		$owner    = $this->make_user();
		$teammate = $this->make_user();
		$item     = Library::item( 'Shared Training' );
		Library::grant( $owner, $item, 2 );
		Library::share( $owner, $teammate, $item );
		wp_set_current_user( $teammate );
		$this->open( 'my-account/library/videos' );

		$html = do_shortcode( '[library_portal]' );

		$this->assertStringContainsString( '<p class="lp-page-description">Your on-demand workshops, webinars, and e-manuals are below.</p>', $html, 'A team member bought nothing.' );
	}

	public function test_the_list_prints_its_heading_and_first_cards_whose_first_images_load_first(): void {
		$owner = $this->make_user();
		foreach ( array( 'Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo' ) as $title ) {
			$item = Library::item( $title . ' Training' );
			update_post_meta( $item, '_lp_image_url', 'https://media.example.com/' . strtolower( $title ) . '.jpg' );
			Library::grant( $owner, $item );
		}
		wp_set_current_user( $owner );
		$this->open( 'my-account/library/videos' );

		$html = do_shortcode( '[library_portal]' );

		$this->assertStringContainsString( '<h1 class="lp-page-title" tabindex="-1">Library</h1>', $html );
		$this->assertStringContainsString( 'Access your purchased on-demand workshops, webinars, and e-manuals below.', $html );
		preg_match_all( '#<img class="lp-item__image" src="([^"]+)" alt="" ([^>]*)>#', $html, $images, PREG_SET_ORDER );
		$this->assertCount( 4, $images, 'The cards above the fold.' );
		$this->assertSame( 'https://media.example.com/alpha.jpg', $images[0][1] );
		$this->assertStringContainsString( 'loading="eager" fetchpriority="high"', $images[0][2] );
		$this->assertStringContainsString( 'loading="eager" fetchpriority="high"', $images[1][2] );
		$this->assertStringContainsString( 'loading="lazy"', $images[2][2] );
		$this->assertStringNotContainsString( 'fetchpriority', $images[2][2] );
		// Headings in order: the cards are h2 right under the h1.
		$this->assertStringContainsString( '<h2 class="lp-item__title"><a class="lp-item__link" href="' . home_url( '/my-account/library/videos/' ), $html );
		$this->assertStringNotContainsString( '<h3', $html );
	}

	public function test_an_item_page_prints_its_title_and_the_poster_of_the_part_it_opens_with(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Poster Workshop', 'on-demand-workshop' );
		update_post_meta(
			$item,
			'_lp_video_parts',
			array(
				array(
					'title'    => 'Part 1',
					'url'      => 'https://media.example.com/p1/index.m3u8',
					'thumb'    => 'https://media.example.com/p1.jpg',
					'duration' => 60,
				),
				array(
					'title'    => 'Part 2',
					'url'      => 'https://media.example.com/p2/index.m3u8',
					'thumb'    => 'https://media.example.com/p2.jpg',
					'duration' => 60,
				),
			)
		);
		Library::grant( $owner, $item );
		$this->services()->progress->record( $owner, $item, 0, 100, time() );
		wp_set_current_user( $owner );
		$this->open( 'my-account/library/videos/' . $item );

		$html    = do_shortcode( '[library_portal]' );
		$printed = $this->printed_replies();

		$this->assertStringContainsString( '<h1 class="lp-page-title lp-detail__title" tabindex="-1">Poster Workshop</h1>', $html );
		$this->assertStringContainsString( '<img class="lp-player__poster" src="https://media.example.com/p2.jpg" alt="" loading="eager" fetchpriority="high"', $html );
		$this->assertEquals( $this->sent_body( '/library/v2/video/' . $item, $owner ), $printed->{InitialReplies::video_key( $item, false )} );
	}

	public function test_someone_elses_item_prints_no_poster_and_no_video_reply(): void {
		$owner   = $this->make_user();
		$someone = $this->make_user();
		$item    = Library::item( 'Not Yours Workshop', 'on-demand-workshop' );
		update_post_meta( $item, '_lp_video_url', 'https://media.example.com/secret/index.m3u8' );
		Library::grant( $owner, $item );
		wp_set_current_user( $someone );
		$this->open( 'my-account/library/videos/' . $item );

		$html = do_shortcode( '[library_portal]' );

		$this->assertStringNotContainsString( 'Not Yours Workshop', $html );
		$this->assertStringNotContainsString( 'lp-player__poster', $html );
		$this->assertFalse( property_exists( $this->printed_replies(), InitialReplies::video_key( $item, false ) ) );
		$this->assertStringNotContainsString( 'secret', $this->printed_config() );
	}
}
