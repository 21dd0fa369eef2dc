<?php
/**
 * Settings → Library Portal.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Admin;

use LibraryPortal\Admin\SettingsPage;
use LibraryPortal\Core\Settings;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Only admins get the page; what it saves is cleaned and keeps the settings it does not show.
 */
final class SettingsPageTest extends TestCase {

	/**
	 * Loads the admin functions the page uses, as wp-admin does.
	 */
	public static function set_up_before_class(): void {
		parent::set_up_before_class();
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		require_once ABSPATH . 'wp-admin/includes/template.php';
	}

	/**
	 * Whether the page is in the Settings menu for the current user.
	 */
	private function in_menu(): bool {
		global $submenu, $_registered_pages;
		$submenu           = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- fresh admin menu for the test.
		$_registered_pages = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		( new SettingsPage( $this->services()->settings ) )->add_page();
		return in_array( SettingsPage::SLUG, array_column( $submenu['options-general.php'] ?? array(), 2 ), true );
	}

	public function test_only_admins_get_the_page(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$this->assertTrue( $this->in_menu() );

		wp_set_current_user( $this->make_user( 'editor' ) );
		$this->assertFalse( $this->in_menu() );

		ob_start();
		( new SettingsPage( $this->services()->settings ) )->render();
		$this->assertSame( '', ob_get_clean(), 'The page prints nothing without manage_options.' );
	}

	public function test_a_save_is_cleaned_and_keeps_the_hidden_settings(): void {
		$settings = $this->services()->settings;
		$settings->update( array( 'member_promos_url' => 'https://example.com/promos/' ) );
		( new SettingsPage( $settings ) )->register_setting();

		update_option(
			Settings::OPTION,
			array(
				'brand'       => 'summit',
				'share_users' => '0',
				'logo'        => 'javascript:alert(1)',
				'daily_quota' => '-5',
				'pass_mark'   => '75',
			)
		);

		$this->assertSame( 'summit', $settings->get( 'brand' ) );
		$this->assertFalse( $settings->get( 'share_users' ), 'Unticking the box is saved.' );
		$this->assertSame( '', $settings->get( 'logo' ) );
		$this->assertSame( 0, $settings->get( 'daily_quota' ) );
		$this->assertSame( 75, $settings->get( 'pass_mark' ) );
		$this->assertSame( 'https://example.com/promos/', $settings->get( 'member_promos_url' ), 'Settings not on the form stay.' );
	}

	public function test_the_form_shows_every_setting_escaped(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$page = new SettingsPage( $this->services()->settings );
		$page->register_setting();
		$this->services()->settings->update( array( 'walkthrough_summit' => 'https://example.com/a.m3u8?x="y"' ) );

		ob_start();
		$page->render();
		$html = (string) ob_get_clean();

		foreach ( array( 'brand', 'portal_page_id', 'share_users', 'logo', 'logout_url', 'walkthrough_harbor', 'walkthrough_summit', 'daily_quota', 'cooldown_seconds', 'link_lifetime_days', 'pass_mark', 'quiz_attempt_limit', 'unknown_length_pace' ) as $key ) {
			$this->assertMatchesRegularExpression( '/name=["\']' . preg_quote( Settings::OPTION . '[' . $key . ']', '/' ) . '["\']/', $html, $key );
		}
		$this->assertStringContainsString( "name='option_page' value='library_portal'", $html );
		$this->assertStringContainsString( '_wpnonce', $html );
		$this->assertStringNotContainsString( '"y"', $html );
	}

	public function test_the_attempt_limit_takes_a_whole_number_from_0_to_100_and_0_turns_it_off(): void {
		global $wp_settings_errors;
		$settings = $this->services()->settings;
		$page     = new SettingsPage( $settings );
		$this->assertSame( 3, $settings->get( 'quiz_attempt_limit' ), 'Three by default.' );

		foreach ( array(
			'5'     => 5,
			'0'     => 0,
			' 100 ' => 100,
		) as $typed => $saved ) {
			$this->assertSame( $saved, $page->sanitize( array( 'quiz_attempt_limit' => (string) $typed ) )['quiz_attempt_limit'], "typed $typed" );
		}
		$this->assertSame( array(), get_settings_errors( Settings::OPTION ) );

		$settings->update( array( 'quiz_attempt_limit' => 4 ) );
		foreach ( array( '-1', 'three', '101', '2.5', '' ) as $typed ) {
			$wp_settings_errors = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- one save at a time.
			$this->assertSame( 4, $page->sanitize( array( 'quiz_attempt_limit' => $typed ) )['quiz_attempt_limit'], "typed '$typed' keeps the limit" );
			$this->assertSame( array( 'quiz_attempt_limit' ), array_column( get_settings_errors( Settings::OPTION ), 'code' ), "typed '$typed' is reported" );
		}
	}

	public function test_the_unknown_length_pace_takes_a_whole_number_of_seconds_from_1_to_3600(): void {
		global $wp_settings_errors;
		$settings = $this->services()->settings;
		$page     = new SettingsPage( $settings );
		$this->assertSame( 60, $settings->get( 'unknown_length_pace' ), 'A minute per step by default.' );

		$this->assertSame( 120, $page->sanitize( array( 'unknown_length_pace' => '120' ) )['unknown_length_pace'] );
		$settings->update( array( 'unknown_length_pace' => 90 ) );
		foreach ( array( '0', '-5', 'fast', '3601', '1.5', '' ) as $typed ) {
			$wp_settings_errors = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- one save at a time.
			$this->assertSame( 90, $page->sanitize( array( 'unknown_length_pace' => $typed ) )['unknown_length_pace'], "typed '$typed' keeps the pace" );
			$this->assertSame( array( 'unknown_length_pace' ), array_column( get_settings_errors( Settings::OPTION ), 'code' ), "typed '$typed' is reported" );
		}
	}
}
