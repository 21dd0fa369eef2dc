<?php
/**
 * The rules of the catalogue editor's fields.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Catalogue;

use LibraryPortal\Core\Items\ContentType;
use LibraryPortal\Core\Items\ItemMedia;
use LibraryPortal\Core\Items\Quiz;

/**
 * Checks what the item edit screen posts and turns it into the meta to store. No WordPress I/O:
 * the input is the posted form and the item's stored meta, the output the meta values (null =
 * delete) and the errors by field ID. A form with one error stores nothing (ItemEditor), so
 * every rule is here and tested directly.
 */
final class ItemFields {

	/**
	 * Longest subtitle, in characters.
	 */
	public const MAX_SUBTITLE = 255;

	/**
	 * Longest credits text ("3.0 CE hours", "1.5 CPD points"): it is one line of the certificate.
	 */
	public const MAX_CREDITS = 60;

	/**
	 * Longest course code, and what it may hold (letters, digits, space, . _ / -).
	 */
	public const MAX_COURSE_CODE = 40;

	/**
	 * Longest accreditation statement of an item (as a brand's: CertificateDesign::MAX_STATEMENT).
	 */
	public const MAX_STATEMENT = 300;

	/**
	 * Longest length an admin may type for a video or part: a day.
	 */
	public const MAX_LENGTH_SECONDS = 86400;

	/**
	 * Builds the result.
	 *
	 * @param array<string, mixed>  $meta   Meta key => value to store (null = delete the key).
	 * @param array<string, string> $errors Field ID => message, in form order.
	 */
	private function __construct(
		public readonly array $meta,
		public readonly array $errors
	) {}

	/**
	 * Whether everything was valid (then $meta may be stored).
	 */
	public function ok(): bool {
		return ! $this->errors;
	}

