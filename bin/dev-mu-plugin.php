<?php
/**
 * Plugin Name: Library Portal local runtime
 * Description: Must-use plugin of the local sites (linked by bin/setup): no calls to wordpress.org.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * An update transient that says "checked just now, nothing to update", so WordPress never asks
 * wordpress.org (unreachable here; each failed check would log a warning).
 *
 * @return object
 */
function library_portal_dev_no_updates() {
	return (object) array(
		'last_checked'    => time(),
		'version_checked' => get_bloginfo( 'version' ),
		'updates'         => array(),
		'translations'    => array(),
		'response'        => array(),
		'no_update'       => array(),
		'checked'         => array(),
	);
}
add_filter( 'pre_site_transient_update_core', 'library_portal_dev_no_updates' );
add_filter( 'pre_site_transient_update_plugins', 'library_portal_dev_no_updates' );
add_filter( 'pre_site_transient_update_themes', 'library_portal_dev_no_updates' );
add_filter( 'automatic_updater_disabled', '__return_true' );
remove_action( 'init', 'wp_schedule_update_checks' );
remove_action( 'admin_init', '_maybe_update_core' );
remove_action( 'admin_init', '_maybe_update_plugins' );
remove_action( 'admin_init', '_maybe_update_themes' );
remove_action( 'wp_version_check', 'wp_version_check' );
remove_action( 'wp_update_plugins', 'wp_update_plugins' );
remove_action( 'wp_update_themes', 'wp_update_themes' );
