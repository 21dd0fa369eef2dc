<?php
/**
 * The [library_portal] shortcode.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\PortalPage;
use LibraryPortal\Core\Site\Routes;

/**
 * Renders the mount point of the islands with a loading state that is useful before,
 * or without, JavaScript.
 */
final class Shortcode {

	public const TAG = PortalPage::SHORTCODE;

	/**
	 * Assets.
	 *
	 * @var Assets
	 */
	private Assets $assets;

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Wires the shortcode.
	 *
	 * @param Assets   $assets   Assets.
	 * @param Settings $settings Settings.
	 */
	public function __construct( Assets $assets, Settings $settings ) {
		$this->assets   = $assets;
		$this->settings = $settings;
	}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_shortcode( self::TAG, array( $this, 'render' ) );
	}

	/**
	 * What a logged-out visitor of a page holding the portal sees: a card in the brand's styles
	 * that says what is here, with Log in (back to the library afterwards) and, where the site lets
	 * people register, Create an account. The portal's routes never get here: they send a
	 * logged-out visitor to wp-login.php at once (Routes::require_login()).
	 *
	 * @return string HTML.
	 */
	private function login_prompt(): string {
		$this->assets->enqueue_brand_style(); // A no-op when wp_enqueue_scripts already did it.
		$brand    = $this->settings->brand();
		$register = get_option( 'users_can_register' )
			? sprintf( ' <a class="lp-button lp-button--secondary" href="%s">%s</a>', esc_url( wp_registration_url() ), esc_html__( 'Create an account', 'library-portal' ) )
			: '';
		return sprintf(
			'<div class="library-portal library-portal--%1$s library-portal-login alignwide" data-brand="%1$s"><section class="lp-card lp-login-prompt" aria-labelledby="lp-login-prompt-title"><h2 id="lp-login-prompt-title">%2$s</h2><p>%3$s</p><p class="lp-login-prompt__actions"><a class="lp-button" href="%4$s">%5$s</a>%6$s</p></section></div>',
			esc_attr( $brand ),
			esc_html__( 'Your training library', 'library-portal' ),
			esc_html__( 'Log in to open your library.', 'library-portal' ) . ' ' . esc_html__( 'Your trainings, progress and certificates are waiting there.', 'library-portal' ),
			esc_url( wp_login_url( home_url( '/' . Routes::PORTAL_PATH ) ) ),
			esc_html__( 'Log in', 'library-portal' ),
			$register // Escaped where it is built.
		);
	}

	/**
	 * The markup.
	 *
	 * @return string HTML.
	 */
	public function render(): string {
		if ( ! is_user_logged_in() ) {
			return $this->login_prompt();
		}
		if ( ! $this->assets->enqueue() ) {
			return current_user_can( 'activate_plugins' )
				? '<p class="library-portal-error">' . esc_html__( 'The portal\'s scripts are not built. Run "npm install && npm run build" in the plugin folder.', 'library-portal' ) . '</p>'
				: '<p class="library-portal-error">' . esc_html__( 'The library is not available right now. Please try again later.', 'library-portal' ) . '</p>';
		}

		$brand = $this->settings->brand();
		$first = new FirstScreen( $this->assets->page_config(), PortalScreen::current(), self::view_query() );

		// The first screen is printed (docs/rules/library-and-catalogue.md, "First screen on a phone"); the shell island
		// replaces it once its own screen is drawn.
		return sprintf(
			'<div id="library-portal-root" class="library-portal library-portal--%1$s alignfull" data-island="shell" data-brand="%1$s">%2$s</div>',
			esc_attr( $brand ),
			$first->render() // Escaped where it is built.
		);
	}

	/**
	 * The address's view parameters the first screen reads (the list's filters, the item's tab):
	 * read-only, sanitised, never stored.
	 *
	 * @return array<string, string>
	 */
	private static function view_query(): array {
		$query = array();
		foreach ( array( 'search', 'status', 'type', 'tab' ) as $key ) {
			// phpcs:disable WordPress.Security.NonceVerification.Recommended -- read-only view parameters, never stored.
			if ( isset( $_GET[ $key ] ) && is_string( $_GET[ $key ] ) ) {
				$query[ $key ] = sanitize_text_field( wp_unslash( $_GET[ $key ] ) );
			}
			// phpcs:enable WordPress.Security.NonceVerification.Recommended
		}
		return $query;
	}
}
