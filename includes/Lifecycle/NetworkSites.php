<?php
/**
 * The plugin on a WordPress network: sites created and deleted after Network Activate.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Lifecycle;

use LibraryPortal\Core\Database\Schema;
use WP_Site;

/**
 * A site created while the plugin is active for the whole network gets at once what activation
 * gives a site (tables, options, page, jobs, rules), so code may write to it before its first
 * request; a deleted site's tables go with it (docs/rules/platform.md, "Multisite").
 */
final class NetworkSites {

	/**
	 * Hooks (they fire only on a network).
	 */
	public function register(): void {
		// After core's own initialisation (priority 10) made the site's tables and options.
		add_action( 'wp_initialize_site', array( $this, 'install_new_site' ), 20 );
		add_filter( 'wpmu_drop_tables', array( $this, 'drop_tables' ), 10, 2 );
	}

	/**
	 * Installs the plugin on a new site when it is active for the whole network.
	 *
	 * @param WP_Site $site The new site.
	 */
	public function install_new_site( WP_Site $site ): void {
		if ( ! self::network_active() ) {
			return;
		}
		switch_to_blog( (int) $site->blog_id );
		Installer::activate_site();
		restore_current_blog();
	}

	/**
	 * Adds the plugin's tables of a site to those core drops when the site is deleted.
	 *
	 * @param string[] $tables  Tables core drops.
	 * @param int      $site_id The site being deleted.
	 * @return string[]
	 */
	public function drop_tables( $tables, $site_id ): array {
		global $wpdb;
		$prefix = $wpdb->get_blog_prefix( (int) $site_id );
		foreach ( Schema::TABLES as $name ) {
			$tables[] = $prefix . 'lp_' . $name;
		}
		return array_values( array_unique( (array) $tables ) );
	}

	/**
	 * Whether the plugin is active for the whole network (read without wp-admin's plugin.php,
	 * which a site created from the front end has not loaded).
	 */
	public static function network_active(): bool {
		if ( ! is_multisite() ) {
			return false;
		}
		$plugins = (array) get_site_option( 'active_sitewide_plugins', array() );
		return isset( $plugins[ plugin_basename( LIBRARY_PORTAL_FILE ) ] );
	}
}
