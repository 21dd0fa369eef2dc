<?php
/**
 * What tests of a wp-admin screen need: WordPress's admin functions, and wp_die() as an exception.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Support;

use RuntimeException;

/**
 * For TestCase classes that drive the plugin's admin screens: a refused form (no capability, no
 * nonce) ends in wp_die(), which here throws `wp_die <status>` so the test goes on and can check
 * that nothing changed.
 */
trait AdminScreens {

	/**
	 * Loads the admin functions the screens use, as wp-admin does.
	 */
	public static function set_up_before_class(): void {
		parent::set_up_before_class();
		require_once ABSPATH . 'wp-admin/includes/admin.php';
	}

	/**
	 * wp_die() throws instead of ending the run.
	 */
	public function set_up(): void {
		parent::set_up();
		add_filter(
			'wp_die_handler',
			static fn() => static function ( $message, $title = '', $args = array() ) {
				throw new RuntimeException( 'wp_die ' . (int) ( $args['response'] ?? 0 ) );
			}
		);
	}

	/**
	 * Drops the handler.
	 */
	public function tear_down(): void {
		remove_all_filters( 'wp_die_handler' );
		parent::tear_down();
	}
}