	/**
	 * Checks a posted form.
	 *
	 * @param array<string, mixed>      $form     `library_portal_item[...]`, unslashed.
	 * @param array<string, mixed>|null $quiz     `library_portal_quiz[...]`, unslashed; null = the quiz box was not posted (the quiz is left alone).
	 * @param array<string, mixed>      $previous The item's stored meta by key (unserialized), to keep durations of unchanged videos.
	 */
	public static function check( array $form, ?array $quiz, array $previous = array() ): self {
		$meta   = array();
		$errors = array();

		$type = self::text( $form['content_type'] ?? '' );
		if ( ! in_array( $type, ContentType::all(), true ) ) {
			$errors['library-portal-content-type'] = __( 'Content type: choose one of the listed types.', 'library-portal' );
		}
		$meta['_lp_content_type'] = $type;

		$meta['_lp_subtitle'] = self::plain( $form['subtitle'] ?? '', 'library-portal-subtitle', __( 'Subtitle', 'library-portal' ), self::MAX_SUBTITLE, $errors );

		$links = array(
			'image_url'      => array( '_lp_image_url', 'library-portal-image-url', __( 'Image address', 'library-portal' ) ),
			'product_link'   => array( '_lp_product_link', 'library-portal-product-link', __( 'Product link', 'library-portal' ) ),
			'download_link'  => array( '_lp_download_link', 'library-portal-download-link', __( 'Download link', 'library-portal' ) ),
			'attachment_url' => array( '_lp_attachment_url', 'library-portal-attachment-url', __( 'Attachment', 'library-portal' ) ),
		);
		foreach ( $links as $name => list( $key, $id, $label ) ) {
			$url = self::text( $form[ $name ] ?? '' );
			if ( '' !== $url && ! self::url_ok( $url ) ) {
				/* translators: %s: field label. */
				$errors[ $id ] = sprintf( __( '%s: enter a full http(s) address or a path on this site starting with /.', 'library-portal' ), $label );
			}
			$meta[ $key ] = self::or_null( $url );
		}

		$course = self::text( $form['course_url'] ?? '' );
		if ( '' !== $course && ! self::course_url_ok( $course ) ) {
			$errors['library-portal-course-url'] = __( 'Course address: enter a full http(s) address, e.g. https://courses.example.com/my-course/.', 'library-portal' );
		}
		$meta['_lp_course_url'] = '' === $course ? null : esc_url_raw( $course, array( 'http', 'https' ) );

		$meta['_lp_credits'] = self::plain( $form['credits'] ?? '', 'library-portal-credits', __( 'Certificate credits', 'library-portal' ), self::MAX_CREDITS, $errors );

		$code = self::text( $form['course_code'] ?? '' );
		if ( mb_strlen( $code ) > self::MAX_COURSE_CODE || 1 !== preg_match( '#^[\p{L}\p{N} ._/-]*$#u', $code ) ) {
			/* translators: %d: maximum number of characters. */
			$errors['library-portal-course-code'] = sprintf( __( 'Course code: use at most %d letters, digits, spaces, dots, underscores, slashes and hyphens.', 'library-portal' ), self::MAX_COURSE_CODE );
		}
		$meta['_lp_course_code'] = self::or_null( $code );

		$meta['_lp_statement'] = self::plain( $form['statement'] ?? '', 'library-portal-statement', __( 'Accreditation statement', 'library-portal' ), self::MAX_STATEMENT, $errors );

		$video = self::text( $form['video_url'] ?? '' );
		if ( '' !== $video && ! self::hls_ok( $video ) ) {
			$errors['library-portal-video-url'] = __( 'HLS address: enter an http(s) address or a path on this site starting with /, ending in .m3u8.', 'library-portal' );
		}
		$meta['_lp_video_url'] = self::or_null( $video );
		$same_video            = '' !== $video && ( $previous['_lp_video_url'] ?? '' ) === $video;
		// A kept address keeps its measured length; a new one is measured again (PlaylistDuration).
		$meta['_lp_video_duration'] = $same_video && (int) ( $previous['_lp_video_duration'] ?? 0 ) > 0 ? (int) $previous['_lp_video_duration'] : null;
		// A typed length wins over the read one (ItemMedia); empty reads it from the playlist.
		$meta['_lp_video_length'] = self::length( $form['video_length'] ?? '', 'library-portal-video-length', __( 'Length: enter a whole number of seconds from 1 to 86,400, or leave it empty to read it from the playlist.', 'library-portal' ), $errors );

		$parts = self::parts( self::rows( $form['parts'] ?? array() ), self::durations( $previous['_lp_video_parts'] ?? array() ), $errors );
		if ( count( $parts ) >= 2 && '' !== $video ) {
			$errors['library-portal-video-url'] ??= __( 'HLS address: leave it empty when the video has two or more parts (each part has its own address).', 'library-portal' );
		}
		$meta['_lp_video_parts'] = $parts ? $parts : null;

		$subtitles             = self::subtitles( self::rows( $form['subtitles'] ?? array() ), max( 1, count( $parts ) ), $errors );
		$meta['_lp_subtitles'] = $subtitles ? $subtitles : null;

		if ( null !== $quiz ) {
			$stored = self::quiz( $quiz, $errors );
			if ( null !== $stored ) {
				$meta[ Quiz::META_KEY ] = $stored['questions'] || $stored['pass_mark'] > 0 ? $stored : null;
			}
		}

		return new self( $meta, $errors );
	}

