<?php
/**
 * Where the plugin's screens are in wp-admin.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Site;

use LibraryPortal\Core\Items\ItemPostType;

/**
 * The Training Library menu and the screens other parts link to. The screens themselves belong
 * to their features (Grants, Contracts); a notice elsewhere (a WooCommerce order, say) links to
 * them through this address without depending on them.
 */
final class AdminScreens {

	/**
	 * The Training Library menu: every screen of the plugin sits under it.
	 */
	public const PARENT = 'edit.php?post_type=' . ItemPostType::POST_TYPE;

	/**
	 * The Grants screen's page.
	 */
	public const GRANTS = 'library-portal-grants';

	/**
	 * Address of one of the plugin's screens.
	 *
	 * @param string $page The screen's page slug.
	 */
	public static function url( string $page ): string {
		return add_query_arg( 'page', $page, admin_url( self::PARENT ) );
	}
}
