<?php
/**
 * Repositories that hold rows of a user.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Database;

/**
 * Lets Accounts\UserDeletedHandler ask every repository to let go of a deleted user, so a
 * later user who gets the same ID inherits nothing.
 */
interface UserRows {

	/**
	 * Deletes the user's rows, or releases them where they belong to someone else too.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void;
}
