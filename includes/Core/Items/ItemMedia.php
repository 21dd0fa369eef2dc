<?php
/**
 * The watching side of one catalogue item.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Items;

/**
 * An item's video parts, subtitles, attachment and whether it has a test, read from its meta
 * (docs/contract.md, "Catalogue meta of a `library_item` that the learning routes read") in one meta read. A single video is one part, so the
 * progress rule, the player and the Take Test gate treat both kinds alike.
 */
final class ItemMedia {

	/**
	 * Path pattern a subtitle address must match.
	 */
	public const SUBTITLE_PATTERN = '#/subtitles/[A-Za-z0-9._-]+\.vtt$#';

	/**
	 * Builds the value.
	 *
	 * @param string                                                                    $video_id      External video ID (hss_video_id).
	 * @param string                                                                    $url           Playlist of a single video ('' for multi-part).
	 * @param array<int, array{title: string, url: string, thumb: string, duration: int}> $parts         Parts in order, at least one.
	 * @param array<int, array{url: string, language: string, part: int}>                $subtitles     `_lp_subtitles` entries by their index.
	 * @param string                                                                    $attachment    Attachment address.
	 * @param bool                                                                      $has_questions Whether the item has a test.
	 */
	public function __construct(
		public readonly string $video_id,
		public readonly string $url,
		public readonly array $parts,
		public readonly array $subtitles,
		public readonly string $attachment,
		public readonly bool $has_questions
	) {}

	/**
	 * Reads an item's media (one query when its meta is not cached yet).
	 *
	 * @param int    $product_id Item.
	 * @param string $title      Item title (the part title of a single video).
	 */
	public static function of( int $product_id, string $title ): self {
		$meta   = (array) get_post_meta( $product_id );
		$single = static fn( string $key ) => self::single( $meta, $key );

		$stored = $single( '_lp_video_parts' );
		$stored = is_array( $stored ) ? array_values( array_filter( $stored, 'is_array' ) ) : array();
		$url    = is_string( $single( '_lp_video_url' ) ) ? trim( (string) $single( '_lp_video_url' ) ) : '';
		$parts  = array();
		if ( count( $stored ) >= 2 ) {
			foreach ( $stored as $index => $part ) {
				/* translators: %d: 1-based part number. */
				$parts[] = self::part( $part, sprintf( __( 'Part %d', 'library-portal' ), $index + 1 ) );
			}
			$url = '';
		} else {
			$first   = $stored[0] ?? array();
			$url     = '' !== $url ? $url : trim( (string) ( $first['url'] ?? '' ) );
			$parts[] = self::part(
				array_merge(
					$first,
					array(
						'url'      => $url,
						'duration' => self::single_length( (int) $single( '_lp_video_length' ), (int) $single( '_lp_video_duration' ), (int) ( $first['duration'] ?? 0 ) ),
					)
				),
				$title
			);
		}

		$subtitles = array();
		$raw       = $single( '_lp_subtitles' );
		foreach ( is_array( $raw ) ? $raw : array() as $index => $entry ) {
			if ( is_array( $entry ) && is_string( $entry['url'] ?? null ) ) {
				$subtitles[ (int) $index ] = array(
					'url'      => trim( $entry['url'] ),
					'language' => (string) ( $entry['language'] ?? '' ),
					'part'     => max( 0, (int) ( $entry['part'] ?? 0 ) ),
				);
			}
		}

		return new self(
			is_scalar( $single( '_lp_video_id' ) ) ? (string) $single( '_lp_video_id' ) : '',
			$url,
			$parts,
			$subtitles,
			is_string( $single( '_lp_attachment_url' ) ) ? trim( (string) $single( '_lp_attachment_url' ) ) : '',
			// The quiz's own reading, so a stored test with no askable question opens no Take Test.
			Quiz::from_meta( $single( Quiz::META_KEY ) )->has_questions()
		);
	}

	/**
	 * One value of an item's meta as get_post_meta( $id ) gives them all (key => raw values):
	 * unserialized, '' when absent.
	 *
	 * @param array<string, mixed> $meta All the item's meta.
	 * @param string               $key  Meta key.
	 * @return mixed
	 */
	public static function single( array $meta, string $key ) {
		return isset( $meta[ $key ][0] ) ? maybe_unserialize( $meta[ $key ][0] ) : '';
	}

	/**
	 * Number of parts a stored `_lp_video_parts` value gives (1 for a single video): the
	 * catalogue's `part_count`, so the library row's progress parts and the player's parts match.
	 *
	 * @param mixed $stored The meta value.
	 */
	public static function part_count_of( $stored ): int {
		$count = is_array( $stored ) ? count( array_filter( $stored, 'is_array' ) ) : 0;
		return $count >= 2 ? $count : 1;
	}

	/**
	 * Number of parts (1 for a single video).
	 */
	public function part_count(): int {
		return count( $this->parts );
	}

	/**
	 * A subtitle entry the proxy may serve: it exists and its path matches the pattern.
	 *
	 * @param int $index Index in `_lp_subtitles`.
	 * @return array{url: string, language: string, part: int}|null
	 */
	public function subtitle( int $index ): ?array {
		$entry = $this->subtitles[ $index ] ?? null;
		return $entry && self::subtitle_path_ok( $entry['url'] ) ? $entry : null;
	}

	/**
	 * Whether an address's path matches the subtitles pattern and holds no traversal or escapes.
	 *
	 * @param string $url Address.
	 */
	public static function subtitle_path_ok( string $url ): bool {
		$path = (string) wp_parse_url( $url, PHP_URL_PATH );
		return '' !== $path
			&& false === strpos( $path, '..' )
			&& false === strpos( $path, '%' )
			&& false === strpos( $path, '\\' )
			&& 1 === preg_match( self::SUBTITLE_PATTERN, $path );
	}

	/**
	 * Language code of a subtitle: the first two letters, lower case; English by default.
	 *
	 * @param string $language Stored language.
	 */
	public static function language( string $language ): string {
		$code = strtolower( substr( (string) preg_replace( '/[^A-Za-z]/', '', $language ), 0, 2 ) );
		return 2 === strlen( $code ) ? $code : 'en';
	}

	/**
	 * Whether a part's length is unknown (0): the progress rule then holds it to the slow default pace.
	 */
	public function has_unknown_length(): bool {
		foreach ( $this->parts as $part ) {
			if ( $part['duration'] <= 0 ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * A single video's length: the one the admin typed, else the one read from its playlist, else
	 * the stored part's.
	 *
	 * @param int $typed Typed length (`_lp_video_length`).
	 * @param int $read  Read length (`_lp_video_duration`).
	 * @param int $part  The first stored part's duration.
	 */
	private static function single_length( int $typed, int $read, int $part ): int {
		if ( $typed > 0 ) {
			return $typed;
		}
		return $read > 0 ? $read : $part;
	}

	/**
	 * One part with every field typed.
	 *
	 * @param array<string, mixed> $part  Stored part.
	 * @param string               $title Title when the part has none.
	 * @return array{title: string, url: string, thumb: string, duration: int}
	 */
	private static function part( array $part, string $title ): array {
		$own = trim( (string) ( is_scalar( $part['title'] ?? null ) ? $part['title'] : '' ) );
		return array(
			'title'    => '' !== $own ? $own : $title,
			'url'      => trim( (string) ( is_scalar( $part['url'] ?? null ) ? $part['url'] : '' ) ),
			'thumb'    => trim( (string) ( is_scalar( $part['thumb'] ?? null ) ? $part['thumb'] : '' ) ),
			'duration' => max( 0, (int) ( $part['duration'] ?? 0 ) ),
		);
	}
}
