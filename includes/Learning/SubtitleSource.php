<?php
/**
 * The subtitle files the proxy serves.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

use LibraryPortal\Core\Items\ItemMedia;

/**
 * The subtitle proxy's rules (docs/rules/learning-and-progress.md, "Subtitle proxy"): only an entry of the item's own `_lp_subtitles`
 * whose path matches the subtitles pattern, read from this site (SiteFile) or a host a filter adds,
 * at most MAX_BYTES, and only when it is WebVTT. The browser names an item and an index, never a
 * path or an address.
 */
final class SubtitleSource {

	/**
	 * Largest subtitle file served (512 KB).
	 */
	public const MAX_BYTES = 524288;

	/**
	 * The text of a subtitle entry, or null when it may not be served.
	 *
	 * @param array{url: string, language: string, part: int}|null $entry Entry from ItemMedia::subtitle().
	 */
	public static function text( ?array $entry ): ?string {
		if ( null === $entry || ! ItemMedia::subtitle_path_ok( $entry['url'] ) ) {
			return null;
		}
		/**
		 * Hosts (besides this site's own) the subtitle proxy may fetch from.
		 *
		 * @param string[] $hosts Lower-case host names.
		 */
		$extra = (array) apply_filters( 'library_portal_subtitle_hosts', array() );
		$hosts = array_merge( SiteFile::own_hosts(), array_map( static fn( $host ) => strtolower( (string) $host ), $extra ) );
		$text  = SiteFile::read( $entry['url'], self::MAX_BYTES, $hosts );
		if ( null === $text ) {
			return null;
		}
		$start = str_starts_with( $text, "\xEF\xBB\xBF" ) ? 3 : 0;
		// WEBVTT followed by a space, a tab, a line end or nothing (the WebVTT file signature).
		if ( 1 !== preg_match( '/\AWEBVTT(?:[ \t\r\n]|\z)/', substr( $text, $start, 7 ) ) ) {
			return null;
		}
		return $text;
	}
}
