<?php
/**
 * Removes the plugin's tables, options and catalogue when the plugin is deleted in wp-admin.
 *
 * @package LibraryPortal
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

if ( is_readable( __DIR__ . '/vendor/autoload.php' ) ) {
	require_once __DIR__ . '/vendor/autoload.php';
	\LibraryPortal\Database\Installer::uninstall();
}
