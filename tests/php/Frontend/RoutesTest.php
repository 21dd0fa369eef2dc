<?php
/**
 * Deep links resolve to the portal page.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Frontend;

use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Tests\Support\TestCase;
use WP;

/**
 * WordPress's own request parser maps every client route to the page that holds the portal.
 */
final class RoutesTest extends TestCase {

	/**
	 * Parses a path as WordPress would for a real request.
	 *
	 * @param string $path Request path.
	 * @return array<string, mixed> Query vars.
	 */
	private function parse( string $path ): array {
		$_SERVER['REQUEST_URI'] = $path;
		$wp                     = new WP();
		$wp->parse_request();
		return $wp->query_vars;
	}

	/**
	 * Client routes.
	 *
	 * @return array<string, array{0: string, 1: string}>
	 */
	public function provide_routes(): array {
		return array(
			'dashboard'        => array( '/my-account/library', 'library' ),
			'list with status' => array( '/my-account/library/videos?status=expired', 'library' ),
			'item detail'      => array( '/my-account/library/videos/42', 'library' ),
			'users'            => array( '/my-account/library/users/7', 'library' ),
			'notifications'    => array( '/my-account/library/notifications', 'library' ),
			'contract'         => array( '/contract/3', 'contract' ),
			'contract item'    => array( '/contract/3/42', 'contract' ),
			'contract user'    => array( '/contract/3/users/9', 'contract' ),
			'quiz'             => array( '/quiz/42', 'quiz' ),
			'share link'       => array( '/shareseats/eyJ1c2VyX2lkIjoxfQ', 'shareseats' ),
		);
	}

	/**
	 * Each deep link serves the portal page.
	 *
	 * @dataProvider provide_routes
	 *
	 * @param string $path  Request path.
	 * @param string $route Expected portal route.
	 */
	public function test_deep_link_serves_the_portal_page( string $path, string $route ): void {
		$vars = $this->parse( $path );

		$this->assertSame( $route, $vars[ Routes::QUERY_VAR ] ?? null );
		$this->assertSame( (int) $this->services()->settings->get( 'portal_page_id' ), (int) $vars['page_id'] );
	}

	public function test_contract_and_share_parts_are_captured(): void {
		$this->assertSame( '3', $this->parse( '/contract/3/users/9' )[ Routes::CONTRACT_VAR ] );
		$this->assertSame( 'abc-_', $this->parse( '/shareseats/abc-_' )[ Routes::SHARE_VAR ] );
		$this->assertSame( '42', $this->parse( '/quiz/42' )[ Routes::PRODUCT_VAR ] );
	}

	public function test_other_paths_are_untouched(): void {
		$this->assertArrayNotHasKey( Routes::QUERY_VAR, $this->parse( '/my-account/orders' ) );
		$this->assertArrayNotHasKey( Routes::QUERY_VAR, $this->parse( '/contract/not-a-number' ) );
	}

	// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound, WordPress.NamingConventions.ValidHookName.UseUnderscores -- core's hooks under test.
	/**
	 * Filters a post title block's HTML with the three arguments WP_Block::render() passes
	 * (other plugins' callbacks, such as WooCommerce's, require all three).
	 *
	 * @param string $html Block HTML.
	 */
	private function render_post_title( string $html ): string {
		$parsed = array(
			'blockName'    => 'core/post-title',
			'attrs'        => array(),
			'innerBlocks'  => array(),
			'innerHTML'    => '',
			'innerContent' => array(),
		);
		return apply_filters( 'render_block_core/post-title', $html, $parsed, new \WP_Block( $parsed ) );
	}

	public function test_portal_routes_hide_the_theme_title_and_the_toolbar_for_customers(): void {
		global $wp_query;
		$wp_query->set( Routes::QUERY_VAR, 'library' );
		wp_set_current_user( $this->make_user() );

		$this->assertFalse( apply_filters( 'show_admin_bar', true ) );
		$this->assertSame( array( 'page-no-title.php', 'page.php' ), apply_filters( 'page_template_hierarchy', array( 'page.php' ) ) );
		$this->assertSame( '', $this->render_post_title( '<h1>Library</h1>' ) );

		wp_set_current_user( $this->make_user( 'editor' ) );
		$this->assertTrue( apply_filters( 'show_admin_bar', true ), 'Staff keep the toolbar.' );

		$wp_query->set( Routes::QUERY_VAR, '' );
		$this->assertSame( '<h1>Library</h1>', $this->render_post_title( '<h1>Library</h1>' ), 'Other pages keep their title.' );
		$this->assertSame( array( 'page.php' ), apply_filters( 'page_template_hierarchy', array( 'page.php' ) ) );
	}
	// phpcs:enable
}
