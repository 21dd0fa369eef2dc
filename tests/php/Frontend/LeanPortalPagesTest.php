<?php
/**
 * What portal pages leave out of the head.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Frontend;

use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Frontend\LeanPortalPages;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The emoji script and the theme's fonts: left out on the portal's routes only, fonts kept where
 * the theme's chrome is drawn, and a filter for site owners to keep either.
 */
final class LeanPortalPagesTest extends TestCase {

	public function tear_down(): void {
		set_query_var( Routes::QUERY_VAR, '' );
		parent::tear_down();
	}

	/**
	 * Runs the plugin's own template_redirect step (the hooks are restored after each test).
	 *
	 * @param string $route Portal route of the request ('' for another page).
	 */
	private function visit( string $route ): void {
		set_query_var( Routes::QUERY_VAR, $route );
		( new LeanPortalPages( $this->services()->settings ) )->leave_out();
	}

	private function emoji_printed(): bool {
		return false !== has_action( 'wp_head', 'print_emoji_detection_script' ) && false !== has_action( 'wp_enqueue_scripts', 'wp_enqueue_emoji_styles' );
	}

	private function theme_fonts_printed(): bool {
		return false !== has_action( 'wp_head', 'wp_print_font_faces' );
	}

	public function test_portal_pages_leave_out_the_emoji_script_and_the_theme_fonts(): void {
		$this->assertTrue( $this->emoji_printed() && $this->theme_fonts_printed(), 'WordPress prints both by default.' );

		$this->visit( 'library' );

		$this->assertFalse( $this->emoji_printed() );
		$this->assertFalse( $this->theme_fonts_printed() );
	}

	public function test_other_pages_keep_both(): void {
		$this->visit( '' );

		$this->assertTrue( $this->emoji_printed() );
		$this->assertTrue( $this->theme_fonts_printed() );
	}

	public function test_with_the_themes_chrome_its_fonts_stay(): void {
		$this->services()->settings->update( array( 'theme_chrome' => true ) );

		$this->visit( 'library' );

		$this->assertFalse( $this->emoji_printed() );
		$this->assertTrue( $this->theme_fonts_printed() );
	}

	public function test_a_site_owner_keeps_the_fonts_with_the_filter(): void {
		add_filter( 'library_portal_leave_out', static fn( array $left_out ): array => array_diff( $left_out, array( LeanPortalPages::THEME_FONTS ) ) );

		$this->visit( 'library' );

		$this->assertFalse( $this->emoji_printed() );
		$this->assertTrue( $this->theme_fonts_printed() );
	}
}
