<?php
/**
 * X-Frame-Options on the portal's pages, over real HTTP.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions -- curl against the running test site.

namespace LibraryPortal\Tests\Frontend;

use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\ParallelSite;
use LibraryPortal\Tests\Support\TestCase;

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
	 * @return array{status: int, frame: string}
	 */
	private function get( string $path, string $cookie = '' ): array {
		$headers = array();
		$handle  = curl_init( 'http://127.0.0.1:' . self::$port . $path );
		curl_setopt_array(
			$handle,
			array(
				CURLOPT_RETURNTRANSFER => true,
				CURLOPT_HTTPHEADER     => '' !== $cookie ? array( 'Cookie: ' . $cookie ) : array(),
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
			'status' => $status,
			'frame'  => implode( ', ', $headers['x-frame-options'] ?? array() ),
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
}
