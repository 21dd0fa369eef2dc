<?php
/**
 * The page that holds the portal.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Site;

/**
 * How a page holds the portal: as the library-portal/portal block or as the shortcode. The
 * front end registers both (Frontend\PortalBlock, Frontend\Shortcode); the routes and the
 * installer only need to recognise and write such a page.
 */
final class PortalPage {

	/**
	 * The block's name (its block.json says the same).
	 */
	public const BLOCK = 'library-portal/portal';

	/**
	 * The shortcode's tag.
	 */
	public const SHORTCODE = 'library_portal';

	/**
	 * The portal page's content for a new site: the block where the theme is a block theme,
	 * the shortcode (in the block editor's shortcode block) on a classic theme.
	 */
	public static function content(): string {
		return wp_is_block_theme()
			? '<!-- wp:' . self::BLOCK . ' /-->'
			: '<!-- wp:shortcode -->[' . self::SHORTCODE . ']<!-- /wp:shortcode -->';
	}

	/**
	 * Whether a post holds the portal, as the block or as the shortcode.
	 *
	 * @param \WP_Post $post Post.
	 */
	public static function holds_portal( \WP_Post $post ): bool {
		return has_block( self::BLOCK, $post ) || has_shortcode( $post->post_content, self::SHORTCODE );
	}
}
