<?php
/**
 * The theme's text fonts preloaded where the theme's header is drawn around the portal.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Frontend;

use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Frontend\LeanPortalPages;
use LibraryPortal\Frontend\ThemeFontPreload;
use LibraryPortal\Tests\Support\TestCase;
use WP_Theme_JSON_Data;
use WP_Theme_JSON_Resolver;

/**
 * Twenty Twenty-Four sets the body in Inter (one variable file) and headings in Cardo 400 (three
 * files: normal 400, italic 400, normal 700): only the two files that text uses are preloaded, on
 * portal pages with the theme's chrome, through WordPress's own preload list.
 */
final class ThemeFontPreloadTest extends TestCase {

	private string $theme_before;

	public function set_up(): void {
		parent::set_up();
		$this->theme_before = get_stylesheet();
		switch_theme( 'twentytwentyfour' );
		$this->forget_theme_json();
	}

	public function tear_down(): void {
		set_query_var( Routes::QUERY_VAR, '' );
		switch_theme( $this->theme_before );
		$this->forget_theme_json();
		parent::tear_down();
	}

	private function forget_theme_json(): void {
		WP_Theme_JSON_Resolver::clean_cached_data();
		wp_clean_theme_json_cache();
	}

	private function preload(): ThemeFontPreload {
		$settings = $this->services()->settings;
		return new ThemeFontPreload( $settings, new LeanPortalPages( $settings ) );
	}

	/**
	 * What WordPress prints for its preload list on this request, with the plugin's hook.
	 *
	 * @param string $route Portal route of the request ('' for another page).
	 */
	private function head_on( string $route ): string {
		set_query_var( Routes::QUERY_VAR, $route );
		$this->preload()->register();
		ob_start();
		wp_preload_resources();
		return (string) ob_get_clean();
	}

	private function font( string $path ): string {
		return get_theme_file_uri( 'assets/fonts/' . $path );
	}

	/**
	 * Lays styles over the theme's theme.json, as a child theme or the Site Editor would.
	 *
	 * @param array<string,mixed> $styles theme.json `styles`.
	 */
	private function theme_styles( array $styles ): void {
		add_filter(
			'wp_theme_json_data_theme',
			static fn( WP_Theme_JSON_Data $data ): WP_Theme_JSON_Data => $data->update_with(
				array(
					'version' => 2,
					'styles'  => $styles,
				)
			)
		);
		$this->forget_theme_json();
	}

	public function test_with_the_themes_chrome_the_body_and_heading_faces_are_preloaded_and_no_other(): void {
		$this->services()->settings->update( array( 'theme_chrome' => true ) );

		$head = $this->head_on( 'library' );

		$this->assertSame( 2, substr_count( $head, "rel='preload'" ), $head );
		foreach ( array( 'inter/Inter-VariableFont_slnt,wght.woff2', 'cardo/cardo_normal_400.woff2' ) as $file ) {
			$this->assertStringContainsString( "<link rel='preload' href='" . esc_url( $this->font( $file ) ) . "' as='font' type='font/woff2' crossorigin='anonymous' />", $head );
		}
		$this->assertStringNotContainsString( 'cardo_italic_400', $head );
		$this->assertStringNotContainsString( 'cardo_normal_700', $head );
	}

	public function test_the_weight_the_styles_ask_for_picks_the_face(): void {
		$this->services()->settings->update( array( 'theme_chrome' => true ) );
		$this->theme_styles( array( 'elements' => array( 'heading' => array( 'typography' => array( 'fontWeight' => '700' ) ) ) ) );
		set_query_var( Routes::QUERY_VAR, 'library' );

		$this->assertSame(
			array(
				$this->font( 'inter/Inter-VariableFont_slnt,wght.woff2' ) => 'font/woff2',
				$this->font( 'cardo/cardo_normal_700.woff2' )            => 'font/woff2',
			),
			$this->preload()->font_files()
		);
	}

	public function test_the_portals_own_canvas_preloads_no_theme_font(): void {
		$this->assertStringNotContainsString( "rel='preload'", $this->head_on( 'library' ) );
	}

	public function test_fonts_kept_on_the_portals_own_canvas_are_not_preloaded_either(): void {
		add_filter( 'library_portal_leave_out', static fn( array $left_out ): array => array_diff( $left_out, array( LeanPortalPages::THEME_FONTS ) ) );

		$this->assertStringNotContainsString( "rel='preload'", $this->head_on( 'library' ), 'The brand stylesheets set the text: the theme\'s fonts go unused.' );
	}

	public function test_other_pages_of_the_site_are_left_alone(): void {
		$this->services()->settings->update( array( 'theme_chrome' => true ) );

		$this->assertStringNotContainsString( "rel='preload'", $this->head_on( '' ) );
	}

	public function test_fonts_a_site_owner_leaves_out_are_not_preloaded(): void {
		$this->services()->settings->update( array( 'theme_chrome' => true ) );
		add_filter( 'library_portal_leave_out', static fn(): array => array( LeanPortalPages::THEME_FONTS ) );

		$this->assertStringNotContainsString( "rel='preload'", $this->head_on( 'library' ) );
	}

	public function test_a_theme_without_web_fonts_preloads_nothing(): void {
		$this->services()->settings->update( array( 'theme_chrome' => true ) );
		$this->theme_styles(
			array(
				'typography' => array( 'fontFamily' => 'var:preset|font-family|system-sans-serif' ),
				'elements'   => array( 'heading' => array( 'typography' => array( 'fontFamily' => 'Georgia, serif' ) ) ),
			)
		);

		$this->assertStringNotContainsString( "rel='preload'", $this->head_on( 'library' ) );
	}
}
