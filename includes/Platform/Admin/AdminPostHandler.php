<?php
/**
 * One admin-post.php action of a screen.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Admin;

/**
 * A form's POST handler, as core's admin_post_{action}: it checks the capability and the nonce
 * (check_admin_referer) before it reads a field, asks a service to act, keeps a notice and answers
 * where to send the person (POST-redirect-GET). docs/rules/platform.md, "How admin screens are built".
 */
interface AdminPostHandler {

	/**
	 * The form's action field (the hook is admin_post_{action}).
	 */
	public function action(): string;

	/**
	 * Acts on the posted form; returns the address to redirect to. Stops with wp_die() without the
	 * capability or the nonce, before anything changes.
	 */
	public function handle(): string;
}
