<?php
/**
 * Each brand's colours for pages and mail the portal's own stylesheet does not reach.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Site;

/**
 * The portal's brand colours (src/styles/brand-*.scss) for the places its stylesheet does not
 * style: the plugin's mail, the login screen, the certificate verify page. One list, so a brand's
 * colour changes in one place on the PHP side.
 */
final class BrandPalette {

	/**
	 * Per brand: `heading` (titles, the band under a logo), `accent` (buttons: white text on it at
	 * 4.5:1 or more), `link` (links on white), `page` (behind a card), `text`, `muted` (small print
	 * on white at 4.5:1 or more), `radius` (a button's corners), `font` (a font stack).
	 */
	private const BRANDS = array(
		'harbor' => array(
			'heading' => '#0b2545',
			'accent'  => '#0b6e79',
			'link'    => '#0b6e79',
			'page'    => '#f4f7fa',
			'text'    => '#1c2733',
			'muted'   => '#52606d',
			'radius'  => '999px',
			'font'    => '"Segoe UI",system-ui,-apple-system,"Helvetica Neue",Arial,sans-serif',
		),
		'summit' => array(
			'heading' => '#1e3a26',
			'accent'  => '#a84a17',
			'link'    => '#a84a17',
			'page'    => '#f7f5f0',
			'text'    => '#24301f',
			'muted'   => '#52606d',
			'radius'  => '4px',
			'font'    => '"Source Sans 3","Segoe UI",system-ui,-apple-system,Arial,sans-serif',
		),
	);

	/**
	 * A brand's colours (an unknown brand gets the first one's).
	 *
	 * @param string $brand Brand key (Settings::BRANDS).
	 * @return array{heading: string, accent: string, link: string, page: string, text: string, muted: string, radius: string, font: string}
	 */
	public static function of( string $brand ): array {
		return self::BRANDS[ $brand ] ?? self::BRANDS['harbor'];
	}
}
