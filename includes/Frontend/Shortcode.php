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

		$brand = $this->settings->brand();
		$first = new FirstScreen( $this->assets->page_config(), PortalScreen::current(), self::view_query() );

		// The first screen is printed (docs/decisions.md, "First screen"); the shell island
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
