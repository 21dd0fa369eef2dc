<?php
/**
 * Fills video durations from the playlists.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

use LibraryPortal\Catalogue\ItemPostType;

/**
 * The progress rule needs each part's duration. When an admin saves an item whose duration is
 * 0, the duration becomes the sum of the playlist's `#EXTINF` segments (a master playlist is
 * followed to its first variant), read from this site only (SiteFile: a file under wp-content or
 * an address on the site's own host). A playlist that cannot be read leaves the 0 in place.
 */
final class PlaylistDuration {

	/**
	 * Largest playlist read (a media playlist of a long video is a few hundred KB).
	 */
	private const MAX_BYTES = 2097152;

	/**
	 * Hooks: classic saves and block-editor saves (whose meta is written after save_post).
	 */
	public function register(): void {
		add_action( 'save_post_' . ItemPostType::POST_TYPE, array( $this, 'fill' ), 20 );
		add_action( 'rest_after_insert_' . ItemPostType::POST_TYPE, array( $this, 'fill_after_rest' ) );
	}

	/**
	 * After a block-editor save.
	 *
	 * @param \WP_Post $post Post.
	 */
	public function fill_after_rest( $post ): void {
		$this->fill( (int) $post->ID );
	}

	/**
	 * Fills the durations that are 0.
	 *
	 * @param int $post_id Item.
	 */
	public function fill( $post_id ): void {
		$post_id = (int) $post_id;
		if ( wp_is_post_revision( $post_id ) || wp_is_post_autosave( $post_id ) ) {
			return;
		}
		$parts = get_post_meta( $post_id, '_lp_video_parts', true );
		if ( is_array( $parts ) && count( $parts ) >= 2 ) {
			$changed = false;
			foreach ( $parts as $index => $part ) {
				if ( is_array( $part ) && (int) ( $part['duration'] ?? 0 ) <= 0 && is_string( $part['url'] ?? null ) && '' !== $part['url'] ) {
					$seconds = self::seconds( $part['url'] );
					if ( $seconds > 0 ) {
						$parts[ $index ]['duration'] = $seconds;
						$changed                     = true;
					}
				}
			}
			if ( $changed ) {
				update_post_meta( $post_id, '_lp_video_parts', $parts );
			}
			return;
		}
		$url = (string) get_post_meta( $post_id, '_lp_video_url', true );
		if ( '' !== $url && (int) get_post_meta( $post_id, '_lp_video_duration', true ) <= 0 ) {
			$seconds = self::seconds( $url );
			if ( $seconds > 0 ) {
				update_post_meta( $post_id, '_lp_video_duration', $seconds );
			}
		}
	}

	/**
	 * Duration of a playlist in whole seconds (0 when unknown).
	 *
	 * @param string $url Playlist address.
	 */
	public static function seconds( string $url ): int {
		$text = SiteFile::read( $url, self::MAX_BYTES, SiteFile::own_hosts() );
		if ( null === $text ) {
			return 0;
		}
		if ( ! preg_match_all( '/^#EXTINF:\s*([0-9]+(?:\.[0-9]+)?)/m', $text, $segments ) && preg_match( '/^#EXT-X-STREAM-INF[^\n]*\n\s*([^#\s][^\r\n]*)/m', $text, $variant ) ) {
			$text = SiteFile::read( self::resolve( $url, trim( $variant[1] ) ), self::MAX_BYTES, SiteFile::own_hosts() );
			if ( null === $text ) {
				return 0;
			}
			preg_match_all( '/^#EXTINF:\s*([0-9]+(?:\.[0-9]+)?)/m', $text, $segments );
		}
		return (int) round( array_sum( array_map( 'floatval', $segments[1] ?? array() ) ) );
	}

	/**
	 * A playlist entry's address relative to the playlist.
	 *
	 * @param string $base     Playlist address.
	 * @param string $relative Entry.
	 */
	private static function resolve( string $base, string $relative ): string {
		if ( preg_match( '#^https?://#i', $relative ) ) {
			return $relative;
		}
		if ( str_starts_with( $relative, '/' ) ) {
			$parts = wp_parse_url( $base );
			return ( $parts['scheme'] ?? 'http' ) . '://' . ( $parts['host'] ?? '' ) . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' ) . $relative;
		}
		return substr( $base, 0, (int) strrpos( (string) strtok( $base, '?' ), '/' ) + 1 ) . $relative;
	}
}
