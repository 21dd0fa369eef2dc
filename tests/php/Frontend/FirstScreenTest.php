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

	public function test_the_team_page_prints_its_heading_and_the_loading_indicator_and_marks_its_menu_entry(): void {
		$owner = $this->make_user();
		Library::grant( $owner, Library::item( 'Team Training' ), 3 );
		wp_set_current_user( $owner );
		$this->open( 'my-account/library/users' );

		$html = do_shortcode( '[library_portal]' );

		$this->assertSame( PortalScreen::TEAM, PortalScreen::current()->kind );
		$this->assertStringContainsString( '<div class="lp-team"><div class="lp-page-header"><h1 class="lp-page-title" tabindex="-1">Team Member Progress</h1></div><div class="lp-loading" role="status">', $html );
		$this->assertStringContainsString( 'aria-current="page">Manage My Team</a>', $html );
		$this->assertSame( 1, substr_count( $html, 'aria-current="page"' ) );
	}

	public function test_the_notifications_page_prints_the_users_own_opened_page_as_the_route_sends_it(): void {
		$owner   = $this->make_user();
		$someone = $this->make_user();
		$now     = time();
		// Twelve, so there are two pages, one with characters HTML escapes; then one unread.
		for ( $n = 1; $n <= 12; $n++ ) {
			$this->services()->notifier->notify(
				array(
					'user_id'            => $owner,
					'type'               => 'share_accepted',
					'message'            => 12 === $n ? 'Ann & Bob\'s "team" took a seat' : 'Notice ' . $n,
					'related_product_id' => 12 === $n ? 0 : 41,
				),
				$now - ( 13 - $n ) * DAY_IN_SECONDS
			);
		}
		$this->services()->notifier->notify(
			array(
				'user_id' => $someone,
				'type'    => 'share_accepted',
				'message' => 'Someone else news',
			),
			$now
		);
		$this->services()->notifications->mark_all_read( $owner );
		$this->services()->notifier->notify(
			array(
				'user_id' => $owner,
				'type'    => 'share_received',
				'message' => 'Brand new share',
			),
			$now
		);
		wp_set_current_user( $owner );
		$this->open( 'my-account/library/notifications' );

		$replies = $this->printed_replies();
		$html    = do_shortcode( '[library_portal]' );

		$key = InitialReplies::notifications_key( 1 );
		$this->assertSame( 'library/v2/notifications/?page=1&per_page=10', $key, 'The path src/api/notifications.ts asks for.' );
		$this->assertEquals( $this->sent_body( '/library/v2/notifications', $owner, array( 'page' => 1, 'per_page' => 10 ) ), $replies->{$key} ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound
		$this->assertStringContainsString( '<h1 class="lp-page-title" tabindex="-1">Notifications</h1><button type="button" class="lp-button lp-button--secondary" inert>Mark all as read</button>', $html );
		$this->assertStringContainsString( '>Page 1 of 2</h2>', $html );
		$this->assertSame( 10, substr_count( $html, '<li class="lp-notification' ) );
		$this->assertSame( 1, substr_count( $html, '<li class="lp-notification lp-notification--unread"><div class="lp-notification__body"><span class="lp-notification__new">New</span><p class="lp-notification__text">Brand new share</p>' ) );
		$this->assertStringContainsString( 'Ann &amp; Bob&#039;s &quot;team&quot; took a seat</p><time class="lp-notification__time" datetime="' . gmdate( 'Y-m-d\TH:i:s.000\Z', $now - DAY_IN_SECONDS ) . '"', $html );
		$this->assertStringContainsString( '<a href="' . esc_url( home_url( '/my-account/library/videos/41?tab=share-details' ) ) . '">Notice 11</a>', $html );
		$this->assertStringContainsString( '>1 day ago</time>', $html );
		$this->assertStringContainsString( '>Just now</time>', $html );
		$this->assertStringContainsString( 'aria-label="Hide notification: Brand new share" inert>Hide</button>', $html );
		$this->assertStringNotContainsString( 'Someone else news', $html . $this->printed_config() );
	}

	public function test_a_later_page_of_notifications_is_printed_under_its_own_key_and_a_page_past_the_end_waits_for_the_island(): void {
		$owner = $this->make_user();
		for ( $n = 1; $n <= 11; $n++ ) {
			$this->services()->notifier->notify(
				array(
					'user_id' => $owner,
					'type'    => 'share_received',
					'message' => 'Notice ' . $n,
				),
				time() - $n
			);
		}
		wp_set_current_user( $owner );
		$this->open( 'my-account/library/notifications' );

		$_GET['page'] = '2';
		$second       = $this->printed_replies();
		$html         = do_shortcode( '[library_portal]' );
		$_GET['page'] = '9';
		$past         = do_shortcode( '[library_portal]' );
		$_GET['page'] = '2x';
		$odd          = $this->printed_replies();
		unset( $_GET['page'] ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the address under test.

		$this->assertSame( array( InitialReplies::ITEMS, InitialReplies::notifications_key( 2 ) ), array_keys( get_object_vars( $second ) ) );
		$this->assertStringContainsString( '>Page 2 of 2</h2>', $html );
		$this->assertSame( 1, substr_count( $html, '<li class="lp-notification' ) );
		$this->assertStringContainsString( 'Notice 11', $html );
		$this->assertStringNotContainsString( 'lp-notification__text', $past, 'Past the end: the island moves to the last page.' );
		$this->assertStringContainsString( '<div class="lp-loading" role="status">', $past );
		$this->assertTrue( property_exists( $odd, InitialReplies::notifications_key( 1 ) ), 'Read as the client reads it: not a page number, the first page.' );
	}

	public function test_a_notifications_age_reads_as_the_island_writes_it_in_english(): void {
		$cases = array(
			array( -30, 'Just now' ),
			array( 59, 'Just now' ),
			array( 60, '1 minute ago' ),
			array( 3599, '59 minutes ago' ),
			array( HOUR_IN_SECONDS, '1 hour ago' ),
			array( DAY_IN_SECONDS - 1, '23 hours ago' ),
			array( DAY_IN_SECONDS, '1 day ago' ),
			array( WEEK_IN_SECONDS - 1, '6 days ago' ),
			array( WEEK_IN_SECONDS, '1 week ago' ),
			array( 4 * WEEK_IN_SECONDS - 1, '3 weeks ago' ),
			array( 4 * WEEK_IN_SECONDS, '1 month ago' ),
			array( 60 * DAY_IN_SECONDS, '2 months ago' ),
			array( 360 * DAY_IN_SECONDS - 1, '11 months ago' ),
			array( 360 * DAY_IN_SECONDS, 'March 5, 2025' ),
		);
		foreach ( $cases as list( $seconds, $words ) ) {
			$this->assertSame( $words, \LibraryPortal\Frontend\FirstScreen::age( $seconds, 'March 5, 2025' ), (string) $seconds );
		}
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
