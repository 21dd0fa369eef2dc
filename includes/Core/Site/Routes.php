<?php
/**
 * Deep links of the portal.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Site;

use LibraryPortal\Core\Settings;

/**
 * Serves the page that holds the portal for every client route, so a reload of a deep link
 * works: /my-account/library[/...], /contract/{id}[/...], /quiz/{id}, /shareseats/{encoded}.
 */
final class Routes {

	public const QUERY_VAR    = 'library_portal_route';
	public const CONTRACT_VAR = 'library_portal_contract';
	public const PRODUCT_VAR  = 'library_portal_product';
	public const SHARE_VAR    = 'library_portal_share';

	/**
	 * Certificate pages (Certificates/CertificatePages): the code, and 'download' or 'verify'.
	 */
	public const CERTIFICATE_VAR        = 'library_portal_certificate';
	public const CERTIFICATE_ACTION_VAR = 'library_portal_certificate_action';

	/**
	 * The portal's base path (no slashes around it); printed as config.portalPath for the client.
	 */
	public const PORTAL_PATH = 'my-account/library';

	/**
	 * Page paths the portal's routes take over (README, docs/rules/README.md): a page at one of these
	 * paths, or below it, is shadowed by the portal while the plugin is active.
	 */
	public const RESERVED_PATHS = array( self::PORTAL_PATH, 'contract', 'quiz', 'shareseats', 'certificate' );

	/**
	 * Settings (portal page).
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Wires the routes.
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
		add_action( 'init', array( $this, 'add_rewrite_rules' ) );
		add_action( 'wp_loaded', array( $this, 'flush_when_rules_are_missing' ) );
		add_filter( 'query_vars', array( $this, 'add_query_vars' ) );
		add_filter( 'request', array( $this, 'route_to_portal_page' ) );
		add_filter( 'redirect_canonical', array( $this, 'keep_deep_links' ) );
		add_action( 'template_redirect', array( $this, 'require_login' ) );
	}

	/**
	 * The rewrite rules: regex => query.
	 *
	 * @return array<string, string>
	 */
	public static function rules(): array {
		$var = self::QUERY_VAR;
		return array(
			'^' . self::PORTAL_PATH . '(?:/.*)?/?$'        => "index.php?{$var}=library",
			'^contract/([0-9]+)(?:/.*)?/?$'                => "index.php?{$var}=contract&" . self::CONTRACT_VAR . '=$matches[1]',
			'^quiz/([0-9]+)/?$'                            => "index.php?{$var}=quiz&" . self::PRODUCT_VAR . '=$matches[1]',
			'^shareseats/([A-Za-z0-9_=-]+)/?$'             => "index.php?{$var}=shareseats&" . self::SHARE_VAR . '=$matches[1]',
			// Not portal routes: CertificatePages answers them itself (a PDF; a public page).
			'^certificate/verify/([A-Za-z0-9]{1,40})/?$'   => 'index.php?' . self::CERTIFICATE_VAR . '=$matches[1]&' . self::CERTIFICATE_ACTION_VAR . '=verify',
			'^certificate/([A-Za-z0-9]{1,40})/download/?$' => 'index.php?' . self::CERTIFICATE_VAR . '=$matches[1]&' . self::CERTIFICATE_ACTION_VAR . '=download',
		);
	}

	/**
	 * Adds the rewrite rules (flushed on activation).
	 */
	public function add_rewrite_rules(): void {
		foreach ( self::rules() as $regex => $query ) {
			add_rewrite_rule( $regex, $query, 'top' );
		}
	}

	/**
	 * An update that adds a rule (e.g. the certificate pages in 0.2) needs no reactivation: when
	 * the stored rules lack one of ours, they are rebuilt once (after every plugin's init). The
	 * stored rules are an autoloaded option, so a normal load runs no query.
	 */
	public function flush_when_rules_are_missing(): void {
		$stored = get_option( 'rewrite_rules' );
		if ( ! is_array( $stored ) || ! $stored ) {
			return; // Plain permalinks, or rules not built yet: WordPress builds them itself.
		}
		if ( array_diff_key( self::rules(), $stored ) ) {
			flush_rewrite_rules( false );
		}
	}

	/**
	 * Takes the rules out of this request's rewrite set, so the flush on deactivation stores the
	 * rules without them (they were added on init, before the deactivation hook runs).
	 */
	public static function remove_rewrite_rules(): void {
		global $wp_rewrite;
		foreach ( array_keys( self::rules() ) as $regex ) {
			unset( $wp_rewrite->extra_rules_top[ $regex ] );
		}
	}

	/**
	 * Makes our query vars public.
	 *
	 * @param string[] $vars Query vars.
	 * @return string[]
	 */
	public function add_query_vars( array $vars ): array {
		return array_merge( $vars, array( self::QUERY_VAR, self::CONTRACT_VAR, self::PRODUCT_VAR, self::SHARE_VAR, self::CERTIFICATE_VAR, self::CERTIFICATE_ACTION_VAR ) );
	}

	/**
	 * Points a portal route at the portal page.
	 *
	 * @param array<string, mixed> $query_vars Parsed request.
	 * @return array<string, mixed>
	 */
	public function route_to_portal_page( array $query_vars ): array {
		if ( empty( $query_vars[ self::QUERY_VAR ] ) ) {
			return $query_vars;
		}
		$page_id = (int) $this->settings->get( 'portal_page_id' );
		if ( $page_id ) {
			$query_vars['page_id'] = $page_id;
		}
		return $query_vars;
	}

	/**
	 * Keeps WordPress from "correcting" a deep link to the portal page's own address.
	 *
	 * @param string|false $redirect_url Canonical URL.
	 * @return string|false
	 */
	public function keep_deep_links( $redirect_url ) {
		return self::current_route() ? false : $redirect_url;
	}

	/**
	 * Sends a logged-out visitor to log in and back to the deep link; sends a visit of the
	 * portal page's own address to the library.
	 */
	public function require_login(): void {
		if ( self::current_route() ) {
			if ( ! is_user_logged_in() ) {
				auth_redirect(); // Redirects to wp-login.php?redirect_to=<this URL> and exits.
			}
			nocache_headers();
			return;
		}
		$page_id = (int) $this->settings->get( 'portal_page_id' );
		if ( $page_id && is_page( $page_id ) ) {
			wp_safe_redirect( home_url( '/' . self::PORTAL_PATH ) );
			exit;
		}
	}

	/**
	 * Whether this request shows the portal: a portal route, or a page that holds the portal
	 * (block or shortcode) opened at its own address. Known once the main query ran.
	 */
	public static function is_portal_page(): bool {
		if ( '' !== self::current_route() ) {
			return true;
		}
		$post = is_singular() ? get_queried_object() : null;
		return $post instanceof \WP_Post && PortalPage::holds_portal( $post );
	}

	/**
	 * The address of this request when it is a page holding the portal outside the portal's
	 * routes (the client opens the dashboard there); '' otherwise.
	 */
	public static function entry_path(): string {
		global $wp;
		if ( '' !== self::current_route() || ! self::is_portal_page() || ! $wp instanceof \WP ) {
			return '';
		}
		return '/' . trim( (string) $wp->request, '/' );
	}

	/**
	 * The portal route of this request ('' when none).
	 */
	public static function current_route(): string {
		return (string) get_query_var( self::QUERY_VAR );
	}
}
