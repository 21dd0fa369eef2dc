<?php
/**
 * What happens to a user's rows when the user is deleted.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Accounts;

use LibraryPortal\Core\Database\Sites;
use LibraryPortal\Core\Database\UserRows;

/**
 * WordPress reuses nothing of a deleted user but its ID may come back (an import, a restored
 * backup, a database that reuses IDs). Every repository lets go of the user before the account
 * goes, so the next user with that ID starts with an empty library.
 */
final class UserDeletedHandler {

	/**
	 * Repositories holding user rows.
	 *
	 * @var UserRows[]
	 */
	private array $repositories;

	/**
	 * Wires the handler.
	 *
	 * @param UserRows ...$repositories Every repository that holds rows of users.
	 */
	public function __construct( UserRows ...$repositories ) {
		$this->repositories = $repositories;
	}

	/**
	 * Hooks: a user deleted from this site (on a network: removed from it by wp_delete_user()),
	 * and a user deleted from the whole network.
	 */
	public function register(): void {
		add_action( 'delete_user', array( $this, 'forget' ) );
		add_action( 'wpmu_delete_user', array( $this, 'forget_on_every_site' ) );
	}

	/**
	 * Lets go of the user's rows on the current site.
	 *
	 * @param int|string $user_id Deleted user.
	 */
	public function forget( $user_id ): void {
		$user_id = (int) $user_id;
		if ( $user_id <= 0 ) {
			return;
		}
		foreach ( $this->repositories as $repository ) {
			$repository->forget_user( $user_id );
		}
	}

	/**
	 * Lets go of the user's rows on every site of the network where the plugin is installed.
	 *
	 * @param int|string $user_id Deleted user.
	 */
	public function forget_on_every_site( $user_id ): void {
		if ( ! is_multisite() ) {
			$this->forget( $user_id );
			return;
		}
		Sites::on_every_installed_site( fn() => $this->forget( $user_id ) );
	}
}
