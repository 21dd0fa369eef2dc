<?php
/**
 * Where the sidebar's account links go.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

use LibraryPortal\Settings;

/**
 * The account pages the portal links to (spec point 2: Certificate Program, Orders, Subscriptions,
 * Addresses, Payment Methods, Wallet Balance; and the member promos of the library list). Each is
 * set in the settings (`account_links`): '' = automatic, 'hide', or an address. Automatic means:
 * the shop's page when a shop plugin offers one (the filter `library_portal_account_link`, which the
 * WooCommerce integration answers with its endpoints), else the spec's path when a page exists
 * there, else hidden: no link may lead to a 404. The browser shows what this decides.
 */
final class AccountLinks {

	public const HIDE = 'hide';

	/**
	 * Keys => the spec's paths (below the site's address).
	 */
	public const PATHS = array(
		'certificate-program' => 'my-account/certificate-program',
		'orders'              => 'my-account/orders',
		'subscriptions'       => 'my-account/subscriptions',
		'addresses'           => 'my-account/edit-address',
		'payment-methods'     => 'my-account/payment-methods',
		'wallet'              => 'my-account/my-balance',
		'member-promos'       => 'members/member-promos',
	);

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Wires the links.
	 *
	 * @param Settings $settings Settings.
	 */
	public function __construct( Settings $settings ) {
		$this->settings = $settings;
	}

	/**
	 * Every link: key => address ('' = hidden).
	 *
	 * @return array<string, string>
	 */
	public function urls(): array {
		$chosen = (array) $this->settings->get( 'account_links' );
		$urls   = array();
		foreach ( array_keys( self::PATHS ) as $key ) {
			$setting      = (string) ( $chosen[ $key ] ?? '' );
			$urls[ $key ] = match ( $setting ) {
				''         => $this->automatic( $key ),
				self::HIDE => '',
				default    => $setting,
			};
		}
		return $urls;
	}

	/**
	 * The automatic address of a link ('' = hidden).
	 *
	 * @param string $key Link key.
	 */
	public function automatic( string $key ): string {
		/**
		 * The shop's page for an account link, or null when the shop has none.
		 *
		 * @param string|null $url Address (null: none).
		 * @param string      $key Link key (AccountLinks::PATHS).
		 */
		$url = apply_filters( 'library_portal_account_link', null, $key );
		if ( is_string( $url ) && '' !== $url ) {
			return $url;
		}
		$path = self::PATHS[ $key ] ?? '';
		$page = '' !== $path ? get_page_by_path( $path ) : null;
		return $page && 'publish' === $page->post_status ? home_url( '/' . $path . '/' ) : '';
	}

	/**
	 * A stored setting value from a form value: '', 'hide', or an http(s) address or a path.
	 *
	 * @param mixed $value Submitted value.
	 * @return string|null Null when the value is none of these.
	 */
	public static function clean( $value ): ?string {
		$value = trim( (string) $value );
		if ( '' === $value || self::HIDE === $value ) {
			return $value;
		}
		if ( preg_match( '#\s#', $value ) ) {
			return null;
		}
		if ( str_starts_with( $value, '/' ) && ! str_starts_with( $value, '//' ) ) {
			$url = esc_url_raw( $value );
			return '' !== $url ? $url : null;
		}
		if ( ! preg_match( '#^https?://#i', $value ) ) {
			return null; // esc_url_raw() would make "http://" + anything out of it.
		}
		$url = esc_url_raw( $value, array( 'http', 'https' ) );
		return '' !== $url && '' !== (string) wp_parse_url( $url, PHP_URL_HOST ) ? $url : null;
	}
}
