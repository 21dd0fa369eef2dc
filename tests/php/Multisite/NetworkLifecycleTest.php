<?php
/**
 * The plugin over a network's life: Network Activate, sites added and deleted, Network
 * Deactivate, uninstall.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Multisite;

use LibraryPortal\Admin\PortalPageNotice;
use LibraryPortal\Core\Database\Schema;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Settings;
use LibraryPortal\Lifecycle\Installer;
use LibraryPortal\Notifications\ExpiryNotices;
use LibraryPortal\Services;
use LibraryPortal\Tests\Fixtures\Library;

/**
 * Every site of a network gets and loses what a single site gets and loses (docs/rules/platform.md,
 * "Multisite").
 *
 * @group multisite
 */
final class NetworkLifecycleTest extends NetworkTestCase {

	/**
	 * Builds and stores a site's rewrite rules as its first request would (with the plugin's).
	 *
	 * @param int $site_id Site.
	 */
	private static function visit( int $site_id ): void {
		global $wp_rewrite;
		switch_to_blog( $site_id );
		$wp_rewrite->init();
		$wp_rewrite->flush_rules( false );
		restore_current_blog();
		$wp_rewrite->init();
	}

	/**
	 * Whether a site's stored rules answer an address of the plugin.
	 *
	 * @param int    $site_id Site.
	 * @param string $path    Path below the site, e.g. 'quiz/4/'.
	 */
	private static function answers( int $site_id, string $path ): bool {
		foreach ( array_keys( (array) get_blog_option( $site_id, 'rewrite_rules', array() ) ) as $regex ) {
			if ( preg_match( '#^' . $regex . '#', $path ) && str_contains( (string) get_blog_option( $site_id, 'rewrite_rules' )[ $regex ], 'library' ) ) {
				return true;
			}
		}
		return false;
	}

	public function test_network_activate_gives_every_site_its_page_tables_jobs_and_rules(): void {
		$site = $this->make_site( false );
		switch_to_blog( $site );
		$this->assertSame( 0, (int) ( new Settings() )->get( 'portal_page_id' ), 'A site the plugin never ran on has no page.' );
		restore_current_blog();

		Installer::activate( true ); // Network Activate runs the hook once, on the main site.

		switch_to_blog( $site );
		$page = (int) ( new Settings() )->get( 'portal_page_id' );
		$this->assertGreaterThan( 0, $page, 'The site has its Library page.' );
		$this->assertSame( 'publish', get_post_status( $page ) );
		$content = (string) get_post_field( 'post_content', $page );
		$this->assertTrue( has_shortcode( $content, 'library_portal' ) || has_block( 'library-portal/portal', $content ), 'The page holds the portal as on a single site.' );
		$this->assertSame( Schema::VERSION, (int) get_option( Installer::VERSION_OPTION ) );
		$this->assertCount( count( Schema::TABLES ), self::plugin_tables( $site ) );
		$this->assertNotFalse( wp_next_scheduled( ExpiryNotices::HOOK ), 'The daily job is scheduled on the site.' );
		$this->assertFalse( get_option( 'rewrite_rules' ), 'The site builds its rules, with the portal\'s, on its next request.' );
		restore_current_blog();
		self::visit( $site );
		$this->assertTrue( self::answers( $site, 'my-account/library/' ) );
	}

	public function test_a_site_without_its_page_tells_its_admin(): void {
		$site  = $this->make_site( false );
		$admin = $this->make_user( 'administrator' );
		add_user_to_blog( $site, $admin, 'administrator' );
		switch_to_blog( $site );
		wp_set_current_user( $admin );
		$notice = new PortalPageNotice( new Settings() );

		ob_start();
		$notice->render();
		$shown = (string) ob_get_clean();

		$this->assertStringContainsString( 'Library Portal has no page on this site', $shown );
		$this->assertStringContainsString( 'Create the Library page', $shown );
		Settings::ensure_portal_page();
		ob_start();
		$notice->render();
		$this->assertSame( '', (string) ob_get_clean(), 'With its page the site says nothing.' );
		wp_set_current_user( $this->make_user( 'subscriber' ) );
		Settings::ensure_portal_page();
		restore_current_blog();
	}

	public function test_a_site_added_later_takes_a_grant_before_its_first_request(): void {
		$this->assertTrue( is_plugin_active_for_network( plugin_basename( LIBRARY_PORTAL_FILE ) ), 'The lane runs with the plugin network-active.' );
		$site  = $this->make_site();
		$owner = $this->make_user();

		switch_to_blog( $site );
		$item  = Library::item( 'Summit Onboarding', 'workshop' );
		$grant = Services::on( $GLOBALS['wpdb'] )->grants->grant( $owner, $item, 2, 0, '', 'admin', '', 0 );

		$this->assertGreaterThan( 0, $grant );
		$this->assertSame( Schema::VERSION, (int) get_option( Installer::VERSION_OPTION ) );
		$this->assertGreaterThan( 0, (int) ( new Settings() )->get( 'portal_page_id' ) );
		$this->assertNotFalse( wp_next_scheduled( ExpiryNotices::HOOK ) );
		restore_current_blog();
	}

