<?php
/**
 * What the item editor's boxes show: the refused form, or the stored meta.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Catalogue;

use LibraryPortal\Core\Items\ContentType;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Items\Quiz;
use WP_Post;

/**
 * The values of the Item details and Video boxes (views/item-details.php, views/item-video.php):
 * a refused form (RefusedEdit, read once) comes back as typed, with its errors by field ID; and
 * the arguments of each part and subtitle row (views/item-rows.php).
 */
final class ItemBoxValues {

	/**
	 * Refused forms waiting for their screen.
	 *
	 * @var RefusedEdit
	 */
	private RefusedEdit $refused;

	/**
	 * The boxes' values.
	 *
	 * @param RefusedEdit $refused Refused forms.
	 */
	public function __construct( RefusedEdit $refused ) {
		$this->refused = $refused;
	}

	/**
	 * What the boxes show: the refused form when there is one, else the stored meta.
	 *
	 * @param WP_Post $post Item.
	 * @return array{refused: bool, errors: array<string, string>, content_type: string, subtitle: string, credits: string, course_code: string, statement: string, image_url: string, product_link: string, download_link: string, course_url: string, attachment_url: string, video_url: string, video_length: string, parts: array<int, array<string, mixed>>, subtitles: array<int, array<string, mixed>>}
	 */
	public function values( $post ): array {
		$refused = $this->refused->take( get_current_user_id(), (int) $post->ID );
		if ( null !== $refused ) {
			$form = $refused['form'];
			$text = static fn( string $key ): string => is_scalar( $form[ $key ] ?? null ) ? (string) $form[ $key ] : '';
			$rows = static fn( string $key ): array => array_values( array_filter( is_array( $form[ $key ] ?? null ) ? $form[ $key ] : array(), 'is_array' ) );
			return array(
				'refused'        => true,
				'errors'         => $refused['errors'],
				'content_type'   => $text( 'content_type' ),
				'subtitle'       => $text( 'subtitle' ),
				'credits'        => $text( 'credits' ),
				'course_code'    => $text( 'course_code' ),
				'statement'      => $text( 'statement' ),
				'image_url'      => $text( 'image_url' ),
				'product_link'   => $text( 'product_link' ),
				'download_link'  => $text( 'download_link' ),
				'course_url'     => $text( 'course_url' ),
				'attachment_url' => $text( 'attachment_url' ),
				'video_url'      => $text( 'video_url' ),
				'video_length'   => $text( 'video_length' ),
				'parts'          => self::scalars( $rows( 'parts' ) ),
				'subtitles'      => self::scalars( $rows( 'subtitles' ) ),
			);
		}

		$meta  = self::stored( (int) $post->ID );
		$text  = static fn( string $key ): string => is_scalar( $meta[ $key ] ?? null ) ? (string) $meta[ $key ] : '';
		$parts = array();
		foreach ( array_values( array_filter( is_array( $meta['_lp_video_parts'] ?? null ) ? $meta['_lp_video_parts'] : array(), 'is_array' ) ) as $n => $part ) {
			$parts[] = array_merge(
				self::scalars( array( $part ) )[0],
				array(
					'position' => $n + 1,
					// The Length field shows what the admin typed; a length read from the playlist is not theirs to keep.
					'length'   => ! empty( $part['length_typed'] ) && (int) ( $part['duration'] ?? 0 ) > 0 ? (string) (int) $part['duration'] : '',
				)
			);
		}
		$subtitles = array();
		foreach ( array_values( array_filter( is_array( $meta['_lp_subtitles'] ?? null ) ? $meta['_lp_subtitles'] : array(), 'is_array' ) ) as $entry ) {
			$subtitles[] = array(
				'language' => is_scalar( $entry['language'] ?? null ) ? (string) $entry['language'] : '',
				'url'      => is_scalar( $entry['url'] ?? null ) ? (string) $entry['url'] : '',
				'part'     => max( 0, (int) ( $entry['part'] ?? 0 ) ) + 1,
			);
		}
		$type = $text( '_lp_content_type' );
		return array(
			'refused'        => false,
			'errors'         => array(),
			'content_type'   => '' !== $type ? $type : ContentType::ON_DEMAND,
			'subtitle'       => $text( '_lp_subtitle' ),
			'credits'        => $text( '_lp_credits' ),
			'course_code'    => $text( '_lp_course_code' ),
			'statement'      => $text( '_lp_statement' ),
			'image_url'      => $text( '_lp_image_url' ),
			'product_link'   => $text( '_lp_product_link' ),
			'download_link'  => $text( '_lp_download_link' ),
			'course_url'     => $text( '_lp_course_url' ),
			'attachment_url' => $text( '_lp_attachment_url' ),
			'video_url'      => $text( '_lp_video_url' ),
			'video_length'   => (int) $text( '_lp_video_length' ) > 0 ? (string) (int) $text( '_lp_video_length' ) : '',
			'parts'          => $parts,
			'subtitles'      => $subtitles,
		);
	}

