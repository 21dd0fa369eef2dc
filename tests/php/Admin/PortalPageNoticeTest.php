<?php
/**
 * The notice of a site without its portal page, and its "Create the Library page".
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Admin;

use LibraryPortal\Admin\PortalPageNotice;
use LibraryPortal\Core\Settings;
use LibraryPortal\Tests\Support\AdminScreens;
use LibraryPortal\Tests\Support\TestCase;
use RuntimeException;

/**
 * Only someone who manages the site's options sees the notice and may make the page, with the
 * form's nonce; without either WordPress stops and no page is made (docs/rules/platform.md, "Multisite").
 */
final class PortalPageNoticeTest extends TestCase {

	use AdminScreens;

	/**
	 * Takes the site's page away (as a trashed page or a network site that never got one).
	 */
	private function lose_the_page(): void {
		wp_trash_post( (int) ( new Settings() )->get( 'portal_page_id' ) );
	}

	/**
	 * The notice as the current user sees it.
	 */
	private static function notice(): string {
		ob_start();
		( new PortalPageNotice( new Settings() ) )->render();
		return (string) ob_get_clean();
	}

	/**
	 * Posts "Create the Library page"; returns where it goes next, or 'wp_die <status>'.
	 *
	 * @param bool $with_nonce Whether the form's nonce comes along.
	 */
	private static function create( bool $with_nonce ): string {
		$_POST = array( 'action' => PortalPageNotice::ACTION );
		if ( $with_nonce ) {
			$_POST['_wpnonce'] = wp_create_nonce( PortalPageNotice::ACTION );
		}
		$_REQUEST = $_POST; // phpcs:ignore WordPress.Security.NonceVerification.Missing -- the test builds the request.
		try {
			return ( new PortalPageNotice( new Settings() ) )->handle_create();
		} catch ( RuntimeException $stopped ) {
			return $stopped->getMessage();
		}
	}

	public function test_an_admin_of_a_site_without_its_page_is_told_and_makes_it(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$this->assertSame( '', self::notice(), 'A site with its page says nothing.' );
		$this->lose_the_page();

		$this->assertStringContainsString( 'Library Portal has no page on this site', self::notice() );
		$this->assertSame( admin_url(), self::create( true ) );

		$page = (int) ( new Settings() )->get( 'portal_page_id' );
		$this->assertSame( 'publish', get_post_status( $page ) );
		$this->assertSame( '', self::notice() );
	}

	public function test_without_the_capability_or_the_nonce_nothing_is_made(): void {
		$this->lose_the_page();
		$lost = (int) ( new Settings() )->get( 'portal_page_id' );

		$this->assertSame( 'wp_die 403', self::create( true ), 'Logged out.' );
		wp_set_current_user( $this->make_user( 'editor' ) );
		$this->assertSame( '', self::notice(), 'Someone who does not manage the site sees no notice.' );
		$this->assertSame( 'wp_die 403', self::create( true ) );
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$this->assertSame( 'wp_die 403', self::create( false ), 'No nonce.' );

		$this->assertSame( $lost, (int) ( new Settings() )->get( 'portal_page_id' ), 'No page was made.' );
	}
}