	/**
	 * Checks meta values written through the REST API (wp/v2), key by key, with the editor's
	 * rules; the keys without a rule here are typed by their registered schema.
	 *
	 * @param array<string, mixed> $meta Meta key => value as sent (null deletes).
	 * @return array<string, string> Meta key => message; empty when every value is valid.
	 */
	public static function check_meta( array $meta ): array {
		$errors = array();
		$url    = static fn( $value ): bool => null === $value || '' === $value || ( is_string( $value ) && self::url_ok( trim( $value ) ) );
		foreach ( $meta as $key => $value ) {
			$ok = true;
			switch ( $key ) {
				case '_lp_content_type':
					$ok = is_string( $value ) && in_array( trim( $value ), ContentType::all(), true );
					break;
				case '_lp_subtitle':
					$ok = null === $value || ( is_string( $value ) && mb_strlen( $value ) <= self::MAX_SUBTITLE && 1 !== preg_match( '/[<>]/', $value ) );
					break;
				case '_lp_image_url':
				case '_lp_product_link':
				case '_lp_download_link':
				case '_lp_attachment_url':
					$ok = $url( $value );
					break;
				case '_lp_course_url':
					$ok = null === $value || '' === $value || ( is_string( $value ) && self::course_url_ok( trim( $value ) ) );
					break;
				case '_lp_video_url':
					$ok = null === $value || '' === $value || ( is_string( $value ) && self::hls_ok( trim( $value ) ) );
					break;
				case '_lp_video_parts':
					foreach ( is_array( $value ) ? $value : array() as $part ) {
						$ok = $ok && is_array( $part ) && is_string( $part['url'] ?? null ) && self::hls_ok( trim( $part['url'] ) ) && $url( $part['thumb'] ?? '' )
							&& 1 !== preg_match( '/[<>]/', is_scalar( $part['title'] ?? '' ) ? (string) ( $part['title'] ?? '' ) : '<' );
					}
					$ok = $ok && ( null === $value || is_array( $value ) );
					break;
				case '_lp_subtitles':
					foreach ( is_array( $value ) ? $value : array() as $entry ) {
						$ok = $ok && is_array( $entry ) && is_string( $entry['url'] ?? null ) && self::subtitle_url_ok( trim( $entry['url'] ) )
							&& is_string( $entry['language'] ?? null ) && 1 === preg_match( '/^[a-z]{2}$/i', $entry['language'] )
							&& ( ! isset( $entry['part'] ) || ( is_int( $entry['part'] ) && $entry['part'] >= 0 ) );
					}
					$ok = $ok && ( null === $value || is_array( $value ) );
					break;
			}
			if ( ! $ok ) {
				/* translators: %s: meta key. */
				$errors[ (string) $key ] = sprintf( __( '%s: the value breaks the rules of the catalogue editor (see Training Library → Edit library item).', 'library-portal' ), $key );
			}
		}
		return $errors;
	}

	/**
	 * Whether an address is a full http(s) URL with a host and no credentials, or a path on this
	 * site (one leading slash), without spaces or control characters.
	 *
	 * @param string $url Address.
	 */
	public static function url_ok( string $url ): bool {
		if ( '' === $url || 1 === preg_match( '/[\s\x00-\x1f\x7f\\\\<>"]/', $url ) ) {
			return false;
		}
		if ( str_starts_with( $url, '/' ) ) {
			return ! str_starts_with( $url, '//' );
		}
		$parts = wp_parse_url( $url );
		return is_array( $parts )
			&& in_array( strtolower( (string) ( $parts['scheme'] ?? '' ) ), array( 'http', 'https' ), true )
			&& '' !== (string) ( $parts['host'] ?? '' )
			&& ! isset( $parts['user'] )
			&& ! isset( $parts['pass'] )
			&& false !== filter_var( $url, FILTER_VALIDATE_URL );
	}

	/**
	 * Whether an address is an e-course's: a full http(s) address (never a path, another scheme or
	 * one with credentials) that WordPress's esc_url_raw() keeps as it is, so what is stored is
	 * exactly what the admin typed.
	 *
	 * @param string $url Address.
	 */
	public static function course_url_ok( string $url ): bool {
		return 1 === preg_match( '#^https?://#i', $url ) && self::url_ok( $url ) && esc_url_raw( $url, array( 'http', 'https' ) ) === $url;
	}

	/**
	 * Whether an address is a playlist the player takes: a valid address whose path ends in .m3u8.
	 *
	 * @param string $url Address.
	 */
	public static function hls_ok( string $url ): bool {
		return self::url_ok( $url ) && str_ends_with( strtolower( (string) wp_parse_url( $url, PHP_URL_PATH ) ), '.m3u8' );
	}

