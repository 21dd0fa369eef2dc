<?php
/**
 * X-Frame-Options on the portal's pages, over real HTTP.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions -- curl against the running test site.

namespace LibraryPortal\Tests\Frontend;

use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Frontend\FrameOptions;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\ParallelSite;
use LibraryPortal\Tests\Support\TestCase;
use WP_Query;

/**
 * Portal pages hold one-click actions (accept, activate, revoke), so no other site may frame
 * them: each portal route and certificate page answers with `X-Frame-Options: SAMEORIGIN`,
 * logged in or not; other pages of the site are left as WordPress makes them.
 */
final class FrameOptionsTest extends TestCase {

	use ParallelSite;

	/**
	 * GETs a path from the served test site (redirects not followed).
	 *
	 * @param string $path   Path.
	 * @param string $cookie Cookie header value ('' for a visitor).
	 * @return array{status: int, frame: string, location: string}
	 */
	private function get( string $path, string $cookie = '' ): array {
		$headers = array();
		// The site's own host name, so that WordPress's canonical redirect keeps a plain page where it is.
		$host   = 'Host: ' . wp_parse_url( home_url(), PHP_URL_HOST ) . ':' . wp_parse_url( home_url(), PHP_URL_PORT );
		$handle = curl_init( 'http://127.0.0.1:' . self::$port . $path );
		curl_setopt_array(
			$handle,
			array(
				CURLOPT_RETURNTRANSFER => true,
				CURLOPT_HTTPHEADER     => '' !== $cookie ? array( $host, 'Cookie: ' . $cookie ) : array( $host ),
				CURLOPT_TIMEOUT        => 60,
				CURLOPT_HEADERFUNCTION => static function ( $curl, string $line ) use ( &$headers ): int {
					$parts = explode( ':', $line, 2 );
					if ( 2 === count( $parts ) ) {
						$headers[ strtolower( trim( $parts[0] ) ) ][] = trim( $parts[1] );
					}
					return strlen( $line );
				},
			)
		);
		curl_exec( $handle );
		$status = (int) curl_getinfo( $handle, CURLINFO_HTTP_CODE );
		curl_close( $handle );
		return array(
			'status'   => $status,
			'frame'    => implode( ', ', $headers['x-frame-options'] ?? array() ),
			'location' => implode( ', ', $headers['location'] ?? array() ),
		);
	}

	/**
	 * The portal's pages: every route of the portal page and the certificate pages.
	 *
	 * @param int $item An item in the library.
	 * @return string[]
	 */
	private static function portal_paths( int $item ): array {
		return array(
			'/my-account/library',
			'/my-account/library/videos/' . $item,
			'/my-account/library/notifications',
			'/contract/3',
			'/contract/3/' . $item,
			'/quiz/' . $item,
			'/shareseats/eyJ1c2VyX2lkIjoxfQ',
			'/certificate/verify/ABCDEF123456',
			'/certificate/ABCDEF123456/download',
		);
	}

	public function test_every_portal_page_refuses_foreign_frames(): void {
		$user                       = $this->user();
		$item                       = Library::item( 'Framed workshop' );
		$this->committed['posts'][] = $item;
		Library::grant( $user, $item );
		$cookie = $this->browser( $user )['cookie'];

		foreach ( self::portal_paths( $item ) as $path ) {
			$page = $this->get( $path, $cookie );
			$this->assertGreaterThan( 0, $page['status'], "$path answered." );
			$this->assertSame( 'SAMEORIGIN', $page['frame'], "$path (logged in, status {$page['status']})" );

			$visitor = $this->get( $path );
			$this->assertSame( 'SAMEORIGIN', $visitor['frame'], "$path (logged out, status {$visitor['status']})" );
		}

		$library = $this->get( '/my-account/library', $cookie );
		$this->assertSame( 200, $library['status'], 'The portal page itself was served.' );
		$this->assertSame( '', $this->get( '/', $cookie )['frame'], 'The rest of the site is not the portal\'s to decide.' );
	}

