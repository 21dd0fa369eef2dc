<?php
/**
 * Which screen a portal address opens.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

use LibraryPortal\Core\Site\Routes;

/**
 * The screen of a portal path, as the client's route table (src/islands/shell/routes.tsx) maps
 * it: what the server prints before the scripts run (FirstScreen) and which replies it inlines.
 */
final class PortalScreen {

	public const DASHBOARD     = 'dashboard';
	public const LIST          = 'list';
	public const ITEM          = 'item';
	public const TEAM          = 'team';
	public const NOTIFICATIONS = 'notifications';
	public const OTHER         = 'other';

	/**
	 * Creates the value.
	 *
	 * @param string $kind        One of the constants.
	 * @param int    $product_id  The item of an item screen, else 0.
	 * @param int    $contract_id The contract of a contract list, else 0.
	 */
	private function __construct(
		public readonly string $kind,
		public readonly int $product_id = 0,
		public readonly int $contract_id = 0
	) {
	}

	/**
	 * The screen of a path below the site's home.
	 *
	 * @param string $path E.g. 'my-account/library/videos/12' (slashes around it are ignored).
	 */
	public static function of( string $path ): self {
		$path = trim( $path, '/' );
		$base = preg_quote( Routes::PORTAL_PATH, '#' );
		if ( preg_match( '#^' . $base . '$#', $path ) ) {
			return new self( self::DASHBOARD );
		}
		if ( preg_match( '#^' . $base . '/videos$#', $path ) ) {
			return new self( self::LIST );
		}
		if ( preg_match( '#^' . $base . '/videos/([1-9][0-9]{0,9})$#', $path, $match ) ) {
			return new self( self::ITEM, (int) $match[1] );
		}
		if ( preg_match( '#^' . $base . '/users$#', $path ) ) {
			return new self( self::TEAM );
		}
		if ( preg_match( '#^' . $base . '/notifications$#', $path ) ) {
			return new self( self::NOTIFICATIONS );
		}
		if ( preg_match( '#^contract/([1-9][0-9]{0,9})$#', $path, $match ) ) {
			return new self( self::LIST, 0, (int) $match[1] );
		}
		return new self( self::OTHER );
	}

	/**
	 * The screen of the current request ('' path outside a parsed request).
	 */
	public static function current(): self {
		global $wp;
		if ( '' !== Routes::entry_path() ) {
			return new self( self::DASHBOARD ); // A page holding the portal opens the dashboard.
		}
		return self::of( $wp instanceof \WP ? (string) $wp->request : '' );
	}

	/**
	 * The page of a paged screen the address asks for (?page=, as src/domain/pagination.ts
	 * reads it): a whole number from 1, else 1.
	 */
	public static function requested_page(): int {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only view parameter.
		$raw = isset( $_GET['page'] ) && is_string( $_GET['page'] ) ? trim( sanitize_text_field( wp_unslash( $_GET['page'] ) ) ) : '';
		return '' !== $raw && ctype_digit( $raw ) && (int) $raw > 0 ? (int) $raw : 1;
	}
}
