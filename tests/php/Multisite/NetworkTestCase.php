<?php
/**
 * Base of the tests that run on a network (the multisite lane of bin/test-php).
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Multisite;

use LibraryPortal\Tests\Support\TestCase;

/**
 * The multisite lane (LP_SITE=test-multisite) installs a subdirectory network with the plugin
 * network-activated. Making a site creates tables, which ends the test's transaction on MariaDB:
 * so the sites and users a test makes are deleted after it, and a test leaves the main site as it
 * found it.
 */
abstract class NetworkTestCase extends TestCase {

	/**
	 * Sites made by the test.
	 *
	 * @var int[]
	 */
	private array $made_sites = array();

	/**
	 * Users made by the test.
	 *
	 * @var int[]
	 */
	private array $made_users = array();

	/**
	 * Runs only on a network.
	 */
	protected function set_up() {
		parent::set_up();
		if ( ! is_multisite() ) {
			$this->markTestSkipped( 'Runs in the multisite lane: LP_TEST_DBS=multisite bin/test-php.' );
		}
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		require_once ABSPATH . 'wp-admin/includes/ms.php';
	}

	/**
	 * Deletes what the test made (its sites with their tables, its users).
	 */
	protected function tear_down() {
		while ( ms_is_switched() ) {
			restore_current_blog();
		}
		foreach ( $this->made_sites as $site_id ) {
			if ( get_site( $site_id ) ) {
				wp_delete_site( $site_id );
			}
		}
		foreach ( $this->made_users as $user_id ) {
			if ( get_userdata( $user_id ) ) {
				wpmu_delete_user( $user_id );
			}
		}
		$this->made_sites = array();
		$this->made_users = array();
		parent::tear_down();
	}

	/**
	 * Creates a user (deleted from the network after the test).
	 *
	 * @param string $role Role on the current site.
	 * @param array  $args More wp_insert_user() fields.
	 */
	protected function make_user( string $role = 'subscriber', array $args = array() ): int {
		$user_id            = parent::make_user( $role, $args );
		$this->made_users[] = $user_id;
		return $user_id;
	}

	/**
	 * A new site of the network, made as Sites → Add New makes it (deleted after the test).
	 *
	 * @param bool $plugin_on_create Whether the plugin is network-active while the site is made;
	 *                               false makes a site the plugin never ran on.
	 */
	protected function make_site( bool $plugin_on_create = true ): int {
		$hide = static fn() => array();
		if ( ! $plugin_on_create ) {
			add_filter( 'pre_site_option_active_sitewide_plugins', $hide );
		}
		$site_id = wp_insert_site(
			array(
				'domain' => get_network()->domain,
				'path'   => '/site-' . strtolower( wp_generate_password( 8, false ) ) . '/',
				'title'  => 'A brand',
			)
		);
		remove_filter( 'pre_site_option_active_sitewide_plugins', $hide );
		$this->assertIsInt( $site_id, is_wp_error( $site_id ) ? $site_id->get_error_message() : '' );
		$this->made_sites[] = $site_id;
		return $site_id;
	}

	/**
	 * The plugin's tables of a site.
	 *
	 * @param int $site_id Site.
	 * @return string[]
	 */
	protected static function plugin_tables( int $site_id ): array {
		global $wpdb;
		return $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $wpdb->get_blog_prefix( $site_id ) . 'lp_' ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the test reads the schema itself.
	}
}
