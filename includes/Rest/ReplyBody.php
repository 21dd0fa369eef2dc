<?php
/**
 * The body of a kept reply.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Rest;

/**
 * A successful reply's body is `{"success":true,"data":…}`. The caches keep it whole and
 * gzip-compressed: an owner of 1,000 items has a 1.2 MB body that compresses to some 50 kB, so a hit
 * reads and sends the small one, and nobody compresses it again per request (docs/decisions.md,
 * "Kept replies go out compressed").
 */
final class ReplyBody {

	private const PREFIX = '{"success":true,"data":';
	private const SUFFIX = '}';

	/** zlib's default: near the best size for JSON, at a fifth of level 9's time (measured on a 1.2 MB list). */
	private const LEVEL = 6;

	/**
	 * The body of a successful reply around its encoded data.
	 *
	 * @param string $data_json Encoded data.
	 */
	public static function wrap( string $data_json ): string {
		return self::PREFIX . $data_json . self::SUFFIX;
	}

	/**
	 * The encoded data inside a body made by wrap().
	 *
	 * @param string $body Body.
	 */
	public static function data_of( string $body ): string {
		return substr( $body, strlen( self::PREFIX ), -strlen( self::SUFFIX ) );
	}

	/**
	 * A body made by wrap(), gzip-compressed as it goes to a client.
	 *
	 * @param string $body Body.
	 */
	public static function compress( string $body ): string {
		return (string) gzencode( $body, self::LEVEL );
	}

	/**
	 * A compressed body back as JSON ('' when the bytes are not gzip).
	 *
	 * @param string $gzip Compressed body.
	 */
	public static function expand( string $gzip ): string {
		$body = str_starts_with( $gzip, "\x1f\x8b" ) ? gzdecode( $gzip ) : false;
		return is_string( $body ) ? $body : '';
	}
}
