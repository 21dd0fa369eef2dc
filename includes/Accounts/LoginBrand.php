<?php
/**
 * The site's brand on WordPress's login screen.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Accounts;

use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\BrandPalette;

/**
 * wp-login.php is where the portal's people arrive: an invitation's login, the password reset,
 * the login after a session ended. It shows the brand's logo (or its name) linking to the site
 * instead of WordPress's logo and wordpress.org, and the brand's colours on its button and links.
 * Site-wide, since every login of a customer goes through that screen, and a site admin sees the
 * same brand there; an early priority, so a theme's or another plugin's own login branding still
 * wins, and the filter `library_portal_brand_login` (false) leaves the screen to WordPress
 * (docs/rules/notifications-and-mail.md, "The brand in mail, at the login and on the verify page").
 */
final class LoginBrand {

	/**
	 * Before other plugins' and themes' login filters (default 10), which then win.
	 */
	private const PRIORITY = 5;

	/**
	 * Wires the screen.
	 *
	 * @param Settings $settings Settings (brand, logo).
	 */
	public function __construct( private readonly Settings $settings ) {}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_filter( 'login_headerurl', array( $this, 'header_url' ), self::PRIORITY );
		add_filter( 'login_headertext', array( $this, 'header_text' ), self::PRIORITY );
		add_action( 'login_enqueue_scripts', array( $this, 'styles' ), self::PRIORITY );
	}

	/**
	 * Whether the screen carries the brand (the filter can hand it back to WordPress).
	 */
	private static function branded(): bool {
		/**
		 * Whether the plugin brands wp-login.php (its logo, name, colours).
		 *
		 * @param bool $branded Default true.
		 */
		return (bool) apply_filters( 'library_portal_brand_login', true );
	}

	/**
	 * The logo leads to the site, not to wordpress.org.
	 *
	 * @param string $url WordPress's address.
	 */
	public function header_url( $url ): string {
		return self::branded() ? home_url( '/' ) : (string) $url;
	}

	/**
	 * The logo's words: the site's name, not "Powered by WordPress".
	 *
	 * @param string $text WordPress's words.
	 */
	public function header_text( $text ): string {
		return self::branded() ? wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES ) : (string) $text;
	}

	/**
	 * The brand's logo (or its name as text, when there is no logo) and colours, added to
	 * WordPress's own login stylesheet.
	 */
	public function styles(): void {
		if ( ! self::branded() ) {
			return;
		}
		wp_add_inline_style( 'login', $this->css() );
	}

	/**
	 * The stylesheet: logo, page, button and link colours.
	 */
	public function css(): string {
		$brand = BrandPalette::of( $this->settings->brand() );
		$logo  = $this->settings->logo();
		$css   = 'body.login{background:' . $brand['page'] . ';color:' . $brand['text'] . '}'
			. '.login #nav a,.login #backtoblog a,.login .privacy-policy-link,.login .message a,.login #login_error a{color:' . $brand['link'] . '}'
			. '.login .button-primary,.login .button-primary:hover,.login .button-primary:focus{background:' . $brand['accent'] . ';border-color:' . $brand['accent'] . ';color:#fff}'
			. '.login .button-primary:hover{filter:brightness(.9)}'
			. '.login .button.wp-hide-pw{color:' . $brand['accent'] . '}'
			. '.login #login_error,.login .message,.login .success{border-left-color:' . $brand['accent'] . '}';
		if ( '' !== $logo ) {
			// esc_url_raw() drops double quotes, backslashes and angle brackets: the address stays one
			// value of url("…") and cannot close the style element.
			return $css . '.login h1 a{background-image:url("' . esc_url_raw( $logo ) . '");background-size:contain;background-position:center;width:100%;max-width:320px;height:72px}';
		}
		// No logo: the site's name, written in the brand's heading colour where WordPress's logo was.
		return $css . '.login h1 a{background-image:none;text-indent:0;width:auto;height:auto;overflow:visible;font-size:24px;line-height:1.3;font-weight:700;color:' . $brand['heading'] . '}';
	}
}
