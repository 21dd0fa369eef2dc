<?php
/**
 * Who may use the site owner's REST API, and its refusals.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\AdminApi;

use InvalidArgumentException;
use LibraryPortal\Core\AdminCapabilities;
use LibraryPortal\Core\People\SiteMembers;
use Throwable;
use WP_Error;
use WP_REST_Request;
use WP_User;

/**
 * The owner's API is for the people who run the training business: the Grants capability
 * (AdminCapabilities::GRANTS, administrators and whoever the site gives it to). WordPress has
 * authenticated the request by then: a cookie with its nonce (a cookie without one counts as
 * logged out), or an Application Password.
 */
final class AdminAccess {

	/**
	 * Permission callback of every route: 401 logged out, 403 without the capability.
	 *
	 * @param WP_REST_Request $request Request (unused: the same rule for every route).
	 * @return true|WP_Error
	 */
	public static function check( $request ) {
		unset( $request );
		if ( ! is_user_logged_in() ) {
			return new WP_Error( 'rest_not_logged_in', __( 'You are not currently logged in.', 'library-portal' ), array( 'status' => 401 ) );
		}
		if ( ! current_user_can( AdminCapabilities::GRANTS ) ) {
			return new WP_Error( 'rest_forbidden', __( 'Sorry, you are not allowed to manage training licenses.', 'library-portal' ), array( 'status' => 403 ) );
		}
		return true;
	}

	/**
	 * A user of this site by ID, e-mail address or login.
	 *
	 * @param string $who User ID, e-mail or login.
	 * @throws InvalidArgumentException When there is none.
	 */
	public static function find_user( string $who ): WP_User {
		$user = SiteMembers::on_this_site()->find( $who, true );
		if ( ! $user ) {
			throw new InvalidArgumentException( esc_html__( 'No user with that ID, e-mail or login.', 'library-portal' ) );
		}
		return $user;
	}

	/**
	 * A validation refusal (400) or a database that refused the write (503), with the message the
	 * Grants screen shows.
	 *
	 * @param Throwable $refused What was thrown.
	 */
	public static function refused( Throwable $refused ): WP_Error {
		if ( $refused instanceof InvalidArgumentException ) {
			return new WP_Error( 'rest_invalid_param', $refused->getMessage(), array( 'status' => 400 ) );
		}
		return new WP_Error( 'write_failed', __( 'The change could not be saved. Please try again.', 'library-portal' ), array( 'status' => 503 ) );
	}

	/**
	 * A time as the owner's API sends it: UTC, ISO 8601; null for 0 (never, not yet).
	 *
	 * @param int $at Unix seconds.
	 */
	public static function time( int $at ): ?string {
		return $at > 0 ? gmdate( 'Y-m-d\TH:i:s\Z', $at ) : null;
	}
}
