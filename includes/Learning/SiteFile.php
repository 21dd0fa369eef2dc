<?php
/**
 * Reads a small text file the catalogue points to, on this site only.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

/**
 * The subtitle proxy and the duration filler read files that an admin's catalogue entry names.
 * They never follow an address elsewhere: a file under wp-content is read from disk (its real
 * path must stay inside wp-content), any other address must be on one of the allowed hosts and is
 * fetched with wp_safe_remote_get (no redirects). Reads are capped in size and time.
 */
final class SiteFile {

	/**
	 * Seconds a remote read may take.
	 */
	public const TIMEOUT_SECONDS = 5;

	/**
	 * The file's text, or null when it is not on an allowed host, is missing, or exceeds the cap.
	 *
	 * @param string   $url       Absolute address, or a path on this site.
	 * @param int      $max_bytes Largest size read.
	 * @param string[] $hosts     Hosts (lower case) whose addresses may be fetched.
	 */
	public static function read( string $url, int $max_bytes, array $hosts ): ?string {
		if ( str_starts_with( $url, '/' ) && ! str_starts_with( $url, '//' ) ) {
			$url = home_url( $url );
		}
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || ! in_array( strtolower( (string) ( $parts['scheme'] ?? '' ) ), array( 'http', 'https' ), true ) ) {
			return null;
		}
		$host = strtolower( (string) ( $parts['host'] ?? '' ) );
		$path = (string) ( $parts['path'] ?? '' );
		if ( '' === $host || ! in_array( $host, $hosts, true ) || isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
			return null;
		}
		if ( str_contains( $path, '..' ) || str_contains( $path, '%' ) || str_contains( $path, '\\' ) ) {
			return null;
		}

		$local = self::local_path( $host, $path );
		if ( null !== $local ) {
			return self::read_local( $local, $max_bytes );
		}
		$reply = wp_safe_remote_get(
			$url,
			array(
				'timeout'             => self::TIMEOUT_SECONDS,
				'redirection'         => 0,
				'limit_response_size' => $max_bytes + 1,
			)
		);
		if ( is_wp_error( $reply ) || 200 !== (int) wp_remote_retrieve_response_code( $reply ) ) {
			return null;
		}
		$body = (string) wp_remote_retrieve_body( $reply );
		return strlen( $body ) > $max_bytes ? null : $body;
	}

	/**
	 * This site's own hosts (home and site address).
	 *
	 * @return string[]
	 */
	public static function own_hosts(): array {
		return array_values(
			array_unique(
				array_filter(
					array(
						strtolower( (string) wp_parse_url( home_url(), PHP_URL_HOST ) ),
						strtolower( (string) wp_parse_url( site_url(), PHP_URL_HOST ) ),
					)
				)
			)
		);
	}

	/**
	 * The disk path of an address under wp-content on this site, or null.
	 *
	 * @param string $host Host of the address.
	 * @param string $path Path of the address.
	 */
	private static function local_path( string $host, string $path ): ?string {
		$content = wp_parse_url( content_url() );
		if ( strtolower( (string) ( $content['host'] ?? '' ) ) !== $host ) {
			return null;
		}
		$prefix = rtrim( (string) ( $content['path'] ?? '' ), '/' ) . '/';
		if ( ! str_starts_with( $path, $prefix ) ) {
			return null;
		}
		return WP_CONTENT_DIR . '/' . substr( $path, strlen( $prefix ) );
	}

	/**
	 * A file inside wp-content (real path checked), within the cap.
	 *
	 * @param string $file      Path.
	 * @param int    $max_bytes Largest size read.
	 */
	private static function read_local( string $file, int $max_bytes ): ?string {
		$root = realpath( WP_CONTENT_DIR );
		$real = realpath( $file );
		if ( false === $root || false === $real || ! str_starts_with( $real, $root . DIRECTORY_SEPARATOR ) || ! is_file( $real ) || ! is_readable( $real ) ) {
			return null;
		}
		$size = filesize( $real );
		if ( false === $size || $size > $max_bytes ) {
			return null;
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file inside wp-content, size checked.
		$text = file_get_contents( $real, false, null, 0, $max_bytes + 1 );
		return false === $text || strlen( $text ) > $max_bytes ? null : $text;
	}
}
