<?php
/**
 * Fills video durations from the playlists.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

use LibraryPortal\Core\Items\ItemPostType;

/**
 * The progress rule needs each part's duration. When an admin saves an item whose duration is
 * 0, the duration becomes the sum of the playlist's `#EXTINF` segments (a master playlist is
 * followed to its first variant). A playlist on this site is read as SiteFile reads it (a file
 * under wp-content, or an address on the site's own host); one on any other host (a CDN) over
 * HTTP with wp_safe_remote_get: no private or loopback address unless the site allows the host
 * (WordPress's filter `http_request_host_is_external`), no redirects, short timeouts, a size cap.
 * Only a finished media playlist counts (`#EXT-X-ENDLIST`: a live one has no length yet). A
 * playlist that cannot be read leaves the 0 in place, and the save says so (a warning on the
 * edit screen, or on WP-CLI); the part is then held to the slow default pace.
 */
final class PlaylistDuration {

	/**
	 * Largest playlist read (a media playlist of a long video is a few hundred KB).
	 */
	private const MAX_BYTES = 2097152;

	/**
	 * Seconds a read from another host may take (two per part at most: master and variant).
	 */
	private const REMOTE_TIMEOUT_SECONDS = 3;

	/**
	 * User meta that carries the warning of a save to the next edit screen (item => part numbers).
	 */
	public const WARNING_META = '_library_portal_unread_lengths';

	/**
	 * Hooks: classic saves and block-editor saves (whose meta is written after save_post).
	 */
	public function register(): void {
		add_action( 'save_post_' . ItemPostType::POST_TYPE, array( $this, 'fill' ), 20 );
		add_action( 'rest_after_insert_' . ItemPostType::POST_TYPE, array( $this, 'fill_after_rest' ) );
		add_action( 'admin_notices', array( $this, 'warning' ) );
	}

	/**
	 * The warning of the last save on the item's edit screen: which lengths could not be read.
	 */
	public function warning(): void {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		$post   = get_post();
		if ( null === $screen || ItemPostType::POST_TYPE !== $screen->post_type || 'post' !== $screen->base || null === $post ) {
			return;
		}
		$user     = get_current_user_id();
		$warnings = get_user_meta( $user, self::WARNING_META, true );
		if ( ! is_array( $warnings ) || ! isset( $warnings[ $post->ID ] ) ) {
			return;
		}
		$parts = array_map( 'intval', (array) $warnings[ $post->ID ] );
		unset( $warnings[ $post->ID ] );
		update_user_meta( $user, self::WARNING_META, $warnings );
		printf(
			'<div class="notice notice-warning"><p>%s</p></div>',
			esc_html(
				sprintf(
					/* translators: %s: part numbers, e.g. "1, 3". */
					__( 'Saved, but the length of part %s could not be read from its playlist. Type it in the Video box; until then progress on it is credited at the slow pace set in Settings.', 'library-portal' ),
					implode( ', ', $parts )
				)
			)
		);
	}