	/**
	 * A one-line plain text field (subtitle, credits, statement): trimmed, at most $max
	 * characters, without < or > (refused with a message naming the field, never stripped);
	 * null when empty (the key is deleted).
	 *
	 * @param mixed                 $value  As typed.
	 * @param string                $id     Field ID, the key of its error.
	 * @param string                $label  Field label, for the message.
	 * @param int                   $max    Longest, in characters.
	 * @param array<string, string> $errors Errors so far (field ID => message).
	 */
	private static function plain( $value, string $id, string $label, int $max, array &$errors ): ?string {
		$text = self::text( $value );
		if ( mb_strlen( $text ) > $max ) {
			/* translators: 1: field label, 2: maximum number of characters. */
			$errors[ $id ] = sprintf( __( '%1$s: at most %2$d characters.', 'library-portal' ), $label, $max );
		} elseif ( 1 === preg_match( '/[<>]/', $text ) ) {
			/* translators: %s: field label. */
			$errors[ $id ] = sprintf( __( '%s: plain text only, without < or >.', 'library-portal' ), $label );
		}
		return self::or_null( $text );
	}

	/**
	 * Whether an address is one the subtitle proxy serves (ItemMedia's path pattern).
	 *
	 * @param string $url Address.
	 */
	public static function subtitle_url_ok( string $url ): bool {
		return self::url_ok( $url ) && ItemMedia::subtitle_path_ok( $url );
	}

	/**
	 * The video parts to store, in the order of their Position fields; blank and removed rows left out.
	 *
	 * @param array<int, array<string, mixed>> $rows      Posted rows.
	 * @param array<string, int>               $durations Stored durations by address.
	 * @param array<string, string>            $errors    Errors, added to.
	 * @return array<int, array{title: string, url: string, thumb: string, duration: int, length_typed?: bool}>
	 */
	private static function parts( array $rows, array $durations, array &$errors ): array {
		$kept = array();
		foreach ( $rows as $n => $row ) {
			$title = self::text( $row['title'] ?? '' );
			$url   = self::text( $row['url'] ?? '' );
			$thumb = self::text( $row['thumb'] ?? '' );
			if ( ! empty( $row['remove'] ) || ( '' === $title && '' === $url && '' === $thumb ) ) {
				continue;
			}
			$id     = 'library-portal-part-' . ( $n + 1 );
			$number = $n + 1;
			if ( '' === $url ) {
				/* translators: %d: row number. */
				$errors[ $id . '-url' ] = sprintf( __( 'Part row %d: the HLS address is required.', 'library-portal' ), $number );
			} elseif ( ! self::hls_ok( $url ) ) {
				/* translators: %d: row number. */
				$errors[ $id . '-url' ] = sprintf( __( 'Part row %d: the HLS address must be an http(s) address or a path on this site starting with /, ending in .m3u8.', 'library-portal' ), $number );
			}
			if ( '' !== $thumb && ! self::url_ok( $thumb ) ) {
				/* translators: %d: row number. */
				$errors[ $id . '-thumb' ] = sprintf( __( 'Part row %d: the thumbnail must be a full http(s) address or a path on this site starting with /.', 'library-portal' ), $number );
			}
			if ( mb_strlen( $title ) > self::MAX_SUBTITLE || 1 === preg_match( '/[<>]/', $title ) ) {
				/* translators: %d: row number. */
				$errors[ $id . '-title' ] = sprintf( __( 'Part row %d: the title must be plain text of at most 255 characters.', 'library-portal' ), $number );
			}
			/* translators: %d: row number. */
			$typed    = self::length( $row['length'] ?? '', $id . '-length', sprintf( __( 'Part row %d: the length must be a whole number of seconds from 1 to 86,400, or empty to read it from the playlist.', 'library-portal' ), $number ), $errors );
			$part     = array(
				'title'    => $title,
				'url'      => $url,
				'thumb'    => $thumb,
				// A typed length wins over the read one; without one, a kept address keeps its read length.
				'duration' => $typed ?? ( $durations[ $url ] ?? 0 ),
			);
			$position = self::text( $row['position'] ?? '' );
			$kept[]   = array(
				'order' => 1 === preg_match( '/^\d{1,4}$/', $position ) ? (int) $position : PHP_INT_MAX,
				'row'   => $n,
				'part'  => null === $typed ? $part : $part + array( 'length_typed' => true ),
			);
		}
		// Position first, the row's place on the screen breaks ties (a stable order).
		usort( $kept, static fn( array $a, array $b ) => array( $a['order'], $a['row'] ) <=> array( $b['order'], $b['row'] ) );
		return array_column( $kept, 'part' );
	}

