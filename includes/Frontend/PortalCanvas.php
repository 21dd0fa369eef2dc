<?php
/**
 * The page around the portal on its routes.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\Routes;

/**
 * What a visitor sees around the portal on its routes (Core\Site\Routes serves the routes
 * themselves): a clean canvas instead of the theme's chrome, no page title above the portal's own
 * headings, no toolbar for customers.
 */
final class PortalCanvas {

	/**
	 * Settings (portal page, theme chrome).
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Wires the canvas.
	 *
	 * @param Settings $settings Settings.
	 */
	public function __construct( Settings $settings ) {
		$this->settings = $settings;
	}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_filter( 'show_admin_bar', array( $this, 'admin_bar_for_staff_only' ) );
		add_filter( 'template_include', array( $this, 'portal_canvas' ) );
		add_filter( 'body_class', array( $this, 'canvas_body_class' ) );
		add_filter( 'page_template_hierarchy', array( $this, 'prefer_untitled_template' ) );
		add_filter( 'render_block_core/post-title', array( $this, 'hide_page_title' ) );
		add_filter( 'the_title', array( $this, 'hide_classic_page_title' ), 10, 2 );
	}

	/**
	 * Customers see the portal, not WordPress's toolbar (as WooCommerce's account pages do);
	 * people who edit the site keep it.
	 *
	 * @param bool $show Whether WordPress would show the toolbar.
	 */
	public function admin_bar_for_staff_only( $show ): bool {
		return Routes::is_portal_page() && ! current_user_can( 'edit_posts' ) ? false : (bool) $show;
	}

	/**
	 * Portal routes get a clean canvas: the portal is a full app with its own navigation, and a
	 * theme's header, menu and footer around it put two menus on a phone and push the footer
	 * about while it loads. The `theme_chrome` setting keeps the theme's template instead.
	 *
	 * @param string $template Template WordPress chose.
	 */
	public function portal_canvas( $template ): string {
		return $this->uses_canvas() ? __DIR__ . '/views/canvas.php' : (string) $template;
	}

	/**
	 * Marks the canvas on <body>, for the portal's styles.
	 *
	 * @param string[] $classes Body classes.
	 * @return string[]
	 */
	public function canvas_body_class( $classes ): array {
		return $this->uses_canvas() ? array_merge( (array) $classes, array( 'library-portal-canvas' ) ) : (array) $classes;
	}

	/**
	 * Whether this request draws the portal on the clean canvas.
	 */
	private function uses_canvas(): bool {
		return Routes::is_portal_page() && ! $this->settings->get( 'theme_chrome' );
	}

	/**
	 * On portal routes, a theme's "page without title" template comes first (Twenty Twenty-Four and
	 * many block themes have one): the portal brings its own heading and needs the room.
	 *
	 * @param string[] $templates Candidate templates, most specific first.
	 * @return string[]
	 */
	public function prefer_untitled_template( $templates ): array {
		return Routes::current_route() ? array_merge( array( 'page-no-title.php' ), (array) $templates ) : (array) $templates;
	}

	/**
	 * The portal has its own headings: a block theme's post title block prints nothing on its routes.
	 *
	 * @param string $html Rendered block.
	 */
	public function hide_page_title( $html ): string {
		return Routes::current_route() ? '' : (string) $html;
	}

	/**
	 * The same for classic themes, which print the title with the_title() in the loop.
	 *
	 * @param string $title   Title.
	 * @param int    $post_id Post ID.
	 */
	public function hide_classic_page_title( $title, $post_id = 0 ): string {
		$is_portal_page = (int) $post_id === (int) $this->settings->get( 'portal_page_id' );
		return $is_portal_page && Routes::current_route() && in_the_loop() && ! wp_is_block_theme() ? '' : (string) $title;
	}
}
