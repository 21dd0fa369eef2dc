<?php
/**
 * The theme's text fonts, preloaded where the theme's header is drawn around the portal.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\Routes;

/**
 * With the `theme_chrome` setting the theme's header and footer are drawn around the portal in the
 * theme's fonts. WordPress prints their @font-face rules but the browser only asks for a file when
 * text needs it; on a site whose head holds many scripts (WooCommerce) that came late enough that
 * the header was laid out in the fallback font first and moved when the font arrived (a layout shift
 * of 0.13). Preloading the files of the families the global styles use for the body and the
 * headings, in the weight they use, starts those downloads with the page
 * (docs/rules/platform.md, "Theme chrome and the theme's web font"). Other families, italics and other weights are not preloaded: a
 * preloaded file that goes unused costs a download and a console warning.
 */
final class ThemeFontPreload {

	/** The most files preloaded, whatever the theme declares. */
	public const MAX_FILES = 4;

	private const MIME_TYPES = array(
		'woff2' => 'font/woff2',
		'woff'  => 'font/woff',
		'ttf'   => 'font/ttf',
		'otf'   => 'font/otf',
	);

	/**
	 * Settings (theme_chrome).
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * What the portal's pages leave out (the theme's fonts may be left out by a filter).
	 *
	 * @var LeanPortalPages
	 */
	private LeanPortalPages $lean;

	/**
	 * Wires the services.
	 *
	 * @param Settings        $settings Settings.
	 * @param LeanPortalPages $lean     What portal pages leave out.
	 */
	public function __construct( Settings $settings, LeanPortalPages $lean ) {
		$this->settings = $settings;
		$this->lean     = $lean;
	}

	/**
	 * Hooks: WordPress's own preload list, printed first in the head (since WordPress 6.1).
	 */
	public function register(): void {
		add_filter( 'wp_preload_resources', array( $this, 'add_to' ) );
	}

	/**
	 * Adds the theme's text fonts to WordPress's preload list on a portal page drawn in the theme's
	 * chrome.
	 *
	 * @param mixed $resources Resources WordPress and other plugins preload.
	 * @return mixed The list with the fonts added.
	 */
	public function add_to( $resources ) {
		if ( ! is_array( $resources ) || ! Routes::is_portal_page() || ! $this->settings->get( 'theme_chrome' ) || in_array( LeanPortalPages::THEME_FONTS, $this->lean->left_out(), true ) ) {
			return $resources;
		}
		foreach ( $this->font_files() as $href => $type ) {
			$resources[] = array(
				'href'        => $href,
				'as'          => 'font',
				'type'        => $type,
				'crossorigin' => 'anonymous',
			);
		}
		return $resources;
	}

	/**
	 * The files of the faces the body and the headings are set in: the family's normal-style faces
	 * whose weight covers the weight the styles ask for (400 when they name none).
	 *
	 * @return array<string,string> Address => MIME type, at most MAX_FILES.
	 */
	public function font_files(): array {
		$faces_by_slug = $this->faces_by_slug();
		$files         = array();
		foreach ( $this->text_styles() as $typography ) {
			$slug = self::slug_of_family( $typography['fontFamily'] ?? '' );
			if ( '' === $slug || ! isset( $faces_by_slug[ $slug ] ) ) {
				continue;
			}
			$weight = is_numeric( $typography['fontWeight'] ?? null ) ? (int) $typography['fontWeight'] : 400;
			foreach ( $faces_by_slug[ $slug ] as $face ) {
				if ( ! is_array( $face ) || 'normal' !== ( $face['fontStyle'] ?? 'normal' ) || ! self::weight_covers( (string) ( $face['fontWeight'] ?? '400' ), $weight ) ) {
					continue;
				}
				$file = self::first_file( $face['src'] ?? array() );
				if ( null !== $file ) {
					$files[ $file[0] ] = $file[1];
				}
			}
		}
		return array_slice( $files, 0, self::MAX_FILES, true );
	}

	/**
	 * The typography of the body and of the headings, as the global styles (theme and site editor)
	 * set them.
	 *
	 * @return array<int,array<string,mixed>>
	 */
	private function text_styles(): array {
		$styles = wp_get_global_styles();
		return array_values( array_filter( array( $styles['typography'] ?? null, $styles['elements']['heading']['typography'] ?? null ), 'is_array' ) );
	}

	/**
	 * Font faces of every family the site declares (theme, site editor, WordPress), by slug.
	 *
	 * @return array<string,array<int,mixed>>
	 */
	private function faces_by_slug(): array {
		$by_slug = array();
		$origins = wp_get_global_settings( array( 'typography', 'fontFamilies' ) );
		foreach ( is_array( $origins ) ? $origins : array() as $families ) {
			foreach ( is_array( $families ) ? $families : array() as $family ) {
				if ( is_array( $family ) && isset( $family['slug'] ) && ! empty( $family['fontFace'] ) && is_array( $family['fontFace'] ) ) {
					$by_slug[ (string) $family['slug'] ] = $family['fontFace'];
				}
			}
		}
		return $by_slug;
	}

	/**
	 * The slug in `var:preset|font-family|manrope` or `var(--wp--preset--font-family--manrope)`.
	 *
	 * @param mixed $value A fontFamily style value.
	 */
	private static function slug_of_family( $value ): string {
		if ( is_string( $value ) && preg_match( '/(?:var:preset\|font-family\||var\(--wp--preset--font-family--)([a-z0-9_-]+)/i', $value, $match ) ) {
			return strtolower( $match[1] );
		}
		return '';
	}

	/**
	 * Whether a face's weight ('400', or a range of a variable font, '200 800') covers a weight.
	 *
	 * @param string $face_weight The face's fontWeight.
	 * @param int    $weight      The weight the styles ask for.
	 */
	private static function weight_covers( string $face_weight, int $weight ): bool {
		$bounds = array_map( 'intval', explode( ' ', trim( (string) preg_replace( '/\s+/', ' ', $face_weight ) ) ) );
		if ( 0 === $bounds[0] ) {
			return 400 === $weight;
		}
		return $weight >= min( $bounds ) && $weight <= max( $bounds );
	}

	/**
	 * The file the browser takes (the first source), as an address, and its MIME type; a theme's
	 * `file:./` path is resolved in the theme (or its parent).
	 *
	 * @param mixed $src A face's src: one source or a list of them.
	 * @return array{0:string,1:string}|null
	 */
	private static function first_file( $src ): ?array {
		$first = is_array( $src ) ? reset( $src ) : $src;
		if ( ! is_string( $first ) || '' === $first ) {
			return null;
		}
		$url = str_starts_with( $first, 'file:./' ) ? get_theme_file_uri( substr( $first, 7 ) ) : $first;
		$url = esc_url_raw( $url, array( 'http', 'https' ) );
		$ext = strtolower( pathinfo( (string) wp_parse_url( $url, PHP_URL_PATH ), PATHINFO_EXTENSION ) );
		if ( '' === $url || ! isset( self::MIME_TYPES[ $ext ] ) ) {
			return null;
		}
		return array( $url, self::MIME_TYPES[ $ext ] );
	}
}
