<?php
/**
 * Activation, schema upgrades, deactivation and uninstall.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Database;

use LibraryPortal\Admin\AdminCapabilities;
use LibraryPortal\Catalogue\ItemCapabilities;
use LibraryPortal\Catalogue\ItemPostType;
use LibraryPortal\Frontend\Routes;
use LibraryPortal\Notifications\ExpiryNotices;
use LibraryPortal\Settings;
use LibraryPortal\Sharing\ShareLinkPurge;

/**
 * Keeps the database in step with the code.
 *
 * The stored schema version is compared on every load (one autoloaded option, no query),
 * so an update that ships new table definitions migrates itself without a reactivation.
 */
final class Installer {

	public const VERSION_OPTION = 'library_portal_schema_version';

	/**
	 * Activation hook: tables, portal page, rewrite rules, the daily expiry notices and share-link purge.
	 */
	public static function activate(): void {
		self::maybe_upgrade();
		ItemCapabilities::grant();
		AdminCapabilities::grant();
		delete_option( 'library_portal_demo_logins' ); // Versions before 0.2 kept demo passwords here.
		Settings::ensure_portal_page();
		( new ItemPostType() )->register_post_type();
		( new Routes( new Settings() ) )->add_rewrite_rules();
		flush_rewrite_rules( false );
		ExpiryNotices::schedule();
		ShareLinkPurge::schedule_when_ready();
	}

	/**
	 * Deactivation hook: our rewrite rules go away with the plugin. They were registered on init
	 * of this very request, so they are taken out before the flush (else it stores them again).
	 * The scheduled jobs go too (activation schedules them again).
	 */
	public static function deactivate(): void {
		Routes::remove_rewrite_rules();
		flush_rewrite_rules( false );
		ExpiryNotices::unschedule();
		ShareLinkPurge::unschedule();
	}

	/**
	 * Runs dbDelta when the stored schema version is older than the code's; an upgrade also
	 * schedules the jobs a new version brings (the share-link purge came with schema 9).
	 */
	public static function maybe_upgrade(): void {
		ItemCapabilities::maybe_grant();
		AdminCapabilities::maybe_grant();
		// One autoloaded option each: no query on a normal load.
		$schema_current = (int) get_option( self::VERSION_OPTION, 0 ) >= Schema::VERSION;
		if ( $schema_current && (int) get_option( Migrations::OPTION, 0 ) >= Migrations::LATEST ) {
			return;
		}
		global $wpdb;
		if ( ! $schema_current ) {
			require_once ABSPATH . 'wp-admin/includes/upgrade.php';
			dbDelta( ( new Schema( $wpdb ) )->statements() );
			update_option( self::VERSION_OPTION, Schema::VERSION, true );
			ShareLinkPurge::schedule_when_ready();
		}
		( new Migrations( $wpdb ) )->run();
	}

	/**
	 * Uninstall: only on a site whose admin ticked "delete all of its data" (the setting
	 * delete_on_uninstall; off by default, so deleting the plugin to reinstall it loses nothing),
	 * drops the tables and removes the plugin's options, capabilities, catalogue items (every
	 * status, trash included) and the page the plugin made. A page the admin picked as portal
	 * page is never touched; the plugin's own page goes to the trash. User meta, shared by every
	 * site, goes only when no site kept its data.
	 */
	public static function uninstall(): void {
		global $wpdb;
		$kept = false;
		if ( is_multisite() ) {
			foreach ( get_sites( array( 'fields' => 'ids' ) ) as $site_id ) {
				switch_to_blog( (int) $site_id );
				$kept = ! self::uninstall_site() || $kept;
				restore_current_blog();
			}
		} else {
			$kept = ! self::uninstall_site();
		}
		if ( $kept ) {
			return;
		}
		// The plugin's user meta keys start with (_)library_portal_.
		foreach ( array( 'library_portal_', '_library_portal_' ) as $prefix ) {
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->usermeta} WHERE meta_key LIKE %s", $wpdb->esc_like( $prefix ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- one sweep at uninstall: delete_metadata() takes exact keys, not a prefix.
		}
		wp_cache_flush();
	}

	/**
	 * Uninstall of one site. False when the site keeps its data (the admin did not ask for it
	 * to be deleted); a site where the plugin never ran has nothing to keep.
	 */
	private static function uninstall_site(): bool {
		global $wpdb;
		if ( ! get_option( self::VERSION_OPTION ) ) {
			return true;
		}
		if ( ! ( new Settings() )->get( 'delete_on_uninstall' ) ) {
			return false;
		}
		$schema = new Schema( $wpdb );
		foreach ( Schema::TABLES as $name ) {
			$wpdb->query( $wpdb->prepare( 'DROP TABLE IF EXISTS %i', $schema->table( $name ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.DirectDatabaseQuery.SchemaChange, WordPress.DB.PreparedSQLPlaceholders.UnsupportedPlaceholder, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- dropping our own tables on uninstall (no API, nothing to cache); %i is core's identifier placeholder (WP 6.2+), newer than WPCS 2.3.
		}

		/**
		 * Whether uninstall deletes the catalogue items (default true). A site that wants to keep
		 * its catalogue posts returns false from a must-use plugin.
		 *
		 * @param bool $delete Delete the catalogue items.
		 */
		if ( apply_filters( 'library_portal_uninstall_delete_catalogue', true ) ) {
			// Every status, trash and auto-draft too ('any' leaves those out).
			$item_ids = get_posts(
				array(
					'post_type'   => ItemPostType::POST_TYPE,
					'post_status' => array_keys( get_post_stati() ),
					'numberposts' => -1,
					'fields'      => 'ids',
				)
			);
			foreach ( $item_ids as $item_id ) {
				wp_delete_post( (int) $item_id, true );
			}
		}

		$created = (int) get_option( Settings::CREATED_PAGE_OPTION, 0 );
		if ( $created && 'page' === get_post_type( $created ) && 'trash' !== get_post_status( $created ) ) {
			wp_trash_post( $created );
		}

		ItemCapabilities::revoke();
		AdminCapabilities::revoke();
		// Every option of the plugin starts with library_portal_ (settings, versions, flags).
		$options = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s OR option_name LIKE %s", $wpdb->esc_like( 'library_portal_' ) . '%', $wpdb->esc_like( '_transient_library_portal_' ) . '%', $wpdb->esc_like( '_transient_timeout_library_portal_' ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- one read at uninstall: no API lists options by prefix.
		foreach ( $options as $option ) {
			delete_option( $option );
		}
		delete_option( Settings::OPTION );
		delete_option( self::VERSION_OPTION );
		return true;
	}
}