	/**
	 * Says that lengths could not be read: on the next edit screen, and on WP-CLI at once.
	 *
	 * @param int   $post_id Item.
	 * @param int[] $parts   1-based part numbers.
	 */
	private static function warn( int $post_id, array $parts ): void {
		if ( ! $parts ) {
			return;
		}
		if ( defined( 'WP_CLI' ) && WP_CLI && class_exists( '\WP_CLI' ) ) {
			/* translators: 1: item ID, 2: part numbers. */
			\WP_CLI::warning( sprintf( __( 'Item %1$d: the length of part %2$s could not be read from its playlist.', 'library-portal' ), $post_id, implode( ', ', $parts ) ) );
		}
		$user = get_current_user_id();
		if ( $user > 0 ) {
			$warnings             = get_user_meta( $user, self::WARNING_META, true );
			$warnings             = is_array( $warnings ) ? $warnings : array();
			$warnings[ $post_id ] = $parts;
			update_user_meta( $user, self::WARNING_META, $warnings );
		}
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
			$unread  = array();
			foreach ( $parts as $index => $part ) {
				if ( is_array( $part ) && (int) ( $part['duration'] ?? 0 ) <= 0 && is_string( $part['url'] ?? null ) && '' !== $part['url'] ) {
					$seconds = self::seconds( $part['url'] );
					if ( $seconds > 0 ) {
						$parts[ $index ]['duration'] = $seconds;
						$changed                     = true;
					} else {
						$unread[] = (int) $index + 1;
					}
				}
			}
			if ( $changed ) {
				update_post_meta( $post_id, '_lp_video_parts', $parts );
			}
			self::warn( $post_id, $unread );
			return;
		}
		$url = (string) get_post_meta( $post_id, '_lp_video_url', true );
		if ( '' !== $url && (int) get_post_meta( $post_id, '_lp_video_duration', true ) <= 0 && (int) get_post_meta( $post_id, '_lp_video_length', true ) <= 0 ) {
			$seconds = self::seconds( $url );
			if ( $seconds > 0 ) {
				update_post_meta( $post_id, '_lp_video_duration', $seconds );
			} else {
				self::warn( $post_id, array( 1 ) );
			}
		}
	}

	/**
	 * Duration of a playlist in whole seconds (0 when unknown).
	 *
	 * @param string $url Playlist address.
	 */
	public static function seconds( string $url ): int {
		$text = self::read( $url );
		if ( null === $text ) {
			return 0;
		}
		if ( ! preg_match_all( '/^#EXTINF:\s*([0-9]+(?:\.[0-9]+)?)/m', $text, $segments ) && preg_match( '/^#EXT-X-STREAM-INF[^\n]*\n\s*([^#\s][^\r\n]*)/m', $text, $variant ) ) {
			$text = self::read( self::resolve( $url, trim( $variant[1] ) ) );
			if ( null === $text ) {
				return 0;
			}
			preg_match_all( '/^#EXTINF:\s*([0-9]+(?:\.[0-9]+)?)/m', $text, $segments );
		}
		// A live playlist (no end) has no length yet: its segments are only the latest ones.
		if ( ! preg_match( '/^#EXT-X-ENDLIST\b/m', $text ) ) {
			return 0;
		}
		return (int) round( array_sum( array_map( 'floatval', $segments[1] ?? array() ) ) );
	}

	/**
	 * A playlist's text: from this site as SiteFile reads it, from any other host over HTTP.
	 *
	 * @param string $url Playlist address.
	 */
	private static function read( string $url ): ?string {
		$host = strtolower( (string) wp_parse_url( $url, PHP_URL_HOST ) );
		if ( '' === $host || in_array( $host, SiteFile::own_hosts(), true ) || ( str_starts_with( $url, '/' ) && ! str_starts_with( $url, '//' ) ) ) {
			return SiteFile::read( $url, self::MAX_BYTES, SiteFile::own_hosts() );
		}
		if ( ! in_array( strtolower( (string) wp_parse_url( $url, PHP_URL_SCHEME ) ), array( 'http', 'https' ), true ) || null !== wp_parse_url( $url, PHP_URL_USER ) ) {
			return null;
		}
		// wp_safe_remote_get refuses private and loopback addresses (unless the site allows the host) and odd ports.
		$reply = wp_safe_remote_get(
			$url,
			array(
				'timeout'             => self::REMOTE_TIMEOUT_SECONDS,
				'redirection'         => 0,
				'limit_response_size' => self::MAX_BYTES + 1,
			)
		);
		if ( is_wp_error( $reply ) || 200 !== (int) wp_remote_retrieve_response_code( $reply ) ) {
			return null;
		}
		$body = (string) wp_remote_retrieve_body( $reply );
		return strlen( $body ) > self::MAX_BYTES ? null : $body;
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
