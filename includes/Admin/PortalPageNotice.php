<?php
/**
 * Tells a site's admin when the site has no page for the portal, and makes one on request.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Admin;

use LibraryPortal\Core\Settings;

/**
 * Without its page, /my-account/library shows the site's home page. Activation makes the page;
 * a site can still lack one (it was trashed, or a network site never got one): its admin sees a
 * notice on every wp-admin screen with a button that makes the page as activation does.
 */
final class PortalPageNotice {

	public const ACTION = 'library_portal_create_portal_page';

	/**
	 * Settings (the chosen portal page).
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Wires the notice.
	 *
	 * @param Settings $settings Settings.
	 */
	public function __construct( Settings $settings ) {
		$this->settings = $settings;
	}

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_action( 'admin_notices', array( $this, 'render' ) );
		add_action(
			'admin_post_' . self::ACTION,
			function () {
				wp_safe_redirect( $this->handle_create() );
				exit;
			}
		);
	}

	/**
	 * Whether the site has a published page that holds the portal.
	 */
	public function has_page(): bool {
		$page_id = (int) $this->settings->get( 'portal_page_id' );
		return $page_id > 0 && 'page' === get_post_type( $page_id ) && 'publish' === get_post_status( $page_id );
	}

	/**
	 * The notice, for people who manage the site's options.
	 */
	public function render(): void {
		if ( ! current_user_can( 'manage_options' ) || $this->has_page() ) {
			return;
		}
		printf(
			'<div class="notice notice-warning library-portal-no-portal-page"><p>%1$s</p><form method="post" action="%2$s"><input type="hidden" name="action" value="%3$s">',
			esc_html__( 'Library Portal has no page on this site, so /my-account/library shows the home page instead of the library. Create the Library page, or choose an existing page on the settings screen.', 'library-portal' ),
			esc_url( admin_url( 'admin-post.php' ) ),
			esc_attr( self::ACTION )
		);
		wp_nonce_field( self::ACTION );
		printf(
			'<p><button type="submit" class="button button-primary">%1$s</button> <a href="%2$s">%3$s</a></p></form></div>',
			esc_html__( 'Create the Library page', 'library-portal' ),
			esc_url( admin_url( 'options-general.php?page=' . SettingsPage::SLUG ) ),
			esc_html__( 'Library Portal settings', 'library-portal' )
		);
	}

	/**
	 * "Create the Library page": the page activation makes; returns where to go next (the screen
	 * the form was on).
	 */
	public function handle_create(): string {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to do that.', 'library-portal' ), 403 );
		}
		check_admin_referer( self::ACTION );
		Settings::ensure_portal_page();
		$back = wp_get_referer();
		return $back ? $back : admin_url();
	}
}
