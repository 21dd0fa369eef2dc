<?php
/**
 * People as the portal shows them: names and e-mails, cleaned.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\People;

/**
 * What the library rows, Share Details, the team screens and the mails show of a person (names and
 * e-mails without control characters, so no text a person typed can break a screen or a mail).
 */
final class People {

	/**
	 * Names and e-mails of users, cleaned, in one query: what the library rows and
	 * the Share Details records show of a person.
	 *
	 * @param int[] $ids Users.
	 * @return array<int, array{name: string, email: string}>
	 */
	public static function by_id( array $ids ): array {
		if ( ! $ids ) {
			return array();
		}
		$users = get_users(
			array(
				'include'     => array_values( array_unique( $ids ) ),
				'fields'      => array( 'ID', 'display_name', 'user_email' ),
				'count_total' => false,
				// Anyone holding or sharing a seat here, a member of this site or not: on a network a
				// seat may be taken by a user of another site (docs/rules/platform.md, "Multisite").
				'blog_id'     => 0,
				// In the primary key's order: core's default (user_login) sorts the rows with a filesort.
				'orderby'     => 'ID',
			)
		);
		$people = array();
		foreach ( $users as $user ) {
			$people[ (int) $user->ID ] = array(
				'name'  => self::clean_text( (string) $user->display_name ),
				'email' => self::clean_text( (string) $user->user_email ),
			);
		}
		return $people;
	}

	/**
	 * Strips control and replacement characters from names and e-mails.
	 *
	 * @param string $text Raw text.
	 */
	public static function clean_text( string $text ): string {
		return trim( (string) preg_replace( '/[\p{Cc}\p{Cf}\x{FFFD}]/u', '', $text ) );
	}
}
