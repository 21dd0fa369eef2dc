<?php
/**
 * The brand on wp-login.php.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Accounts;

use LibraryPortal\Tests\Support\TestCase;

/**
 * The login screen's logo leads to the site and names it, and the brand's logo and colours are
 * added to WordPress's login stylesheet, through WordPress's own login hooks as wp-login.php
 * runs them; a filter hands the screen back to WordPress.
 */
final class LoginBrandTest extends TestCase {

	/**
	 * The inline CSS the login screen's stylesheet carries after its hook ran.
	 */
	private function login_css(): string {
		wp_enqueue_style( 'login' ); // As login_header() does before the hook.
		do_action( 'login_enqueue_scripts' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own hook, run as wp-login.php runs it.
		$after = wp_styles()->get_data( 'login', 'after' );
		wp_styles()->add_data( 'login', 'after', array() );
		return implode( "\n", is_array( $after ) ? $after : array() );
	}

	public function test_the_login_logo_is_the_brands_and_leads_to_the_site(): void {
		update_option( 'blogname', 'Summit & Partners' );
		$this->services()->settings->update(
			array(
				'brand'       => 'summit',
				'logo_summit' => 'https://media.example.com/summit.png?v=2"),url(x',
			)
		);

		// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own hooks.
		$this->assertSame( home_url( '/' ), apply_filters( 'login_headerurl', 'https://wordpress.org/' ) );
		$this->assertSame( 'Summit & Partners', apply_filters( 'login_headertext', 'Powered by WordPress' ) );
		// phpcs:enable

		$css = $this->login_css();
		$this->assertStringContainsString( '.login h1 a{background-image:url("https://media.example.com/summit.png?v=2),url(x")', $css, 'The logo, kept to one value.' );
		$this->assertStringContainsString( '.login .button-primary,.login .button-primary:hover,.login .button-primary:focus{background:#a84a17', $css, "The brand's accent." );
	}

	public function test_without_a_logo_the_sites_name_is_written_where_the_logo_was(): void {
		$this->services()->settings->update(
			array(
				'logo'        => '',
				'logo_harbor' => '',
				'brand'       => 'harbor',
			)
		);
		$this->assertStringContainsString( '.login h1 a{background-image:none;text-indent:0', $this->login_css() );
	}

	public function test_a_filter_leaves_the_screen_to_wordpress(): void {
		add_filter( 'library_portal_brand_login', '__return_false' );

		// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own hook.
		$this->assertSame( 'https://wordpress.org/', apply_filters( 'login_headerurl', 'https://wordpress.org/' ) );
		$this->assertSame( '', $this->login_css() );
	}
}
