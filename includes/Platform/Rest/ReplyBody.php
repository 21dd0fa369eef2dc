<?php
/**
 * The body of a kept reply.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Rest;

/**
 * A successful reply's body is `{"success":true,"data":…}`. The caches keep it whole and
 * gzip-compressed: an owner of 1,000 items has a 1.2 MB body that compresses to some 50 kB, so a hit
 * reads and sends the small one, and nobody compresses it again per request (docs/rules/platform.md,
 * "Kept replies go out compressed").
 */
final class ReplyBody {

	private const PREFIX = '{"success":true,"data":';
	private const SUFFIX = '}';

	/** zlib's default: near the best size for JSON, at a fifth of level 9's time (measured on a 1.2 MB list). */
	private const LEVEL = 6;

	/** Compressed bytes expanded at a time when only the leading rows are wanted (some 250 kB of JSON). */
	private const CHUNK = 8192;

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
	 * The first rows of a compressed body whose data is a JSON array with one row per line
	 * (`[row,\nrow,\n…]`), each row's JSON text: the body is expanded only as far as those rows
	 * reach, a chunk at a time (a page of 100 out of 1,000 rows expands a tenth of the megabyte:
	 * 0.15 ms instead of 3.1 ms). JSON text never holds a raw line break inside a value, so each
	 * line break ends a row. Fewer rows when the list is shorter; none when the bytes are not gzip.
	 *
	 * @param string $gzip  Compressed body.
	 * @param int    $count Rows wanted.
	 * @return string[]
	 */
	public static function leading_rows( string $gzip, int $count ): array {
		$inflate = str_starts_with( $gzip, "\x1f\x8b" ) ? inflate_init( ZLIB_ENCODING_GZIP ) : false;
		if ( false === $inflate || $count < 1 ) {
			return array();
		}
		$body   = '';
		$breaks = 0;
		$ended  = false;
		for ( $offset = 0; ! $ended && $breaks < $count; $offset += self::CHUNK ) {
			$ended = $offset + self::CHUNK >= strlen( $gzip );
			$more  = inflate_add( $inflate, substr( $gzip, $offset, self::CHUNK ), $ended ? ZLIB_FINISH : ZLIB_SYNC_FLUSH );
			if ( false === $more ) {
				return array();
			}
			$breaks += substr_count( $more, "\n" );
			$body   .= $more;
		}
		// The data's array without its "[" and, once the whole body is expanded, its "]" and the body's end.
		$data = substr( $body, strlen( self::PREFIX ) + 1, $ended ? -strlen( ']' . self::SUFFIX ) : null );
		if ( '' === $data ) {
			return array();
		}
		// Before the end, the text after the last line break is a row cut short.
		$rows = explode( ",\n", $data );
		return array_slice( $rows, 0, $ended ? $count : min( $count, $breaks ) );
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
