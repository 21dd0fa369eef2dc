<?php
/**
 * Sends a response body that is not HTML, as it is.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Rest;

/**
 * The one place the plugin writes bytes it does not escape: a WebVTT file, JSON that
 * wp_json_encode() made (or its gzip), a certificate's PDF. Escaping for HTML would corrupt each
 * of them (a cue's "-->", JSON's quotes, a PDF's binary streams), and none of them is read as HTML
 * while it goes out under its own media type with nosniff, which this checks and sends. HTML never
 * comes here: it is printed by a view (includes/Platform/View.php), escaped where it is printed.
 */
final class RawBody {

	/**
	 * Media types a browser renders as a document with scripts: never sent unescaped.
	 */
	private const MARKUP_TYPES = array( 'text/html', 'application/xhtml+xml', 'image/svg+xml', 'text/xml', 'application/xml' );

	/**
	 * Prints the bytes of a response whose Content-Type is $content_type.
	 *
	 * @param string $bytes        The body.
	 * @param string $content_type The response's Content-Type (parameters such as charset allowed).
	 * @throws \InvalidArgumentException When the type is empty or a markup type.
	 */
	public static function send( string $bytes, string $content_type ): void {
		if ( ! self::is_inert( $content_type ) ) {
			throw new \InvalidArgumentException( 'Only a body of a non-markup media type goes out unescaped; HTML is printed by a view.' );
		}
		if ( ! headers_sent() ) {
			header( 'X-Content-Type-Options: nosniff' );
		}
		echo $bytes; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- not HTML: its media type was checked above and goes out with nosniff; HTML escaping would corrupt it.
	}

	/**
	 * Whether a Content-Type names a media type that is not markup (so a browser will not run it).
	 *
	 * @param string $content_type A Content-Type header value.
	 */
	public static function is_inert( string $content_type ): bool {
		$media = strtolower( trim( explode( ';', $content_type, 2 )[0] ) );
		return 1 === preg_match( '#^[a-z0-9!\#$&^_.+-]+/[a-z0-9!\#$&^_.+-]+$#', $media ) && ! in_array( $media, self::MARKUP_TYPES, true ) && ! str_ends_with( $media, '+xml' );
	}
}
