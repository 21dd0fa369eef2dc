<?php
/**
 * When the plugin is deleted in wp-admin, removes its tables, options and catalogue, but only on
 * sites whose admin asked for it (Settings → Library Portal → Data); otherwise everything stays.
 *
 * @package LibraryPortal
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

if ( is_readable( __DIR__ . '/vendor/autoload.php' ) ) {
	require_once __DIR__ . '/vendor/autoload.php';
	\LibraryPortal\Lifecycle\Installer::uninstall();
}