	public function test_deleting_a_site_drops_its_tables(): void {
		$site = $this->make_site();
		$this->assertCount( count( Schema::TABLES ), self::plugin_tables( $site ) );

		wp_delete_site( $site );

		$this->assertSame( array(), self::plugin_tables( $site ) );
		$this->assertCount( count( Schema::TABLES ), self::plugin_tables( get_main_site_id() ), 'The other sites keep theirs.' );
	}

	public function test_network_deactivate_takes_the_jobs_and_rules_from_every_site(): void {
		$site = $this->make_site();
		self::visit( $site );
		$this->assertTrue( self::answers( $site, 'quiz/4/' ) );
		$this->assertTrue( self::answers( $site, 'shareseats/abc/' ) );

		try {
			Installer::deactivate( true );

			foreach ( array( $site, get_main_site_id() ) as $each ) {
				switch_to_blog( $each );
				$this->assertFalse( wp_next_scheduled( ExpiryNotices::HOOK ), "Site $each keeps no job." );
				restore_current_blog();
			}
			$this->assertFalse( self::answers( $site, 'quiz/4/' ), 'The site\'s stored rules no longer take /quiz/4/.' );
			$this->assertFalse( self::answers( $site, 'shareseats/abc/' ) );
		} finally {
			Installer::activate( true );
		}
	}

	public function test_uninstall_reaches_every_site_and_cleans_one_the_plugin_never_ran_on(): void {
		$never = $this->make_site( false );
		switch_to_blog( $never );
		update_option( Settings::OPTION, array( 'brand' => 'summit' ) );
		$stray = wp_insert_post(
			array(
				'post_type'   => ItemPostType::POST_TYPE,
				'post_title'  => 'A stray item',
				'post_status' => 'draft',
			)
		);
		restore_current_blog();
		$asked = $this->make_site();
		switch_to_blog( $asked );
		( new Settings() )->update( array( 'delete_on_uninstall' => true ) );
		restore_current_blog();
		$kept = $this->make_site();
		self::visit( $kept );

		try {
			Installer::uninstall();

			$this->assertFalse( get_blog_option( $never, Settings::OPTION ) );
			switch_to_blog( $never );
			$this->assertNull( get_post( $stray ) );
			restore_current_blog();
			$this->assertSame( array(), self::plugin_tables( $asked ) );
			$this->assertFalse( get_blog_option( $asked, Installer::VERSION_OPTION ) );
			$this->assertCount( count( Schema::TABLES ), self::plugin_tables( $kept ), 'A site that did not ask keeps its data.' );
			$this->assertFalse( get_blog_option( $kept, 'rewrite_rules' ), 'but not the rules of a plugin that is gone.' );
			switch_to_blog( $kept );
			$this->assertFalse( wp_next_scheduled( ExpiryNotices::HOOK ) );
			restore_current_blog();
		} finally {
			Installer::activate( true );
		}
	}

	public function test_uninstall_walks_past_the_hundredth_site(): void {
		global $wpdb;
		// 100 rows of sites that were never set up (no tables: only their place in the list counts).
		$values = array();
		for ( $i = 0; $i < 100; $i++ ) {
			$values[] = $wpdb->prepare( '(%d, %s, %s, NOW(), NOW())', get_current_network_id(), get_network()->domain, '/filler-' . $i . '-' . wp_generate_password( 6, false ) . '/' );
		}
		$wpdb->query( "INSERT INTO {$wpdb->blogs} (site_id, domain, path, registered, last_updated) VALUES " . implode( ',', $values ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared -- each row prepared above.
		$first_filler = (int) $wpdb->insert_id;
		$last         = $this->make_site();
		switch_to_blog( $last );
		( new Settings() )->update( array( 'delete_on_uninstall' => true ) );
		restore_current_blog();
		$this->assertGreaterThan(
			100,
			count(
				get_sites(
					array(
						'fields' => 'ids',
						'number' => 0,
					)
				)
			)
		);

		$suppress = $wpdb->suppress_errors( true ); // The filler sites have no tables to read.
		try {
			Installer::uninstall();
			$tables_left   = self::plugin_tables( $last );
			$settings_left = get_blog_option( $last, Settings::OPTION );
		} finally {
			$wpdb->suppress_errors( $suppress );
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->blogs} WHERE blog_id >= %d AND blog_id < %d", $first_filler, $last ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the test's own rows.
			wp_cache_flush();
			Installer::activate( true );
		}

		$this->assertSame( array(), $tables_left, 'The site after the 100th is uninstalled too.' );
		$this->assertFalse( $settings_left );
	}
}
