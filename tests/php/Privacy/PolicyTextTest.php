<?php
/**
 * The suggested privacy policy text.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Privacy;

use LibraryPortal\Privacy\PolicyText;
use LibraryPortal\Tests\Support\TestCase;
use WP_Privacy_Policy_Content;

/**
 * Settings → Privacy → Policy Guide offers the plugin's text, which says what the eraser keeps.
 */
final class PolicyTextTest extends TestCase {

	protected function tear_down() {
		unset( $GLOBALS['current_screen'] ); // Back on the front end: is_admin() reads it.
		parent::tear_down();
	}

	public function test_the_policy_guide_offers_the_plugins_text(): void {
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-privacy-policy-content.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
		require_once ABSPATH . 'wp-admin/includes/screen.php';
		wp_set_current_user( $this->make_user( 'administrator' ) );
		set_current_screen( 'options-privacy' );
		// Only this hook: wp-admin's own admin_init work (headers, redirects) has no place in a test.
		remove_all_actions( 'admin_init' );
		( new PolicyText() )->register();

		do_action( 'admin_init' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- core's action, fired as wp-admin fires it.

		$ours = array_values(
			array_filter(
				WP_Privacy_Policy_Content::get_suggested_policy_text(),
				static fn( $entry ) => 'Library Portal' === $entry['plugin_name']
			)
		);
		$this->assertCount( 1, $ours );
		$this->assertStringContainsString( 'public verification page', $ours[0]['policy_text'] );
		$this->assertStringContainsString( 'no longer show your name', $ours[0]['policy_text'] );
		$this->assertStringContainsString( 'an e-mail address without an account too', $ours[0]['policy_text'] );
		$this->assertStringStartsWith( '<p>', trim( $ours[0]['policy_text'] ) );
	}
}
