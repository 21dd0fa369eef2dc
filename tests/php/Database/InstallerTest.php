<?php
/**
 * Activation and uninstall.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Database;

use LibraryPortal\Catalogue\ItemPostType;
use LibraryPortal\Database\Installer;
use LibraryPortal\Database\Schema;
use LibraryPortal\Plugin;
use LibraryPortal\Settings;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The portal page is made once; uninstall leaves nothing of the plugin behind.
 */
final class InstallerTest extends TestCase {

	public function test_the_portal_page_is_made_once_and_holds_the_shortcode(): void {
		Plugin::instance()->settings->update( array( 'portal_page_id' => 0 ) );

		$first  = Settings::ensure_portal_page();
		$second = Settings::ensure_portal_page();

		$this->assertGreaterThan( 0, $first );
		$this->assertSame( $first, $second );
		$this->assertStringContainsString( '[library_portal]', get_post( $first )->post_content );
		$this->assertSame( 'publish', get_post_status( $first ) );
	}

	public function test_a_trashed_portal_page_is_replaced(): void {
		$page = Settings::ensure_portal_page();
		wp_trash_post( $page );

		$this->assertNotSame( $page, Settings::ensure_portal_page() );
	}

	public function test_uninstall_removes_tables_options_page_and_catalogue(): void {
		global $wpdb;
		if ( 'sqlite' !== ( defined( 'DB_ENGINE' ) ? DB_ENGINE : 'mysql' ) ) {
			$this->markTestSkipped( 'DROP TABLE ends the test transaction on MariaDB; the SQLite run covers uninstall.' );
		}
		$item = Library::item( 'To be removed' );
		$page = Settings::ensure_portal_page();

		Installer::uninstall();

		$schema = new Schema( $wpdb );
		foreach ( Schema::TABLES as $name ) {
			$this->assertNull( $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $schema->table( $name ) ) ), $name );
		}
		$this->assertFalse( get_option( Settings::OPTION ) );
		$this->assertFalse( get_option( Installer::VERSION_OPTION ) );
		$this->assertNull( get_post( $item ) );
		$this->assertNull( get_post( $page ) );
		$this->assertSame(
			array(),
			get_posts(
				array(
					'post_type'   => ItemPostType::POST_TYPE,
					'post_status' => 'any',
				)
			)
		);
	}
}
