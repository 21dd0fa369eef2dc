<?php
/**
 * The portal's rewrite rules leave with the plugin.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Frontend;

use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Lifecycle\Installer;
use LibraryPortal\Tests\Support\TestCase;
use WP;

/**
 * Deactivation runs in a request whose init already added the rules; the stored rules after it
 * hold none of them, and a page at a reserved path opens again.
 */
final class DeactivationTest extends TestCase {

	protected function tear_down() {
		parent::tear_down();
		// The stored rules were rolled back; put this process's rules back as well.
		( new Routes( $this->services()->settings ) )->add_rewrite_rules();
		$GLOBALS['wp_rewrite']->flush_rules( false );
	}

	/**
	 * Stored rewrite rules that lead to the portal.
	 *
	 * @return array<string, string>
	 */
	private function portal_rules(): array {
		return array_filter(
			(array) get_option( 'rewrite_rules' ),
			static fn( $query ) => str_contains( (string) $query, 'library_portal_' ) // Portal and certificate routes.
		);
	}

	public function test_deactivation_stores_rewrite_rules_without_the_portals(): void {
		$this->assertCount( count( Routes::rules() ), $this->portal_rules(), 'the rules are there while active' );

		Installer::deactivate();

		$this->assertSame( array(), $this->portal_rules() );
		foreach ( array_keys( Routes::rules() ) as $regex ) {
			$this->assertArrayNotHasKey( $regex, (array) get_option( 'rewrite_rules' ) );
		}
	}

	public function test_pages_at_reserved_paths_open_again_after_deactivation(): void {
		$account = $this->page( 'my-account' );
		$library = $this->page( 'library', $account );
		$offer   = $this->page( 'team-offer', $this->page( 'shareseats' ) );
		$this->assertSame( 'library', $this->parse( '/my-account/library' )[ Routes::QUERY_VAR ] ?? '', 'shadowed while active' );
		$this->assertSame( 'shareseats', $this->parse( '/shareseats/team-offer' )[ Routes::QUERY_VAR ] ?? '', 'shadowed while active' );

		Installer::deactivate();

		foreach ( array(
			'my-account/library'    => $library,
			'shareseats/team-offer' => $offer,
		) as $path => $page ) {
			$vars = $this->parse( '/' . $path );
			$this->assertArrayNotHasKey( Routes::QUERY_VAR, $vars );
			$this->assertSame( $path, $vars['pagename'] ?? '' );
			$this->assertSame( $page, url_to_postid( home_url( '/' . $path . '/' ) ) );
		}
	}

	/**
	 * A published page.
	 *
	 * @param string $slug   Slug.
	 * @param int    $parent Parent page.
	 */
	private function page( string $slug, int $parent = 0 ): int {
		$existing = 0 === $parent ? get_page_by_path( $slug ) : null;
		if ( $existing instanceof \WP_Post && 'publish' === $existing->post_status ) {
			return $existing->ID; // Another plugin's page at that path (WooCommerce's My Account): a second one would get another slug.
		}
		return wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => $slug,
				'post_name'   => $slug,
				'post_parent' => $parent,
			)
		);
	}

	/**
	 * Parses a path as WordPress would, with the stored rules.
	 *
	 * @param string $path Request path.
	 * @return array<string, mixed>
	 */
	private function parse( string $path ): array {
		global $wp_rewrite;
		$wp_rewrite->init(); // Read the stored rules again, not this process's copy.
		$_SERVER['REQUEST_URI'] = $path;
		$wp                     = new WP();
		$wp->parse_request();
		return $wp->query_vars;
	}
}
