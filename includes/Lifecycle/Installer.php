<?php
/**
 * Activation, schema upgrades, deactivation and uninstall.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Lifecycle;

use LibraryPortal\Core\AdminCapabilities;
use LibraryPortal\Core\Database\Schema;
use LibraryPortal\Core\Database\Sites;
use LibraryPortal\Core\Items\ItemCapabilities;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Contracts\MemberImports;
use LibraryPortal\Contracts\WelcomeEmails;
use LibraryPortal\Notifications\ExpiryNotices;
use LibraryPortal\Platform\Queue;
use LibraryPortal\Sharing\ShareLinkPurge;
use LibraryPortal\Reports\ReportFill;
use LibraryPortal\Reports\ReportItemsRefresh;
use LibraryPortal\Webhooks\WebhookSender;
use LibraryPortal\Webhooks\WebhookStore;

/**
 * Keeps the database in step with the code.
 *
 * The stored schema version is compared on every load (one autoloaded option, no query),
 * so an update that ships new table definitions migrates itself without a reactivation.
 */
final class Installer {

	public const VERSION_OPTION = Sites::VERSION_OPTION;

	/**
	 * Activation hook. Network Activate runs it once, on the main site, with $network_wide true:
	 * then every site of the network gets what a single site gets (docs/rules/platform.md, "Multisite").
	 *
	 * @param bool $network_wide Whether the plugin is being activated for the whole network.
	 */
	public static function activate( bool $network_wide = false ): void {
		if ( is_multisite() && $network_wide ) {
			Sites::on_every_site( array( self::class, 'activate_site' ) );
			return;
		}
		self::activate_site();
	}

	/**
	 * Activation of the current site: tables, portal page, rewrite rules, the daily expiry notices
	 * and share-link purge.
	 */
	public static function activate_site(): void {
		self::maybe_upgrade();
		ItemCapabilities::grant();
		AdminCapabilities::grant();
		delete_option( 'library_portal_demo_logins' ); // Versions before 0.2 kept demo passwords here.
		Settings::ensure_portal_page();
		( new ItemPostType() )->register_post_type();
		if ( is_multisite() && ms_is_switched() ) {
			// The rules in memory are the current site's (its permalink structure and plugins):
			// the switched-to site builds its own, with ours, on its next request.
			delete_option( 'rewrite_rules' );
		} else {
			( new Routes( new Settings() ) )->add_rewrite_rules();
			flush_rewrite_rules( false );
		}
		ExpiryNotices::schedule();
		ShareLinkPurge::schedule_when_ready();
	}

	/**
	 * Deactivation hook: on every site of the network for Network Deactivate.
	 *
	 * @param bool $network_wide Whether the plugin is being deactivated for the whole network.
	 */
	public static function deactivate( bool $network_wide = false ): void {
		if ( is_multisite() && $network_wide ) {
			Sites::on_every_site( array( self::class, 'deactivate_site' ) );
			return;
		}
		self::deactivate_site();
	}

	/**
	 * Deactivation of the current site: our rewrite rules go away with the plugin. They were
	 * registered on init of this very request, so they are taken out before the flush (else it
	 * stores them again); another site of a network drops its stored rules and builds them again,
	 * without ours, on its next request. The scheduled jobs go too (activation schedules them again).
	 */
	public static function deactivate_site(): void {
		if ( is_multisite() && ms_is_switched() ) {
			delete_option( 'rewrite_rules' );
		} else {
			Routes::remove_rewrite_rules();
			flush_rewrite_rules( false );
		}
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
			// Read on every public action (WebhookSender): it exists and is autoloaded, so asking
			// costs no query, webhooks or not.
			add_option( WebhookStore::OPTION, array(), '', true );
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
			$kept = in_array( false, Sites::on_every_site( array( self::class, 'uninstall_site' ) ), true );
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
	 * to be deleted). A site where the plugin never ran (no schema version) has no admin choice to
	 * keep: whatever of ours it holds (an option, a catalogue item) goes.
	 */
	public static function uninstall_site(): bool {
		global $wpdb;
		// Jobs and rules go from every site, whatever its data setting: the code they call is gone.
		ExpiryNotices::unschedule();
		ShareLinkPurge::unschedule();
		// The one-off jobs too (deliveries, imports, welcome mails); deactivation keeps them, so an
		// update's deactivate and activate loses no delivery or import that was under way.
		Queue::forget( array( MemberImports::HOOK, WelcomeEmails::HOOK, WelcomeEmails::ADDED_HOOK, WebhookSender::HOOK, ReportFill::HOOK, ReportItemsRefresh::HOOK ) );
		delete_option( 'rewrite_rules' );
		if ( get_option( self::VERSION_OPTION ) && ! ( new Settings() )->get( 'delete_on_uninstall' ) ) {
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
		// User meta kept for this site only (its key starts with the site's table prefix).
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->usermeta} WHERE meta_key LIKE %s", $wpdb->esc_like( $wpdb->get_blog_prefix() . 'library_portal_' ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- one sweep of this site's keys at uninstall: delete_metadata() takes exact keys, not a prefix.
		return true;
	}
}
