<?php
/**
 * The portal in the language of its user.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Frontend;

use LibraryPortal\Core\Site\Routes;

/**
 * WordPress speaks a logged-in user's profile language (user meta `locale`) in wp-admin and in
 * REST calls that ask for it (`_locale=user`, which wp.apiFetch adds to every call), but the
 * front end uses the site's language. The portal is the member's account area, so its pages
 * switch to the user's language as well: the page, its configuration, the shortcode's texts and
 * the scripts' translations then agree with the REST replies. The certificate verify page,
 * public, keeps the site's language. WordPress switches only to a language installed on the
 * site (one the profile screen offers).
 */
final class UserLocale {

	/**
	 * Hooks: once the request is parsed (the route is known), before anything is printed.
	 */
	public function register(): void {
		add_action( 'wp', array( $this, 'switch_on_portal_routes' ) );
	}

	/**
	 * Switches to the current user's language on a portal route.
	 */
	public function switch_on_portal_routes(): void {
		if ( '' === Routes::current_route() || ! is_user_logged_in() ) {
			return;
		}
		switch_to_user_locale( get_current_user_id() );
	}
}
