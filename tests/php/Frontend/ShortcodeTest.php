<?php
/**
 * The [library_portal] shortcode and the page configuration.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Frontend;

use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Frontend\Assets;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Mount markup, enqueued scripts and the config object.
 */
final class ShortcodeTest extends TestCase {

	public function tear_down(): void {
		wp_dequeue_script( Assets::HANDLE );
		wp_deregister_script( Assets::HANDLE );
		wp_dequeue_style( Assets::HANDLE . '-brand' );
		wp_deregister_style( Assets::HANDLE . '-brand' );
		parent::tear_down();
	}

	public function test_logged_out_gets_a_login_link_and_no_scripts(): void {
		update_option( 'users_can_register', 0 );
		$html = do_shortcode( '[library_portal]' );

		$this->assertStringContainsString( 'wp-login.php', $html );
		$this->assertStringContainsString( 'Log in to open your library.', $html );
		$this->assertFalse( wp_script_is( Assets::HANDLE, 'enqueued' ) );
	}

	public function test_logged_out_gets_a_styled_login_prompt_with_create_an_account_only_where_people_may_register(): void {
		update_option( 'users_can_register', 0 );
		$closed = do_shortcode( '[library_portal]' );

		$this->assertStringContainsString( '<div class="library-portal library-portal--harbor library-portal-login', $closed, 'the brand\'s scope, so its styles apply' );
		$this->assertStringContainsString( '<h2 id="lp-login-prompt-title">Your training library</h2>', $closed );
		$this->assertStringContainsString( 'class="lp-button" href="' . esc_url( wp_login_url( home_url( '/my-account/library' ) ) ) . '">Log in</a>', $closed, 'back to the library after the login' );
		$this->assertStringNotContainsString( 'Create an account', $closed, 'the site lets nobody register' );
		$this->assertTrue( wp_style_is( Assets::HANDLE . '-brand', 'enqueued' ), 'the brand\'s styles' );
		$this->assertFalse( wp_script_is( Assets::HANDLE, 'enqueued' ), 'and none of the scripts' );

		update_option( 'users_can_register', 1 );
		$open = do_shortcode( '[library_portal]' );
		$this->assertStringContainsString( 'class="lp-button lp-button--secondary" href="' . esc_url( wp_registration_url() ) . '">Create an account</a>', $open );
	}

	public function test_logged_in_gets_mount_markup_scripts_and_config(): void {
		$this->assertTrue( Assets::is_built(), 'Run npm run build before the PHP tests.' );
		$user = $this->make_user( 'subscriber', array( 'display_name' => '<script>alert(1)</script>Ann' ) );
		wp_set_current_user( $user );

		$html = do_shortcode( '[library_portal]' );

		$this->assertStringContainsString( 'data-island="shell"', $html );
		$this->assertStringContainsString( 'id="library-portal-root"', $html );
		$this->assertStringContainsString( 'role="status"', $html );
		$this->assertTrue( wp_script_is( Assets::HANDLE, 'enqueued' ) );
		$this->assertTrue( wp_style_is( Assets::HANDLE . '-brand', 'enqueued' ) );

		$inline = implode( "\n", (array) wp_scripts()->get_data( Assets::HANDLE, 'before' ) );
		$this->assertMatchesRegularExpression( '/^window\.libraryPortalConfig = (\{.*\});$/m', $inline );
		preg_match( '/window\.libraryPortalConfig = (\{.*\});/', $inline, $match );
		$config = json_decode( $match[1], true );
		foreach ( array( 'restRoot', 'restNonce', 'ajaxUrl', 'pingNonce', 'logoutUrl', 'siteUrl', 'basePath', 'brand', 'logo', 'shareUsers', 'shareData', 'contractData', 'currentUser', 'publicPath' ) as $key ) {
			$this->assertArrayHasKey( $key, $config, $key );
		}
		$this->assertSame( 1, wp_verify_nonce( $config['restNonce'], 'wp_rest' ) );
		$this->assertSame( '/' . Routes::PORTAL_PATH, $config['portalPath'], 'The client reads its base route from PHP.' );
		$this->assertSame( $user, $config['currentUser']['id'] );
		$this->assertStringNotContainsString( '<script>', $inline, 'The config is JSON-escaped.' );
		$this->assertNull( $config['contractData'] );
	}

	public function test_brand_setting_picks_the_stylesheet(): void {
		wp_set_current_user( $this->make_user() );
		$this->services()->settings->update( array( 'brand' => 'summit' ) );

		$html = do_shortcode( '[library_portal]' );

		$this->assertStringContainsString( 'library-portal--summit', $html );
		$this->assertStringContainsString( 'brand-summit.css', wp_styles()->registered[ Assets::HANDLE . '-brand' ]->src );
	}

	public function test_each_brand_gets_its_walkthrough_video(): void {
		wp_set_current_user( $this->make_user() );
		$this->services()->settings->update(
			array(
				'brand'              => 'summit',
				'walkthrough_harbor' => 'https://media.example.com/harbor/index.m3u8',
				'walkthrough_summit' => 'https://media.example.com/summit/index.m3u8',
			)
		);

		do_shortcode( '[library_portal]' );
		$inline = implode( "\n", (array) wp_scripts()->get_data( Assets::HANDLE, 'before' ) );

		$this->assertStringContainsString( '"walkthroughVideo":"https://media.example.com/summit/index.m3u8"', $inline );
	}

	public function test_unknown_brand_is_refused(): void {
		$this->services()->settings->update( array( 'brand' => '"><script>' ) );

		$this->assertSame( 'harbor', $this->services()->settings->brand() );
	}

	public function test_lazy_island_chunks_get_their_translations(): void {
		wp_set_current_user( $this->make_user() );
		$locale = static fn() => 'de_DE';
		add_filter( 'determine_locale', $locale );
		$file   = LIBRARY_PORTAL_DIR . 'languages/library-portal-de_DE-' . md5( 'build/island-library.js' ) . '.json';
		file_put_contents( // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- a fixture file, removed below.
			$file,
			(string) wp_json_encode(
				array(
					'domain'      => 'messages',
					'locale_data' => array(
						'messages' => array(
							''               => array( 'domain' => 'messages' ),
							'No items found' => array( 'Keine Einträge gefunden' ),
						),
					),
				)
			)
		);

		try {
			do_shortcode( '[library_portal]' );
			$inline = implode( "\n", (array) wp_scripts()->get_data( Assets::HANDLE, 'before' ) );
		} finally {
			unlink( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink
			remove_filter( 'determine_locale', $locale );
		}

		$this->assertStringContainsString( 'wp.i18n.setLocaleData', $inline );
		$this->assertStringContainsString( 'Keine Eintr', $inline );
	}
}
