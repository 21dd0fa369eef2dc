<?php
/**
 * What a portal page leaves out.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\Routes;

/**
 * On the portal's routes, WordPress's emoji script and styles and the theme's font faces are not
 * printed: the portal shows no emoji that needs the polyfill (every browser it supports draws
 * them), and on its clean canvas no text uses the theme's fonts (the brand stylesheets name their
 * own font stack). With the `theme_chrome` setting the theme's header and footer are drawn, so its
 * fonts stay. Every other page of the site keeps both (docs/rules/library-and-catalogue.md, "First screen on a phone").
 */
final class LeanPortalPages {

	public const EMOJI       = 'emoji';
	public const THEME_FONTS = 'theme_fonts';

	/**
	 * Settings (theme_chrome).
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Wires the hooks.
	 *
	 * @param Settings $settings Settings.
	 */
	public function __construct( Settings $settings ) {
		$this->settings = $settings;
	}

	/**
	 * Hooks: once the route is known, before the head is printed.
	 */
	public function register(): void {
		add_action( 'template_redirect', array( $this, 'leave_out' ) );
	}

	/**
	 * What this request leaves out (none outside the portal's routes).
	 *
	 * @return string[]
	 */
	public function left_out(): array {
		if ( ! Routes::is_portal_page() ) {
			return array();
		}
		$defaults = array( self::EMOJI );
		if ( ! $this->settings->get( 'theme_chrome' ) ) {
			$defaults[] = self::THEME_FONTS;
		}
		/**
		 * Filters what the portal's pages leave out of WordPress's and the theme's head. Remove a
		 * key to keep it, e.g. the theme's fonts when a theme or plugin styles the portal with them.
		 *
		 * @param string[] $left_out 'emoji' (the emoji script and styles), 'theme_fonts' (the
		 *                           theme's @font-face rules, theme.json fonts).
		 */
		$left_out = (array) apply_filters( 'library_portal_leave_out', $defaults );
		return array_values( array_intersect( array( self::EMOJI, self::THEME_FONTS ), $left_out ) );
	}

	/**
	 * Unhooks what this request leaves out.
	 */
	public function leave_out(): void {
		$left_out = $this->left_out();
		if ( in_array( self::EMOJI, $left_out, true ) ) {
			remove_action( 'wp_head', 'print_emoji_detection_script', 7 );
			remove_action( 'wp_enqueue_scripts', 'wp_enqueue_emoji_styles' );
			remove_action( 'wp_print_styles', 'print_emoji_styles' );
		}
		if ( in_array( self::THEME_FONTS, $left_out, true ) ) {
			remove_action( 'wp_head', 'wp_print_font_faces', 50 );
			remove_action( 'wp_head', 'wp_print_font_faces_from_style_variations', 50 );
		}
	}
}
