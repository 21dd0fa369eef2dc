<?php
/**
 * Whose accounts a site's wp-admin screens may show and act on.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\People;

use LibraryPortal\Core\Seats\LicenseRepository;
use WP_User;

/**
 * On a network the users are shared by every site. A site's admin screens (View as user, the
 * audit trail's user filter, Add grant, the contract member pickers) list and act on that site's
 * people only: its members, and users who own or hold a seat there (a share accepted from another
 * site is how a brand's team grows). A super admin sees everyone. On a single site everyone is a
 * member (docs/rules/platform.md, "Multisite").
 */
final class SiteMembers {

	/**
	 * This site's seats.
	 *
	 * @var LicenseRepository
	 */
	private LicenseRepository $licenses;

	/**
	 * Wires the rule.
	 *
	 * @param LicenseRepository $licenses This site's seats.
	 */
	public function __construct( LicenseRepository $licenses ) {
		$this->licenses = $licenses;
	}

	/**
	 * The rule over the current connection, for the admin screens' lookups.
	 */
	public static function on_this_site(): self {
		global $wpdb;
		return new self( new LicenseRepository( $wpdb ) );
	}

	/**
	 * Whether someone may see and act on a user's account in this site's wp-admin.
	 *
	 * @param int $actor_id Who looks (a site admin, a super admin).
	 * @param int $user_id  Whose account.
	 */
	public function may_manage( int $actor_id, int $user_id ): bool {
		if ( ! is_multisite() || is_super_admin( $actor_id ) ) {
			return true;
		}
		return is_user_member_of_blog( $user_id ) || $this->licenses->has_any_seat( $user_id );
	}

	/**
	 * A user found by a screen, or null when the current user may not manage them here (the
	 * screens then answer as for an unknown account, so they reveal nothing of other sites).
	 *
	 * @param WP_User|null $user Found user.
	 */
	public function visible( ?WP_User $user ): ?WP_User {
		$actor_id = get_current_user_id();
		// No person (WP-CLI, cron): the operator of the whole install.
		return $user && ( 0 === $actor_id || $this->may_manage( $actor_id, $user->ID ) ) ? $user : null;
	}

	/**
	 * A person typed into a screen or sent to the owner's API, as every one of them finds people:
	 * by e-mail (then by login, for a login that looks like an e-mail), by login, or by user ID
	 * when $by_id and the text is a number; null when there is none or the current user may not
	 * manage them here (docs/rules/platform.md "Multisite").
	 *
	 * @param string $who   E-mail, login or (with $by_id) user ID, as typed.
	 * @param bool   $by_id A number is a user ID (the owner's API); the screens take it as a login.
	 */
	public function find( string $who, bool $by_id = false ): ?WP_User {
		$who = trim( $who );
		if ( '' === $who ) {
			return null;
		}
		if ( $by_id && preg_match( '/^\d+$/', $who ) ) {
			$user = get_userdata( (int) $who );
		} else {
			$user = is_email( $who ) ? get_user_by( 'email', $who ) : false;
			if ( ! $user ) {
				$user = get_user_by( 'login', $who );
			}
		}
		return $this->visible( $user ? $user : null );
	}

	/**
	 * Arguments of a WP_User_Query that lists people for the current user: this site's members
	 * (WP_User_Query's own default on a network), every account for a super admin.
	 *
	 * @param array<string, mixed> $args Query arguments.
	 * @return array<string, mixed>
	 */
	public static function user_query_args( array $args ): array {
		$args['blog_id'] = is_multisite() && is_super_admin() ? 0 : get_current_blog_id();
		return $args;
	}
}
