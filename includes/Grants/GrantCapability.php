<?php
/**
 * The capability of the grant screens.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

/**
 * Grants are managed with their own capability, given to administrators, so a site can hand the
 * grant screens to a shop manager (a role plugin adds the capability) without manage_options.
 * Versioned in an autoloaded option like ItemCapabilities: an update gives it on the next load.
 */
final class GrantCapability {

	public const CAP            = 'manage_library_grants';
	public const VERSION        = 1;
	public const VERSION_OPTION = 'library_portal_grant_cap_version';

	/**
	 * Gives the capability when the stored grant is older than the code's (no query when current).
	 */
	public static function maybe_grant(): void {
		if ( (int) get_option( self::VERSION_OPTION, 0 ) >= self::VERSION ) {
			return;
		}
		self::grant();
	}

	/**
	 * Gives the capability to administrators (activation and upgrade).
	 */
	public static function grant(): void {
		$role = get_role( 'administrator' );
		if ( $role ) {
			$role->add_cap( self::CAP );
		}
		update_option( self::VERSION_OPTION, self::VERSION, true );
	}

	/**
	 * Takes the capability from every role (uninstall).
	 */
	public static function revoke(): void {
		foreach ( wp_roles()->role_objects as $role ) {
			if ( $role->has_cap( self::CAP ) ) {
				$role->remove_cap( self::CAP );
			}
		}
		delete_option( self::VERSION_OPTION );
	}
}
