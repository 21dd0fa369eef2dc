<?php
/**
 * Where the sidebar's account links go.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Site;

use LibraryPortal\Core\Settings;

/**
 * The account pages the portal links to (Certificate Program, Orders, Subscriptions,
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
		$paths  = array();
		foreach ( array_keys( self::PATHS ) as $key ) {
			$setting = (string) ( $chosen[ $key ] ?? '' );
			if ( '' !== $setting ) {
				$urls[ $key ] = self::HIDE === $setting ? '' : $setting;
				continue;
			}
			/**
			 * The shop's page for an account link, or null when the shop has none.
			 *
			 * @param string|null $url Address (null: none).
			 * @param string      $key Link key (AccountLinks::PATHS).
			 */
			$url = apply_filters( 'library_portal_account_link', null, $key );
			if ( is_string( $url ) && '' !== $url ) {
				$urls[ $key ] = $url;
			} else {
				$urls[ $key ]  = '';
				$paths[ $key ] = self::PATHS[ $key ];
			}
		}
		// The rest go to the spec's path where a page is published there (one query for all).
		foreach ( array_intersect( $paths, $this->published_paths( array_values( $paths ) ) ) as $key => $path ) {
			$urls[ $key ] = home_url( '/' . $path . '/' );
		}
		return $urls;
	}

	/**
	 * Which of some page paths have a published page, in one query: every page named like one of
	 * the paths' segments, then each path's chain of parents checked in PHP.
	 *
	 * @param string[] $paths Paths such as my-account/orders.
	 * @return string[] The paths that exist.
	 */
	private function published_paths( array $paths ): array {
		if ( ! $paths ) {
			return array();
		}
		$slugs = array_values( array_unique( array_merge( ...array_map( static fn( $path ) => explode( '/', $path ), $paths ) ) ) );
		$pages = get_posts(
			array(
				'post_type'              => 'page',
				'post_status'            => 'publish',
				'post_name__in'          => $slugs,
				'numberposts'            => -1,
				'orderby'                => 'ID',
				'order'                  => 'ASC',
				'no_found_rows'          => true,
				'update_post_meta_cache' => false,
				'update_post_term_cache' => false,
			)
		);
		$by_id = array();
		foreach ( $pages as $page ) {
			$by_id[ (int) $page->ID ] = $page;
		}
		$found = array();
		foreach ( $paths as $path ) {
			$segments = explode( '/', $path );
			foreach ( $by_id as $page ) {
				if ( self::path_of( $page, $by_id ) === $segments ) {
					$found[] = $path;
					break;
				}
			}
		}
		return $found;
	}

	/**
	 * A page's path as its chain of slugs, when every parent is among the pages read.
	 *
	 * @param \WP_Post                $page  Page.
	 * @param array<int, \WP_Post>    $by_id Pages read.
	 * @return string[]
	 */
	private static function path_of( \WP_Post $page, array $by_id ): array {
		$chain = array( $page->post_name );
		$seen  = array( (int) $page->ID => true );
		while ( $page->post_parent ) {
			$parent = $by_id[ (int) $page->post_parent ] ?? null;
			if ( ! $parent || isset( $seen[ (int) $parent->ID ] ) ) {
				return array(); // A parent not among these slugs (or a loop): not one of the paths.
			}
			$seen[ (int) $parent->ID ] = true;
			array_unshift( $chain, $parent->post_name );
			$page = $parent;
		}
		return $chain;
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