	/**
	 * A typed length in seconds: null when the field is empty, an error (and null) when it is not a
	 * whole number from 1 to MAX_LENGTH_SECONDS.
	 *
	 * @param mixed                 $value   Posted value.
	 * @param string                $id      Field ID for the error.
	 * @param string                $message Error text.
	 * @param array<string, string> $errors  Errors, added to.
	 */
	private static function length( $value, string $id, string $message, array &$errors ): ?int {
		$text = self::text( $value );
		if ( '' === $text ) {
			return null;
		}
		if ( 1 !== preg_match( '/^\d{1,5}$/', $text ) || (int) $text < 1 || (int) $text > self::MAX_LENGTH_SECONDS ) {
			$errors[ $id ] = $message;
			return null;
		}
		return (int) $text;
	}

	/**
	 * Stored durations by part address (a part whose address is unchanged keeps its length).
	 *
	 * @param mixed $stored `_lp_video_parts` as stored.
	 * @return array<string, int>
	 */
	private static function durations( $stored ): array {
		$durations = array();
		foreach ( is_array( $stored ) ? $stored : array() as $part ) {
			if ( is_array( $part ) && is_string( $part['url'] ?? null ) && (int) ( $part['duration'] ?? 0 ) > 0 && empty( $part['length_typed'] ) ) {
				$durations[ trim( $part['url'] ) ] = (int) $part['duration'];
			}
		}
		return $durations;
	}

	/**
	 * The subtitles to store; blank and removed rows left out.
	 *
	 * @param array<int, array<string, mixed>> $rows   Posted rows.
	 * @param int                              $parts  Number of video parts (1 for a single video).
	 * @param array<string, string>            $errors Errors, added to.
	 * @return array<int, array{url: string, language: string, part: int}>
	 */
	private static function subtitles( array $rows, int $parts, array &$errors ): array {
		$kept = array();
		$seen = array();
		foreach ( $rows as $n => $row ) {
			$language = strtolower( self::text( $row['language'] ?? '' ) );
			$url      = self::text( $row['url'] ?? '' );
			if ( ! empty( $row['remove'] ) || ( '' === $language && '' === $url ) ) {
				continue;
			}
			$id     = 'library-portal-subtitle-' . ( $n + 1 );
			$number = $n + 1;
			if ( 1 !== preg_match( '/^[a-z]{2}$/', $language ) ) {
				/* translators: %d: row number. */
				$errors[ $id . '-language' ] = sprintf( __( 'Subtitles row %d: the language must be a two-letter code such as en.', 'library-portal' ), $number );
			}
			if ( ! self::subtitle_url_ok( $url ) ) {
				/* translators: %d: row number. */
				$errors[ $id . '-url' ] = sprintf( __( 'Subtitles row %d: the address must end in /subtitles/<name>.vtt (letters, digits, . _ -), as an http(s) address or a path on this site.', 'library-portal' ), $number );
			}
			$part = self::text( $row['part'] ?? '' );
			$part = '' === $part ? '1' : $part;
			if ( 1 !== preg_match( '/^\d{1,4}$/', $part ) || (int) $part < 1 || (int) $part > $parts ) {
				/* translators: 1: row number, 2: number of parts. */
				$errors[ $id . '-part' ] = sprintf( __( 'Subtitles row %1$d: the part must be a number from 1 to %2$d.', 'library-portal' ), $number, $parts );
			} elseif ( isset( $seen[ $language . '/' . $part ] ) ) {
				/* translators: %d: row number. */
				$errors[ $id . '-language' ] = sprintf( __( 'Subtitles row %d: this part already has subtitles in this language.', 'library-portal' ), $number );
			}
			$seen[ $language . '/' . $part ] = true;
			$kept[]                          = array(
				'url'      => $url,
				'language' => $language,
				'part'     => (int) $part - 1,
			);
		}
		return $kept;
	}

