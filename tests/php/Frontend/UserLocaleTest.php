<?php
/**
 * Portal pages in the user's profile language.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Frontend;

use LibraryPortal\Core\Site\Routes;
use LibraryPortal\Frontend\UserLocale;
use LibraryPortal\Tests\Support\TestCase;
use WP_Locale_Switcher;

/**
 * On a portal route a logged-in user's `locale` meta becomes the request's language; elsewhere,
 * and for visitors, the site's stays (tests/e2e/i18n.spec.ts shows the translated screens).
 */
final class UserLocaleTest extends TestCase {

	/**
	 * WordPress's own switcher, put back after the test.
	 *
	 * @var WP_Locale_Switcher|null
	 */
	private $original_switcher;

	protected function set_up() {
		parent::set_up();
		// WordPress switches only to installed languages; the switcher reads them when it is made.
		add_filter( 'get_available_languages', static fn( $languages ) => array_merge( (array) $languages, array( 'en_XA' ) ) );
		$this->original_switcher = $GLOBALS['wp_locale_switcher'];
		$switcher                = new WP_Locale_Switcher();
		$switcher->init();
		$GLOBALS['wp_locale_switcher'] = $switcher; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound -- a switcher that knows the test language, put back in tear_down().
	}

	protected function tear_down() {
		restore_current_locale();
		$GLOBALS['wp_locale_switcher'] = $this->original_switcher; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound -- put back.
		set_query_var( Routes::QUERY_VAR, '' );
		parent::tear_down();
	}

	/**
	 * A user whose profile language is en_XA, logged in.
	 */
	private function reader(): int {
		$user = $this->make_user();
		update_user_meta( $user, 'locale', 'en_XA' );
		wp_set_current_user( $user );
		return $user;
	}

	public function test_a_portal_route_speaks_the_users_language(): void {
		$this->reader();
		set_query_var( Routes::QUERY_VAR, 'library' );
		$this->assertSame( 'en_US', determine_locale() );

		do_action( 'wp', $GLOBALS['wp'] ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- core's action, fired as WordPress fires it.

		$this->assertSame( 'en_XA', determine_locale() );
		$this->assertSame( 'en_XA', get_locale() );
	}

	public function test_other_pages_and_visitors_keep_the_sites_language(): void {
		$this->reader();
		( new UserLocale() )->switch_on_portal_routes();
		$this->assertSame( 'en_US', determine_locale(), 'not a portal route' );

		wp_set_current_user( 0 );
		set_query_var( Routes::QUERY_VAR, 'library' );
		( new UserLocale() )->switch_on_portal_routes();
		$this->assertSame( 'en_US', determine_locale(), 'a visitor has no profile language' );
	}
}
