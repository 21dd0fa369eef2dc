<?php
/**
 * Activation and uninstall.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Database;

use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\PortalPage;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The portal page is made once (uninstall: UninstallTest).
 *
 * @group database
 */
final class InstallerTest extends TestCase {

	public function test_the_portal_page_is_made_once_and_holds_the_portal(): void {
		$this->services()->settings->update( array( 'portal_page_id' => 0 ) );

		$first  = Settings::ensure_portal_page();
		$second = Settings::ensure_portal_page();

		$this->assertGreaterThan( 0, $first );
		$this->assertSame( $first, $second );
		$this->assertTrue( PortalPage::holds_portal( get_post( $first ) ), 'the block or the shortcode, by theme (PortalBlockTest)' );
		$this->assertSame( 'publish', get_post_status( $first ) );
	}

	public function test_a_trashed_portal_page_is_replaced(): void {
		$page = Settings::ensure_portal_page();
		wp_trash_post( $page );

		$this->assertNotSame( $page, Settings::ensure_portal_page() );
	}
}