	/**
	 * The quiz to store, or null when it has errors. A blank question row is skipped (that is how
	 * a question is removed); a row with anything in it must be a complete question.
	 *
	 * @param array<string, mixed>  $form   Posted quiz.
	 * @param array<string, string> $errors Errors, added to.
	 * @return array{pass_mark: int, questions: array<int, array{id: string, text: string, answers: string[], correct: int}>}|null
	 */
	private static function quiz( array $form, array &$errors ): ?array {
		$before    = count( $errors );
		$pass_mark = self::text( $form['pass_mark'] ?? '' );
		if ( '' !== $pass_mark && ( 1 !== preg_match( '/^\d{1,3}$/', $pass_mark ) || (int) $pass_mark > 100 ) ) {
			$errors['library-portal-pass-mark'] = __( 'Pass mark: a whole number from 0 to 100, or empty to use the setting.', 'library-portal' );
		}
		$questions = array();
		foreach ( self::rows( $form['questions'] ?? array() ) as $n => $row ) {
			$text    = self::text( $row['text'] ?? '', true );
			$answers = array_map( static fn( $answer ) => self::text( $answer ), is_array( $row['answers'] ?? null ) ? array_values( $row['answers'] ) : array() );
			$filled  = array_filter( $answers, static fn( string $answer ) => '' !== $answer );
			if ( '' === $text && ! $filled ) {
				continue;
			}
			$id      = 'library-portal-q' . $n;
			$number  = $n + 1;
			$correct = self::text( $row['correct'] ?? '' );
			if ( '' === $text ) {
				/* translators: %d: question number. */
				$errors[ $id ] = sprintf( __( 'Question %d: the question text is missing.', 'library-portal' ), $number );
			} elseif ( count( $filled ) < Quiz::MIN_ANSWERS || count( $answers ) > Quiz::MAX_ANSWERS ) {
				/* translators: 1: question number, 2: fewest answers, 3: most answers. */
				$errors[ $id . '-a0' ] = sprintf( __( 'Question %1$d: fill in %2$d to %3$d answers.', 'library-portal' ), $number, Quiz::MIN_ANSWERS, Quiz::MAX_ANSWERS );
			} elseif ( 1 !== preg_match( '/^\d$/', $correct ) || '' === ( $answers[ (int) $correct ] ?? '' ) ) {
				/* translators: %d: question number. */
				$errors[ $id . '-a0' ] = sprintf( __( 'Question %d: choose the correct answer (one that is filled in).', 'library-portal' ), $number );
			}
			$questions[] = array(
				'id'      => self::text( $row['id'] ?? '' ),
				'text'    => $text,
				'answers' => $answers,
				'correct' => (int) $correct,
			);
		}
		if ( count( $errors ) > $before ) {
			return null;
		}
		// Quiz cleans the texts and gives stable IDs, as it does on every read.
		return Quiz::sanitize(
			array(
				'pass_mark' => (int) $pass_mark,
				'questions' => $questions,
			)
		);
	}

	/**
	 * Posted rows in their order, each an array.
	 *
	 * @param mixed $rows Posted rows.
	 * @return array<int, array<string, mixed>>
	 */
	private static function rows( $rows ): array {
		return array_values( array_filter( is_array( $rows ) ? $rows : array(), 'is_array' ) );
	}

	/**
	 * A posted scalar as trimmed text ('' for anything else).
	 *
	 * @param mixed $value     Posted value.
	 * @param bool  $multiline Keep line breaks.
	 */
	private static function text( $value, bool $multiline = false ): string {
		if ( ! is_scalar( $value ) ) {
			return '';
		}
		$value = (string) $value;
		return trim( $multiline ? str_replace( "\r\n", "\n", $value ) : $value );
	}

	/**
	 * '' as null (the key is deleted rather than stored empty).
	 *
	 * @param string $value Value.
	 */
	private static function or_null( string $value ): ?string {
		return '' === $value ? null : $value;
	}
}
