<?php
/**
 * The capabilities of the plugin's admin screens.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core;

/**
 * Grants and contracts are managed with capabilities of their own, given to administrators, so a
 * site can hand those screens to a shop manager or an account manager (a role plugin adds the
 * capability) without manage_options. Versioned in an autoloaded option like ItemCapabilities:
 * an update that brings a capability gives it on the next load, with no query when current.
 */
final class AdminCapabilities {

	public const GRANTS    = 'manage_library_grants';
	public const CONTRACTS = 'manage_library_contracts';

	/** Raised whenever a capability is added (2: contracts). */
	public const VERSION        = 2;
	public const VERSION_OPTION = 'library_portal_grant_cap_version';

	/**
	 * Gives the capabilities when the stored version is older than the code's.
	 */
	public static function maybe_grant(): void {
		if ( (int) get_option( self::VERSION_OPTION, 0 ) >= self::VERSION ) {
			return;
		}
		self::grant();
	}

	/**
	 * Gives the capabilities to administrators (activation and upgrade).
	 */
	public static function grant(): void {
		$role = get_role( 'administrator' );
		if ( $role ) {
			foreach ( self::all() as $capability ) {
				$role->add_cap( $capability );
			}
		}
		update_option( self::VERSION_OPTION, self::VERSION, true );
	}

	/**
	 * Takes the capabilities from every role (uninstall).
	 */
	public static function revoke(): void {
		foreach ( wp_roles()->role_objects as $role ) {
			foreach ( self::all() as $capability ) {
				if ( $role->has_cap( $capability ) ) {
					$role->remove_cap( $capability );
				}
			}
		}
		delete_option( self::VERSION_OPTION );
	}

	/**
	 * Every capability of the admin screens.
	 *
	 * @return string[]
	 */
	public static function all(): array {
		return array( self::GRANTS, self::CONTRACTS );
	}
}
