<?php
/**
 * The [library_portal] shortcode.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

use LibraryPortal\Settings;

/**
 * Renders the mount point of the islands with a loading state that is useful before,
 * or without, JavaScript.
 */
final class Shortcode {

	public const TAG = 'library_portal';

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
	 * The markup.
	 *
	 * @return string HTML.
	 */
	public function render(): string {
		if ( ! is_user_logged_in() ) {
			return sprintf(
				'<p class="library-portal-login"><a href="%s">%s</a></p>',
				esc_url( wp_login_url( home_url( '/my-account/library' ) ) ),
				esc_html__( 'Log in to open your library.', 'library-portal' )
			);
		}
		if ( ! $this->assets->enqueue() ) {
			return current_user_can( 'activate_plugins' )
				? '<p class="library-portal-error">' . esc_html__( 'The portal\'s scripts are not built. Run "npm install && npm run build" in the plugin folder.', 'library-portal' ) . '</p>'
				: '<p class="library-portal-error">' . esc_html__( 'The library is not available right now. Please try again later.', 'library-portal' ) . '</p>';
		}

		$brand   = $this->settings->brand();
		$account = (string) $this->settings->get( 'account_url' );
		$links   = array(
			home_url( '/my-account/library/videos' ) => __( 'Library', 'library-portal' ),
			home_url( $account . 'orders' )          => __( 'Orders', 'library-portal' ),
			$this->settings->logout_url()            => __( 'Logout', 'library-portal' ),
		);
		$list    = '';
		foreach ( $links as $url => $label ) {
			$list .= sprintf( '<li><a href="%s">%s</a></li>', esc_url( $url ), esc_html( $label ) );
		}

		return sprintf(
			'<div id="library-portal-root" class="library-portal library-portal--%1$s alignfull" data-island="shell" data-brand="%1$s">'
			. '<div class="library-portal__loading" role="status" aria-live="polite"><span class="library-portal__spinner" aria-hidden="true"></span><p>%2$s</p>'
			. '<noscript><p>%3$s</p><ul>%4$s</ul></noscript></div></div>',
			esc_attr( $brand ),
			esc_html__( 'Loading your library…', 'library-portal' ),
			esc_html__( 'Your library needs JavaScript. Please turn it on in your browser, or use these links:', 'library-portal' ),
			$list // Built from escaped parts above.
		);
	}
}
