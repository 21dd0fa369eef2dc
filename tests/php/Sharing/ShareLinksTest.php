<?php
/**
 * Stored share links: revocation and their sharer's deletion.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Sharing;

use LibraryPortal\Core\Seats\ShareLinks;
use LibraryPortal\Tests\Support\TestCase;

/**
 * A link works while its stored row exists, matches it and is not revoked.
 */
final class ShareLinksTest extends TestCase {

	public function test_an_issued_link_resolves_to_its_sharer_and_item(): void {
		$owner = $this->make_user();
		$links = $this->services()->share_links;

		$payload = $links->resolve( $links->issue( $owner, 321, time() ), time() );

		$this->assertIsArray( $payload );
		$this->assertSame( $owner, $payload['user_id'] );
		$this->assertSame( 321, $payload['product_id'] );
		$this->assertGreaterThan( 0, $payload['link_id'] );
	}

	public function test_the_sharer_can_revoke_a_link_and_nobody_else_can(): void {
		$owner    = $this->make_user();
		$stranger = $this->make_user();
		$links    = $this->services()->share_links;
		$code     = $links->issue( $owner, 321, time() );
		$link_id  = $links->resolve( $code, time() )['link_id'];

		$this->assertFalse( $links->revoke( $stranger, $link_id, time() ), "Someone else's link is not theirs to revoke." );
		$this->assertIsArray( $links->resolve( $code, time() ) );

		$this->assertTrue( $links->revoke( $owner, $link_id, time() ) );
		$this->assertFalse( $links->revoke( $owner, $link_id, time() ), 'Revoked once.' );
		$this->assertSame( ShareLinks::REVOKED, $links->resolve( $code, time() ) );
	}

	public function test_a_link_whose_row_is_gone_says_it_was_withdrawn(): void {
		$owner = $this->make_user();
		$links = $this->services()->share_links;
		$code  = $links->issue( $owner, 321, time() );

		require_once ABSPATH . 'wp-admin/includes/user.php';
		wp_delete_user( $owner );

		// Well signed, so the site made it; its row went with its sharer (or with the daily purge).
		$this->assertSame( ShareLinks::REVOKED, $links->resolve( $code, time() ), "A deleted sharer's links stop working." );
	}

	public function test_the_invite_says_a_revoked_link_was_withdrawn(): void {
		$owner = $this->make_user();
		wp_set_current_user( $this->make_user() );
		$links = $this->services()->share_links;
		$code  = $links->issue( $owner, 321, time() );
		$links->revoke( $owner, $links->resolve( $code, time() )['link_id'], time() );
		set_query_var( \LibraryPortal\Core\Site\Routes::QUERY_VAR, 'shareseats' );
		set_query_var( \LibraryPortal\Core\Site\Routes::SHARE_VAR, $code );
		$plugin = $this->services();

		$share = ( new \LibraryPortal\Frontend\PortalConfig( $plugin->settings, $plugin->contracts, $plugin->share_invites ) )->build()['shareData'];

		$this->assertSame( 'The sender has withdrawn this share link. Ask them for a new one.', $share['error'] );
	}
}
