<?php
/**
 * A person's name as it may appear in mails and notifications.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\People;

/**
 * Display names are typed by their owners, and the site's mails and notifications put them into
 * the site's own sentences: a name must not be able to speak for the site (a link, a second
 * line, a paragraph). So a name loses line breaks and control characters, web and e-mail
 * addresses, and is cut to MAX_LENGTH characters (docs/rules/seats-and-sharing.md, "Sharing seats"). Look-alikes
 * of the characters an address is made of (full-width letters, ideographic full stops) are
 * folded to them first, so `ｅｖｉｌ．ｃｏｍ` or `evil。example` is found as an address too.
 */
final class PersonName {

	/**
	 * Characters of a name in a message, the ellipsis of a cut included.
	 */
	public const MAX_LENGTH = 60;

	/**
	 * What reads as an address: scheme URLs, www. hosts, e-mail addresses, bare host names with
	 * a top-level domain (with whatever path follows), and IPv4 addresses.
	 */
	private const ADDRESSES = array(
		'~[a-z][a-z0-9+.\-]*:/+\S*~iu',
		'~\S+@\S+~u',
		'~\bwww\.\S*~iu',
		'~\b(?:[a-z0-9](?:[a-z0-9\-]*[a-z0-9])?\.)+[a-z]{2,63}\b(?:[/:?#]\S*)?~iu',
		'~\b\d{1,3}(?:\.\d{1,3}){3}\b\S*~u',
	);

	/**
	 * Full stops that NFKC leaves as they are but mail clients and browsers read as a dot in a
	 * host name (IDNA's label separators): ideographic, full-width and half-width ideographic.
	 */
	private const DOTS = array( "\u{3002}", "\u{FF0E}", "\u{FF61}" );

	/**
	 * The name of a user for a message: the display name, else the login, each cleaned, else
	 * "A team member" when nothing of either is left.
	 *
	 * @param \WP_User $user User.
	 */
	public static function of_user( \WP_User $user ): string {
		foreach ( array( (string) $user->display_name, (string) $user->user_login ) as $candidate ) {
			$name = self::clean( $candidate );
			if ( '' !== $name ) {
				return $name;
			}
		}
		return __( 'A team member', 'library-portal' );
	}

	/**
	 * A name made safe to quote in a message (see the class comment).
	 *
	 * @param string $name As typed.
	 */
	public static function clean( string $name ): string {
		// Compatibility forms become the plain characters they stand for (full-width letters, the
		// one-dot leader, ＠), so the address patterns below see what a reader would see.
		$normalized = class_exists( \Normalizer::class ) ? \Normalizer::normalize( $name, \Normalizer::FORM_KC ) : $name;
		$name       = str_replace( self::DOTS, '.', false === $normalized ? $name : $normalized );
		// Line breaks, tabs and other controls become spaces; format and replacement characters go.
		$name = (string) preg_replace( '/[\p{Cc}\p{Zl}\p{Zp}]+/u', ' ', $name );
		$name = (string) preg_replace( '/[\p{Cf}\x{FFFD}]/u', '', $name );
		$name = (string) preg_replace( self::ADDRESSES, ' ', $name );
		$name = trim( (string) preg_replace( '/\s+/u', ' ', $name ), " \t\n\r\0\x0B,;:-" );
		if ( mb_strlen( $name ) > self::MAX_LENGTH ) {
			$name = rtrim( mb_substr( $name, 0, self::MAX_LENGTH - 1 ) ) . '…';
		}
		return $name;
	}
}