	public function test_the_plugins_rest_replies_refuse_foreign_frames_too(): void {
		$user    = $this->user();
		$browser = $this->browser( $user );

		$reply = $this->get( '/wp-json/library/v2/items/', $browser['cookie'] );

		$this->assertSame( 401, $reply['status'], 'A cookie without its nonce is logged out.' );
		$this->assertSame( 'SAMEORIGIN', $reply['frame'] );
	}

	/**
	 * A published page (not the portal page of Settings) with the given content, committed.
	 *
	 * @param string $slug    Its address.
	 * @param string $content Its content.
	 */
	private function page( string $slug, string $content ): int {
		$page                       = (int) wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'Members ' . $slug,
				'post_name'    => $slug,
				'post_content' => $content,
			)
		);
		$this->committed['posts'][] = $page;
		return $page;
	}

	/**
	 * A page holding the portal block (or the shortcode) at its own address
	 * shows the same one-click actions as the routes, so it refuses foreign frames too; a page
	 * without the portal is left alone. Whether a page holds it is only known after the main
	 * query, which is why the rule is asked on template_redirect.
	 */
	public function test_the_rule_guards_a_page_holding_the_block_or_the_shortcode(): void {
		$pages = array(
			'frame-block'     => array( '<!-- wp:library-portal/portal /-->', true ),
			'frame-shortcode' => array( '<!-- wp:shortcode -->[library_portal]<!-- /wp:shortcode -->', true ),
			'frame-news'      => array( '<!-- wp:paragraph --><p>Our news.</p><!-- /wp:paragraph -->', false ),
		);
		$this->assertSame( 10, has_action( 'template_redirect', array( $this->frame_options(), 'on_portal_pages' ) ) );
		foreach ( $pages as $slug => list( $content, $guarded ) ) {
			$page                   = $this->page( $slug, $content );
			$GLOBALS['wp']->request = $slug;
			$GLOBALS['wp_query']    = new WP_Query( array( 'page_id' => $page ) ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the request under test, restored in tear_down().
			$this->assertSame( $guarded, Routes::is_portal_page(), $slug );
		}
	}

	/**
	 * The FrameOptions instance the plugin hooked.
	 */
	private function frame_options(): FrameOptions {
		global $wp_filter;
		foreach ( $wp_filter['template_redirect']->callbacks[10] ?? array() as $callback ) {
			if ( is_array( $callback['function'] ) && $callback['function'][0] instanceof FrameOptions ) {
				return $callback['function'][0];
			}
		}
		$this->fail( 'FrameOptions is not hooked on template_redirect.' );
	}

	/**
	 * Over HTTP: the block's page, logged in and out, answers with SAMEORIGIN; a plain page
	 * without the portal does not.
	 */
	public function test_a_page_holding_the_block_at_its_own_address_refuses_foreign_frames(): void {
		$user    = $this->user();
		$cookie  = $this->browser( $user )['cookie'];
		$members = (string) wp_parse_url( (string) get_permalink( $this->page( 'frame-members', '<!-- wp:paragraph --><p>Welcome.</p><!-- /wp:paragraph --><!-- wp:library-portal/portal /-->' ) ), PHP_URL_PATH );
		$plain   = (string) wp_parse_url( (string) get_permalink( $this->page( 'frame-plain', '<!-- wp:paragraph --><p>Our news.</p><!-- /wp:paragraph -->' ) ), PHP_URL_PATH );

		$member  = $this->get( $members, $cookie );
		$visitor = $this->get( $members );
		$this->assertSame( 200, $member['status'], $members . ' ' . $member['location'] );
		$this->assertSame( 'SAMEORIGIN', $member['frame'], 'logged in' );
		$this->assertSame( 200, $visitor['status'] );
		$this->assertSame( 'SAMEORIGIN', $visitor['frame'], 'logged out' );
		$this->assertSame( '', $this->get( $plain, $cookie )['frame'], 'a page without the portal is left alone' );
	}
}
