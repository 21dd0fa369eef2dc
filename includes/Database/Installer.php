<?php
/**
 * Activation, schema upgrades, deactivation and uninstall.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Database;

use LibraryPortal\Catalogue\ItemCapabilities;
use LibraryPortal\Catalogue\ItemPostType;
use LibraryPortal\Frontend\Routes;
use LibraryPortal\Settings;

/**
 * Keeps the database in step with the code.
 *
 * The stored schema version is compared on every load (one autoloaded option, no query),
 * so an update that ships new table definitions migrates itself without a reactivation.
 */
final class Installer {

	public const VERSION_OPTION = 'library_portal_schema_version';

	/**
	 * Activation hook: tables, portal page, rewrite rules.
	 */
	public static function activate(): void {
		self::maybe_upgrade();
		ItemCapabilities::grant();
		delete_option( 'library_portal_demo_logins' ); // Versions before 0.2 kept demo passwords here.
		Settings::ensure_portal_page();
		( new ItemPostType() )->register_post_type();
		( new Routes( new Settings() ) )->add_rewrite_rules();
		flush_rewrite_rules( false );
	}

	/**
	 * Deactivation hook: our rewrite rules go away with the plugin.
	 */
	public static function deactivate(): void {
		flush_rewrite_rules( false );
	}

	/**
	 * Runs dbDelta when the stored schema version is older than the code's.
	 */
	public static function maybe_upgrade(): void {
		ItemCapabilities::maybe_grant();
		if ( (int) get_option( self::VERSION_OPTION, 0 ) >= Schema::VERSION ) {
			return;
		}
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		dbDelta( ( new Schema( $wpdb ) )->statements() );
		update_option( self::VERSION_OPTION, Schema::VERSION, true );
	}

	/**
	 * Uninstall: drops the tables, options and catalogue posts.
	 */
	public static function uninstall(): void {
		global $wpdb;
		$schema = new Schema( $wpdb );
		foreach ( Schema::TABLES as $name ) {
			$wpdb->query( $wpdb->prepare( 'DROP TABLE IF EXISTS %i', $schema->table( $name ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery.SchemaChange,WordPress.DB.PreparedSQLPlaceholders -- our own tables; %i is core's identifier placeholder (WP 6.2+), newer than WPCS 2.3.
		}
		$item_ids = get_posts(
			array(
				'post_type'   => ItemPostType::POST_TYPE,
				'post_status' => 'any',
				'numberposts' => -1,
				'fields'      => 'ids',
			)
		);
		foreach ( $item_ids as $item_id ) {
			wp_delete_post( (int) $item_id, true );
		}
		$page_id = (int) ( get_option( Settings::OPTION, array() )['portal_page_id'] ?? 0 );
		if ( $page_id ) {
			wp_delete_post( $page_id, true );
		}
		ItemCapabilities::revoke();
		delete_option( Settings::OPTION );
		delete_option( self::VERSION_OPTION );
		delete_option( 'library_portal_demo_logins' );
	}
}
