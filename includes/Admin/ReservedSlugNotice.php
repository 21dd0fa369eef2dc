<?php
/**
 * Warns the site admin about pages the portal's addresses shadow.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Admin;

use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\Routes;
use WP_Post;

/**
 * The portal's rewrite rules take /my-account/library, /contract/{id}, /quiz/{id} and
 * /shareseats/{link}: a published page at one of those paths (or below it) no longer opens.
 * The plugin's settings page and the Pages list say so.
 */
final class ReservedSlugNotice {

	/**
	 * Settings (the portal page itself is no conflict).
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
	}

	/**
	 * Published pages whose path is reserved by the portal, the portal page excepted.
	 *
	 * @return WP_Post[]
	 */
	public function conflicting_pages(): array {
		$portal = (int) $this->settings->get( 'portal_page_id' );
		$found  = array();
		foreach ( Routes::RESERVED_PATHS as $path ) {
			$page = get_page_by_path( $path, OBJECT, 'page' );
			if ( $page instanceof WP_Post && 'publish' === $page->post_status && $page->ID !== $portal ) {
				$found[ $page->ID ] = $page;
			}
		}
		return array_values( $found );
	}

	/**
	 * The notice, on the plugin's settings page and the Pages list, for people who manage pages.
	 */
	public function render(): void {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		if ( ! $screen || ! in_array( $screen->id, array( 'settings_page_' . SettingsPage::SLUG, 'edit-page' ), true ) || ! current_user_can( 'edit_pages' ) ) {
			return;
		}
		$pages = $this->conflicting_pages();
		if ( ! $pages ) {
			return;
		}
		$links = array();
		foreach ( $pages as $page ) {
			$links[] = sprintf( '<a href="%s">%s</a> (<code>/%s</code>)', esc_url( (string) get_edit_post_link( $page->ID ) ), esc_html( get_the_title( $page ) ), esc_html( (string) get_page_uri( $page ) ) );
		}
		printf(
			'<div class="notice notice-warning library-portal-reserved-slugs"><p>%s</p><p>%s</p></div>',
			esc_html__( 'Library Portal reserves the addresses /my-account/library, /contract/…, /quiz/… and /shareseats/… for the portal, so these pages (and pages below them) do not open while it is active. Give them another slug:', 'library-portal' ),
			wp_kses_post( implode( ', ', $links ) )
		);
	}
}
