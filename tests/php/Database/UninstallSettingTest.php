<?php
/**
 * The setting that lets uninstall delete the plugin's data.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Database;

use LibraryPortal\Admin\SettingsPage;
use LibraryPortal\Core\Settings;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Settings → Library Portal → Data: off unless the admin ticks it, and the form saves both ways
 * (UninstallTest covers what uninstall then does).
 *
 * @group database
 */
final class UninstallSettingTest extends TestCase {

	/**
	 * Loads the admin functions the page uses, as wp-admin does.
	 */
	public static function set_up_before_class(): void {
		parent::set_up_before_class();
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		require_once ABSPATH . 'wp-admin/includes/template.php';
	}

	public function test_the_form_offers_it_unticked_and_saves_ticking_and_unticking(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$settings = $this->services()->settings;
		$page     = new SettingsPage( $settings );
		$page->register_setting();
		$this->assertFalse( $settings->get( 'delete_on_uninstall' ) );

		ob_start();
		$page->render();
		$html = (string) ob_get_clean();
		$name = preg_quote( Settings::OPTION . '[delete_on_uninstall]', '/' );
		$this->assertMatchesRegularExpression( '/<input type="hidden" name="' . $name . '" value="0">/', $html, 'unticking is sent' );
		$this->assertMatchesRegularExpression( '/<input type="checkbox" id="library_portal_delete_on_uninstall" name="' . $name . '" value="1">/', $html, 'unticked' );

		update_option( Settings::OPTION, array( 'delete_on_uninstall' => '1' ) );
		$this->assertTrue( $settings->get( 'delete_on_uninstall' ) );
		$this->assertSame( 'harbor', $settings->get( 'brand' ), 'the other settings stay' );

		update_option( Settings::OPTION, array( 'delete_on_uninstall' => '0' ) );
		$this->assertFalse( $settings->get( 'delete_on_uninstall' ) );
	}
}
