<?php
/**
 * Capabilities of catalogue items.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Items;

/**
 * Catalogue items have their own capabilities (capability_type library_item), so only roles
 * that are given them edit the catalogue: administrators and editors, not authors.
 *
 * The grant is versioned in an autoloaded option, so an update that adds capabilities gives
 * them to existing sites on the next load, without a reactivation.
 */
final class ItemCapabilities {

	public const VERSION        = 1;
	public const VERSION_OPTION = 'library_portal_caps_version';

	/**
	 * Roles that edit the catalogue.
	 */
	public const ROLES = array( 'administrator', 'editor' );

	/**
	 * The primitive capabilities of the post type (register_post_type's capability_type).
	 *
	 * @return string[]
	 */
	public static function all(): array {
		return array(
			'edit_library_items',
			'edit_others_library_items',
			'edit_private_library_items',
			'edit_published_library_items',
			'publish_library_items',
			'read_private_library_items',
			'delete_library_items',
			'delete_others_library_items',
			'delete_private_library_items',
			'delete_published_library_items',
		);
	}

	/**
	 * Gives the capabilities to the catalogue roles when the stored grant is older than the code's.
	 */
	public static function maybe_grant(): void {
		if ( (int) get_option( self::VERSION_OPTION, 0 ) >= self::VERSION ) {
			return;
		}
		self::grant();
	}

	/**
	 * Gives the capabilities to the catalogue roles (activation and upgrade).
	 */
	public static function grant(): void {
		foreach ( self::ROLES as $name ) {
			$role = get_role( $name );
			if ( ! $role ) {
				continue;
			}
			foreach ( self::all() as $cap ) {
				$role->add_cap( $cap );
			}
		}
		update_option( self::VERSION_OPTION, self::VERSION, true );
	}

	/**
	 * Takes the capabilities from every role (uninstall).
	 */
	public static function revoke(): void {
		foreach ( wp_roles()->role_objects as $role ) {
			foreach ( self::all() as $cap ) {
				if ( $role->has_cap( $cap ) ) {
					$role->remove_cap( $cap );
				}
			}
		}
		delete_option( self::VERSION_OPTION );
	}
}
