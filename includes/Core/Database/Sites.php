<?php
/**
 * The sites of a network the plugin acts on.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Database;

/**
 * Walks a network's sites, or only those where the plugin's tables exist. Features that clean up
 * after a user or flush a cache on every site read this; the installer writes the version option.
 */
final class Sites {

	/**
	 * The stored schema version: set on a site once its tables exist.
	 */
	public const VERSION_OPTION = 'library_portal_schema_version';

	/**
	 * Sites walked per batch when the plugin acts on every site of a network.
	 */
	public const SITE_BATCH = 100;

	/**
	 * Runs a routine on every site of the network, switched to it, walking the sites in batches
	 * (get_sites() alone stops at 100).
	 *
	 * @param callable $routine Called with no argument while switched to each site; returns anything.
	 * @return array<int, mixed> What the routine returned, by site ID.
	 */
	public static function on_every_site( callable $routine ): array {
		$results = array();
		$offset  = 0;
		do {
			$site_ids = get_sites(
				array(
					'fields'                 => 'ids',
					'number'                 => self::SITE_BATCH,
					'offset'                 => $offset,
					'orderby'                => 'id',
					'update_site_meta_cache' => false,
				)
			);
			foreach ( $site_ids as $site_id ) {
				switch_to_blog( (int) $site_id );
				$results[ (int) $site_id ] = $routine();
				restore_current_blog();
			}
			$offset    += self::SITE_BATCH;
			$full_batch = count( $site_ids ) === self::SITE_BATCH;
		} while ( $full_batch );
		return $results;
	}

	/**
	 * Runs a routine on every site of the network where the plugin is installed (its schema
	 * version is stored): a site it never ran on has none of its tables.
	 *
	 * @param callable $routine Called with no argument while switched to each such site.
	 */
	public static function on_every_installed_site( callable $routine ): void {
		self::on_every_site(
			static function () use ( $routine ): void {
				if ( get_option( self::VERSION_OPTION ) ) {
					$routine();
				}
			}
		);
	}
}