	/**
	 * Rows with only their scalar fields (a posted or stored row may hold anything).
	 *
	 * @param array<int, array<mixed>> $rows Rows.
	 * @return array<int, array<string, string>>
	 */
	private static function scalars( array $rows ): array {
		return array_map( static fn( array $row ): array => array_map( 'strval', array_filter( $row, 'is_scalar' ) ), $rows );
	}

	/**
	 * The item's stored meta of the editor's keys, unserialized.
	 *
	 * @param int $post_id Item.
	 * @return array<string, mixed>
	 */
	public static function stored( int $post_id ): array {
		$meta = array();
		foreach ( array_keys( ItemPostType::META ) as $key ) {
			$meta[ $key ] = get_post_meta( $post_id, $key, true );
		}
		$meta[ Quiz::META_KEY ] = get_post_meta( $post_id, Quiz::META_KEY, true );
		return $meta;
	}

	/**
	 * One part row's arguments (views/item-rows.php).
	 *
	 * @param int                   $n      Row (0-based).
	 * @param array<string, mixed>  $part   Part values (empty for a blank row).
	 * @param array<string, string> $errors Errors by field ID.
	 * @return array<string, mixed>
	 */
	public static function part_row( int $n, array $part, array $errors ): array {
		$number = $n + 1;
		return array(
			'base'         => ItemEditor::FIELD . '[parts][' . $n . ']',
			'id'           => 'library-portal-part-' . $number,
			'cells'        => array(
				/* translators: %d: row number. */
				array( 'position', 'number', sprintf( __( 'Position of part row %d', 'library-portal' ), $number ), (string) ( $part['position'] ?? $number ), 'small-text' ),
				/* translators: %d: row number. */
				array( 'title', 'text', sprintf( __( 'Title of part row %d', 'library-portal' ), $number ), (string) ( $part['title'] ?? '' ), 'regular-text' ),
				/* translators: %d: row number. */
				array( 'url', 'text', sprintf( __( 'HLS address of part row %d', 'library-portal' ), $number ), (string) ( $part['url'] ?? '' ), 'large-text' ),
				/* translators: %d: row number. */
				array( 'thumb', 'text', sprintf( __( 'Thumbnail address of part row %d', 'library-portal' ), $number ), (string) ( $part['thumb'] ?? '' ), 'large-text' ),
				/* translators: %d: row number. */
				array( 'length', 'number', sprintf( __( 'Length in seconds of part row %d', 'library-portal' ), $number ), (string) ( $part['length'] ?? '' ), 'small-text' ),
			),
			/* translators: %d: row number. */
			'remove_label' => sprintf( __( 'Remove part row %d', 'library-portal' ), $number ),
			'removed'      => ! empty( $part['remove'] ),
			'errors'       => $errors,
		);
	}

	/**
	 * One subtitle row's arguments (views/item-rows.php).
	 *
	 * @param int                   $n        Row (0-based).
	 * @param array<string, mixed>  $subtitle Subtitle values (empty for a blank row).
	 * @param array<string, string> $errors   Errors by field ID.
	 * @return array<string, mixed>
	 */
	public static function subtitle_row( int $n, array $subtitle, array $errors ): array {
		$number = $n + 1;
		return array(
			'base'         => ItemEditor::FIELD . '[subtitles][' . $n . ']',
			'id'           => 'library-portal-subtitle-' . $number,
			'cells'        => array(
				/* translators: %d: row number. */
				array( 'language', 'text', sprintf( __( 'Language of subtitles row %d', 'library-portal' ), $number ), (string) ( $subtitle['language'] ?? '' ), 'small-text' ),
				/* translators: %d: row number. */
				array( 'url', 'text', sprintf( __( 'Address of subtitles row %d', 'library-portal' ), $number ), (string) ( $subtitle['url'] ?? '' ), 'large-text' ),
				/* translators: %d: row number. */
				array( 'part', 'number', sprintf( __( 'Part of subtitles row %d', 'library-portal' ), $number ), (string) ( $subtitle['part'] ?? '' ), 'small-text' ),
			),
			/* translators: %d: row number. */
			'remove_label' => sprintf( __( 'Remove subtitles row %d', 'library-portal' ), $number ),
			'removed'      => ! empty( $subtitle['remove'] ),
			'errors'       => $errors,
		);
	}
}
