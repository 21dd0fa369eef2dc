<?php
/**
 * Uninstall.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Database;

use LibraryPortal\Catalogue\ItemPostType;
use LibraryPortal\Database\Installer;
use LibraryPortal\Database\Schema;
use LibraryPortal\Library\LibraryCache;
use LibraryPortal\Settings;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Uninstall leaves nothing of the plugin behind and never deletes a page the admin picked.
 * SQLite lane only: DROP TABLE ends the test transaction on MariaDB (an implicit commit).
 */
final class UninstallTest extends TestCase {

	protected function set_up() {
		parent::set_up();
		if ( 'sqlite' !== ( defined( 'DB_ENGINE' ) ? DB_ENGINE : 'mysql' ) ) {
			$this->markTestSkipped( 'DROP TABLE ends the test transaction on MariaDB; the SQLite run covers uninstall.' );
		}
	}

	protected function tear_down() {
		parent::tear_down();
		wp_roles()->for_site(); // The roles option was rolled back; reload the roles from it.
	}

	public function test_uninstall_trashes_the_page_it_made_and_keeps_a_page_the_admin_picked(): void {
		$this->services()->settings->update( array( 'portal_page_id' => 0 ) );
		$created = Settings::ensure_portal_page();
		$picked  = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'Members area',
				'post_content' => 'Our own words. [library_portal]',
			)
		);
		$this->services()->settings->update( array( 'portal_page_id' => $picked ) );

		Installer::uninstall();

		$this->assertSame( 'publish', get_post_status( $picked ) );
		$this->assertSame( 'Our own words. [library_portal]', get_post( $picked )->post_content );
		$this->assertSame( 'trash', get_post_status( $created ), 'the page the plugin made goes to the trash, not away' );
	}

	public function test_uninstall_keeps_an_admin_picked_page_even_when_the_plugin_never_made_one(): void {
		delete_option( Settings::CREATED_PAGE_OPTION );
		$picked = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => 'Portal',
			)
		);
		$this->services()->settings->update( array( 'portal_page_id' => $picked ) );

		Installer::uninstall();

		$this->assertSame( 'publish', get_post_status( $picked ) );
	}

	public function test_uninstall_removes_tables_options_user_meta_capabilities_and_every_catalogue_item(): void {
		global $wpdb;
		$published = Library::item( 'Published' );
		$trashed   = Library::item( 'Trashed' );
		wp_trash_post( $trashed );
		$draft = wp_insert_post(
			array(
				'post_type'   => ItemPostType::POST_TYPE,
				'post_status' => 'draft',
				'post_title'  => 'Draft',
			)
		);
		$user  = $this->make_user();
		update_user_meta( $user, LibraryCache::USER_META, 'v1' );
		update_option( LibraryCache::SITE_OPTION, 'v1' );
		$this->assertNotFalse( get_option( Installer::VERSION_OPTION ) );
		$this->assertTrue( get_role( 'editor' )->has_cap( 'edit_library_items' ) );

		Installer::uninstall();

		$schema = new Schema( $wpdb );
		foreach ( Schema::TABLES as $name ) {
			$this->assertNull( $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $schema->table( $name ) ) ), $name );
		}
		foreach ( array( $published, $trashed, $draft ) as $item ) {
			$this->assertNull( get_post( $item ) );
		}
		$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = %s", ItemPostType::POST_TYPE ) ) );
		$this->assertSame( array(), $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( 'library_portal_' ) . '%' ) ) );
		$this->assertSame( array(), $wpdb->get_col( $wpdb->prepare( "SELECT meta_key FROM {$wpdb->usermeta} WHERE meta_key LIKE %s", '%' . $wpdb->esc_like( 'library_portal_' ) . '%' ) ) );
		$this->assertFalse( get_option( Settings::OPTION ) );
		$this->assertFalse( get_option( Installer::VERSION_OPTION ) );
		$this->assertSame( '', get_user_meta( $user, LibraryCache::USER_META, true ) );
		foreach ( array( 'administrator', 'editor' ) as $role ) {
			$this->assertFalse( get_role( $role )->has_cap( 'edit_library_items' ), $role );
		}
	}

	public function test_a_site_can_keep_its_catalogue(): void {
		$item = Library::item( 'Kept' );
		add_filter( 'library_portal_uninstall_delete_catalogue', '__return_false' );

		Installer::uninstall();

		$this->assertSame( 'publish', get_post_status( $item ) );
	}
}
