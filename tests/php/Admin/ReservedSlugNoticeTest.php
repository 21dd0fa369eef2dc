<?php
/**
 * The warning about pages at the portal's reserved paths.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Admin;

use LibraryPortal\Admin\ReservedSlugNotice;
use LibraryPortal\Tests\Support\TestCase;

/**
 * A published page at /quiz, /contract, /shareseats or /my-account/library is named on the
 * settings page; drafts, other pages and the portal page are not.
 */
final class ReservedSlugNoticeTest extends TestCase {

	/**
	 * A page.
	 *
	 * @param string $slug   Slug.
	 * @param string $status Status.
	 * @param int    $parent Parent page.
	 */
	private function page( string $slug, string $status = 'publish', int $parent = 0 ): int {
		$existing = 0 === $parent && 'publish' === $status ? get_page_by_path( $slug ) : null;
		if ( $existing instanceof \WP_Post && 'publish' === $existing->post_status ) {
			return $existing->ID; // Another plugin's page at that path (WooCommerce's My Account): a second one would get another slug.
		}
		return wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => $status,
				'post_title'  => ucfirst( $slug ) . ' page',
				'post_name'   => $slug,
				'post_parent' => $parent,
			)
		);
	}

	/**
	 * The admin notices printed on a screen, as an administrator.
	 *
	 * @param string $screen Screen ID.
	 */
	private function notices_on( string $screen ): string {
		require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
		require_once ABSPATH . 'wp-admin/includes/screen.php';
		wp_set_current_user( $this->make_user( 'administrator' ) );
		set_current_screen( $screen );
		ob_start();
		( new ReservedSlugNotice( $this->services()->settings ) )->render();
		$html                      = (string) ob_get_clean();
		$GLOBALS['current_screen'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- back to no screen.
		return $html;
	}

	public function test_published_pages_at_reserved_paths_are_named_on_the_settings_page(): void {
		$quiz    = $this->page( 'quiz' );
		$account = $this->page( 'my-account' );
		$this->page( 'library', 'publish', $account );
		$this->page( 'contract', 'draft' );
		$this->page( 'about' );

		$html = $this->notices_on( 'settings_page_library-portal' );

		$this->assertStringContainsString( 'notice-warning', $html );
		$this->assertStringContainsString( '<code>/quiz</code>', $html );
		$this->assertStringContainsString( '<code>/my-account/library</code>', $html );
		$this->assertStringContainsString( 'post=' . $quiz, $html );
		$this->assertStringNotContainsString( '/contract</code>', $html, 'drafts do not open anyway' );
		$this->assertStringNotContainsString( 'About page', $html );
	}

	public function test_no_notice_without_conflicts_or_on_other_screens(): void {
		$this->assertSame( '', $this->notices_on( 'settings_page_library-portal' ) );
		$this->page( 'shareseats' );
		$this->assertSame( '', $this->notices_on( 'dashboard' ) );
		$this->assertStringContainsString( '/shareseats', $this->notices_on( 'edit-page' ) );
	}

	public function test_the_portal_page_itself_is_no_conflict(): void {
		$account = $this->page( 'my-account' );
		$portal  = $this->page( 'library', 'publish', $account );
		$this->services()->settings->update( array( 'portal_page_id' => $portal ) );

		$this->assertSame( '', $this->notices_on( 'settings_page_library-portal' ) );
	}
}
