<?php
/**
 * Plugin Name:       Library Portal
 * Description:       A members' training library in the account area: on-demand videos with tracked progress, tests and certificates, shared licenses and team progress.
 * Version:           0.1.0
 * Requires at least: 6.5
 * Requires PHP:      8.1
 * Tested up to:      7.1
 * Author:            Library Portal
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       library-portal
 * Domain Path:       /languages
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

define( 'LIBRARY_PORTAL_VERSION', '0.1.0' );
define( 'LIBRARY_PORTAL_FILE', __FILE__ );
define( 'LIBRARY_PORTAL_DIR', plugin_dir_path( __FILE__ ) );
define( 'LIBRARY_PORTAL_URL', plugin_dir_url( __FILE__ ) );
define( 'LIBRARY_PORTAL_MIN_PHP', '8.1' );

/**
 * Shows an admin notice and keeps the plugin from booting.
 *
 * Used when the PHP version is too old or the Composer autoloader is missing,
 * so a broken install explains itself instead of failing with a fatal error.
 *
 * @param string $message Plain-text message.
 */
function library_portal_boot_failure( string $message ): void {
	add_action(
		'admin_notices',
		static function () use ( $message ) {
			printf( '<div class="notice notice-error"><p><strong>Library Portal:</strong> %s</p></div>', esc_html( $message ) );
		}
	);
}

if ( version_compare( PHP_VERSION, LIBRARY_PORTAL_MIN_PHP, '<' ) ) { // @phpstan-ignore if.alwaysFalse (PHPStan assumes PHP 8.1+; this guard is for the sites that are not.)
	library_portal_boot_failure(
		/* translators: 1: required PHP version, 2: current PHP version. */
		sprintf( __( 'Library Portal needs PHP %1$s or newer; this site runs PHP %2$s.', 'library-portal' ), LIBRARY_PORTAL_MIN_PHP, PHP_VERSION )
	);
	return;
}

if ( ! is_readable( LIBRARY_PORTAL_DIR . 'vendor/autoload.php' ) ) {
	library_portal_boot_failure( __( 'The autoloader is missing. Run "composer install" in the plugin folder.', 'library-portal' ) );
	return;
}
require_once LIBRARY_PORTAL_DIR . 'vendor/autoload.php';

register_activation_hook( __FILE__, array( \LibraryPortal\Lifecycle\Installer::class, 'activate' ) );
register_deactivation_hook( __FILE__, array( \LibraryPortal\Lifecycle\Installer::class, 'deactivate' ) );

add_action(
	'plugins_loaded',
	static function () {
		global $wpdb;
		( new \LibraryPortal\Plugin( \LibraryPortal\Services::on( $wpdb ) ) )->register();
	}
);
