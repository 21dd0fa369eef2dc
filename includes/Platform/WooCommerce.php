<?php
/**
 * Whether WooCommerce runs on this site.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform;

/**
 * One answer for every part that behaves differently beside WooCommerce (the integration
 * itself, the invitation's sign-up link), so none of them depends on the integration's classes.
 */
final class WooCommerce {

	/**
	 * Whether WooCommerce is loaded in this request.
	 */
	public static function active(): bool {
		return did_action( 'woocommerce_loaded' ) > 0 && function_exists( 'WC' );
	}
}
