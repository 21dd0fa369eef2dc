<?php
/**
 * What the grant screens read from a request: the capability, fields, a user and a date as typed.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Grants;

use InvalidArgumentException;
use LibraryPortal\Core\AdminCapabilities;
use LibraryPortal\Core\Site\SiteDate;

/**
 * Shared by the grant screens' controller and their admin-post handlers.
 */
final class GrantRequest {

	/**
	 * Stops unless the current user may manage grants.
	 */
	public static function require_cap(): void {
		if ( ! current_user_can( AdminCapabilities::GRANTS ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage grants.', 'library-portal' ), '', array( 'response' => 403 ) );
		}
	}

	/**
	 * A posted text field, trimmed ('' when absent).
	 *
	 * @param string $name Field.
	 */
	public static function posted( string $name ): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- every handler checks the nonce before it reads a field.
		return isset( $_POST[ $name ] ) && is_string( $_POST[ $name ] ) ? trim( sanitize_text_field( wp_unslash( $_POST[ $name ] ) ) ) : '';
	}

	/**
	 * A text of the query string, trimmed ('' when absent).
	 *
	 * @param string $name Parameter.
	 */
	public static function queried( string $name ): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only filter.
		return isset( $_GET[ $name ] ) && is_string( $_GET[ $name ] ) ? trim( sanitize_text_field( wp_unslash( $_GET[ $name ] ) ) ) : '';
	}

	/**
	 * A user by e-mail or login, or null.
	 *
	 * @param string $who E-mail or login.
	 */
	public static function lookup_user( string $who ): ?\WP_User {
		return \LibraryPortal\Core\People\SiteMembers::on_this_site()->find( $who ); // This site's people only: docs/rules/platform.md "Multisite".
	}

	/**
	 * A user by e-mail or login.
	 *
	 * @param string $who E-mail or login.
	 * @throws InvalidArgumentException When there is none.
	 */
	public static function find_user( string $who ): \WP_User {
		$user = '' !== $who ? self::lookup_user( $who ) : null;
		if ( ! $user ) {
			throw new InvalidArgumentException( esc_html__( 'No user with that e-mail or login.', 'library-portal' ) );
		}
		return $user;
	}

	/**
	 * Unix seconds of the end of a typed day (Y-m-d) in site time; 0 for an empty field.
	 *
	 * @param string $date Date as the date field sends it.
	 * @throws InvalidArgumentException When it is not a date.
	 */
	public static function end_of_day( string $date ): int {
		return SiteDate::end_of_day( $date );
	}

}
