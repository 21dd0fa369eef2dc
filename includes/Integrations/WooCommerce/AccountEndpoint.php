<?php
/**
 * The portal as WooCommerce's My Account endpoint "library".
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Integrations\WooCommerce;

use LibraryPortal\Core\Site\Routes;

/**
 * WooCommerce's account menu gets a Library item, and the endpoint's address is the portal's own
 * route, /my-account/library (Routes::PORTAL_PATH). With the account page at /my-account/ (WooCommerce's
 * default) both are the same address and the portal's rewrite rule (added at the top) serves it;
 * with the account page elsewhere, /{account}/library/ redirects to the portal. So there is one
 * library, one address, and both navigations lead to it.
 *
 * The endpoint is registered as WooCommerce registers its own: through its query vars (WooCommerce
 * calls add_rewrite_endpoint() for each), so is_wc_endpoint_url( 'library' ) and its settings work.
 */
final class AccountEndpoint {

	public const ENDPOINT = 'library';

	/**
	 * Sidebar keys => WooCommerce endpoints that can serve them.
	 */
	private const ACCOUNT_LINKS = array(
		'orders'              => 'orders',
		'subscriptions'       => 'subscriptions',
		'addresses'           => 'edit-address',
		'payment-methods'     => 'payment-methods',
		'wallet'              => 'my-balance',
		'certificate-program' => 'certificate-program',
	);

	/**
	 * Hooks.
	 */
	public function register(): void {
		add_filter( 'woocommerce_get_query_vars', array( $this, 'add_query_var' ) );
		add_filter( 'woocommerce_account_menu_items', array( $this, 'add_menu_item' ) );
		add_filter( 'woocommerce_get_endpoint_url', array( $this, 'endpoint_url' ), 10, 2 );
		add_filter( 'woocommerce_endpoint_' . self::ENDPOINT . '_title', array( $this, 'title' ) );
		add_action( 'template_redirect', array( $this, 'redirect_to_portal' ) );
		add_filter( 'library_portal_account_link', array( $this, 'account_link' ), 10, 2 );
	}

	/**
	 * Registers the endpoint with WooCommerce.
	 *
	 * @param array<string, string> $vars Endpoint => slug.
	 * @return array<string, string>
	 */
	public function add_query_var( $vars ): array {
		$vars                   = (array) $vars;
		$vars[ self::ENDPOINT ] = self::ENDPOINT;
		return $vars;
	}

	/**
	 * Library goes right after the account dashboard.
	 *
	 * @param array<string, string> $items Endpoint => label.
	 * @return array<string, string>
	 */
	public function add_menu_item( $items ): array {
		$items = (array) $items;
		$out   = array();
		foreach ( $items as $key => $label ) {
			$out[ $key ] = $label;
			if ( 'dashboard' === $key ) {
				$out[ self::ENDPOINT ] = __( 'Library', 'library-portal' );
			}
		}
		if ( ! isset( $out[ self::ENDPOINT ] ) ) {
			$out = array( self::ENDPOINT => __( 'Library', 'library-portal' ) ) + $out;
		}
		return $out;
	}

	/**
	 * The endpoint's address is the portal's.
	 *
	 * @param string $url      URL WooCommerce built.
	 * @param string $endpoint Endpoint.
	 */
	public function endpoint_url( $url, $endpoint ): string {
		return self::ENDPOINT === $endpoint ? self::portal_url() : (string) $url;
	}

	/**
	 * Title of the endpoint page (seen only before the redirect, e.g. in menus).
	 */
	public function title(): string {
		return __( 'Library', 'library-portal' );
	}

	/**
	 * An account page at another address reached through WooCommerce's endpoint goes to the portal.
	 */
	public function redirect_to_portal(): void {
		if ( '' === Routes::current_route() && function_exists( 'is_wc_endpoint_url' ) && is_wc_endpoint_url( self::ENDPOINT ) ) {
			wp_safe_redirect( self::portal_url() );
			exit;
		}
	}

	/**
	 * The sidebar's account links come from WooCommerce's endpoints where WooCommerce has one
	 * (Frontend\AccountLinks asks through the filter library_portal_account_link).
	 *
	 * @param string|null $url Link found so far (null: none).
	 * @param string      $key Sidebar key.
	 * @return string|null
	 */
	public function account_link( $url, $key ) {
		$endpoint = self::ACCOUNT_LINKS[ (string) $key ] ?? '';
		if ( '' === $endpoint || ! function_exists( 'WC' ) || wc_get_page_id( 'myaccount' ) <= 0 ) {
			return $url;
		}
		$vars = WC()->query->get_query_vars();
		return isset( $vars[ $endpoint ] ) ? (string) wc_get_account_endpoint_url( $endpoint ) : $url;
	}

	/**
	 * The portal's address.
	 */
	public static function portal_url(): string {
		return home_url( '/' . Routes::PORTAL_PATH );
	}
}
