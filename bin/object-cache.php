<?php
/**
 * The local sites' object-cache drop-in, linked into var/wordpress/wp-content by bin/setup. One core
 * serves every local site, so the drop-in decides per site: a site run with LP_REDIS_DROPIN (the
 * production lane, or PHPUnit asked to; CONTRIBUTING.md) loads that persistent object cache, as
 * bin/site-config.php configured it; every other site defines nothing here and so keeps WordPress's
 * own per-request cache (wp_start_object_cache() loads it when no wp_cache_init() exists).
 *
 * @package LibraryPortal
 */

if ( defined( 'LIBRARY_PORTAL_DEV_OBJECT_CACHE' ) ) {
	require_once LIBRARY_PORTAL_DEV_OBJECT_CACHE;
}
