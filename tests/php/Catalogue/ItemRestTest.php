<?php
/**
 * Core's REST routes of the catalogue post type.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Catalogue;

use LibraryPortal\Core\Items\ItemCapabilities;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Catalogue data (download links, videos) is not readable through wp/v2 by customers or authors;
 * editors and administrators keep it for the block editor.
 */
final class ItemRestTest extends TestCase {

	private const SECRET = '/downloads/paid-manual.pdf';

	/**
	 * A published e-manual with a download link.
	 */
	private function paid_item(): int {
		$item = Library::item( 'Paid Manual', 'e-manual' );
		update_post_meta( $item, '_lp_download_link', home_url( self::SECRET ) );
		return $item;
	}

	/**
	 * Users without the catalogue capability: nobody, a customer, an author, a contributor.
	 *
	 * @return array<string, array{0: string}>
	 */
	public function outsiders(): array {
		return array(
			'logged out'  => array( '' ),
			'subscriber'  => array( 'subscriber' ),
			'contributor' => array( 'contributor' ),
			'author'      => array( 'author' ),
		);
	}

	/**
	 * @dataProvider outsiders
	 *
	 * @param string $role Role, '' = logged out.
	 */
	public function test_outsiders_list_and_read_nothing( string $role ): void {
		$item = $this->paid_item();
		$user = '' === $role ? 0 : $this->make_user( $role );

		$list = $this->rest( 'GET', '/wp/v2/library_item', array( 'per_page' => 100 ), $user );
		$one  = $this->rest( 'GET', '/wp/v2/library_item/' . $item, array( 'context' => 'view' ), $user );
		$edit = $this->rest( 'GET', '/wp/v2/library_item/' . $item, array( 'context' => 'edit' ), $user );
		$miss = $this->rest( 'GET', '/wp/v2/library_item/' . ( $item + 999 ), array(), $user );

		foreach ( array( $list, $one, $edit, $miss ) as $response ) {
			$this->assertSame( $user ? 403 : 401, $response->get_status() );
			$this->assertStringNotContainsString( 'paid-manual', wp_json_encode( $response->get_data() ) );
		}
	}

	public function test_authors_cannot_create_or_edit_catalogue_items(): void {
		$item   = $this->paid_item();
		$author = $this->make_user( 'author' );

		$this->assertFalse( user_can( $author, 'edit_library_items' ) );
		$this->assertFalse( user_can( $author, 'edit_post', $item ) );
		$create = $this->rest( 'POST', '/wp/v2/library_item', array( 'title' => 'Mine' ), $author );
		$this->assertSame( 403, $create->get_status() );
		$meta = $this->rest( 'POST', '/wp/v2/library_item/' . $item, array( 'meta' => array( '_lp_download_link' => 'https://evil.example/x.pdf' ) ), $author );
		$this->assertSame( 403, $meta->get_status() );
		$this->assertSame( home_url( self::SECRET ), get_post_meta( $item, '_lp_download_link', true ) );
	}

	/**
	 * Roles that edit the catalogue.
	 *
	 * @return array<string, array{0: string}>
	 */
	public function editors(): array {
		return array(
			'editor'        => array( 'editor' ),
			'administrator' => array( 'administrator' ),
		);
	}

	/**
	 * @dataProvider editors
	 *
	 * @param string $role Role.
	 */
	public function test_editors_and_administrators_keep_the_block_editor_routes( string $role ): void {
		$item = $this->paid_item();
		$user = $this->make_user( $role );

		$list = $this->rest( 'GET', '/wp/v2/library_item', array( 'context' => 'edit' ), $user );
		$one  = $this->rest( 'GET', '/wp/v2/library_item/' . $item, array( 'context' => 'edit' ), $user );

		$this->assertSame( 200, $list->get_status() );
		$this->assertContains( $item, wp_list_pluck( $list->get_data(), 'id' ) );
		$this->assertSame( 200, $one->get_status() );
		$this->assertSame( home_url( self::SECRET ), $one->get_data()['meta']['_lp_download_link'] );

		$update = $this->rest( 'POST', '/wp/v2/library_item/' . $item, array( 'meta' => array( '_lp_subtitle' => 'Edited' ) ), $user );
		$this->assertSame( 200, $update->get_status() );
		$this->assertSame( 'Edited', get_post_meta( $item, '_lp_subtitle', true ) );
	}

	public function test_an_upgrade_gives_the_capabilities_to_editors_and_administrators_only(): void {
		foreach ( array( 'administrator', 'editor' ) as $role ) {
			get_role( $role )->remove_cap( 'edit_library_items' );
		}
		update_option( ItemCapabilities::VERSION_OPTION, 0 );

		ItemCapabilities::maybe_grant();

		$this->assertTrue( get_role( 'administrator' )->has_cap( 'edit_library_items' ) );
		$this->assertTrue( get_role( 'editor' )->has_cap( 'publish_library_items' ) );
		$this->assertFalse( get_role( 'author' )->has_cap( 'edit_library_items' ) );
		$this->assertSame( ItemCapabilities::VERSION, (int) get_option( ItemCapabilities::VERSION_OPTION ) );
	}
}
