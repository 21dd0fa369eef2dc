<?php
/**
 * The Video box: a single HLS address, or parts; subtitles per language and part. Rows without
 * script: a blank row adds one, Remove deletes, Position reorders (docs/rules/library-and-catalogue.md, "Catalogue editor").
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over: the HLS row, the parts' and subtitles' rows (item-rows.php
 * arguments) and their template rows, and the column headings (text, width).
 *
 * @param array{video_row: array<string, mixed>, length_row: array<string, mixed>, parts: array<int, array<string, mixed>>, part_template: array<string, mixed>, part_headings: array<int, array{0: string, 1: string}>, subtitles: array<int, array<string, mixed>>, subtitle_template: array<string, mixed>, subtitle_headings: array<int, array{0: string, 1: string}>} $args The view's arguments.
 */
return static function ( array $args ): void {
	$headings           = static function ( array $columns ): void {
		foreach ( $columns as list( $text, $width ) ) {
			if ( '' === $width ) {
				printf( '<th scope="col">%s</th>', esc_html( $text ) );
			} else {
				printf( '<th scope="col" style="width:%s">%s</th>', esc_attr( $width ), esc_html( $text ) );
			}
		}
	};
	$rows_with_template = static function ( array $rows, array $template, string $button ): void {
		foreach ( $rows as $row ) {
			\LibraryPortal\Platform\View::render( __DIR__ . '/item-rows.php', $row );
		}
		echo '</tbody></table>';
		\LibraryPortal\Catalogue\ItemEditor::add_button( static fn() => \LibraryPortal\Platform\View::render( __DIR__ . '/item-rows.php', $template ), $button );
	};

	echo '<table class="form-table" role="presentation"><tbody>';
	\LibraryPortal\Platform\View::render( __DIR__ . '/item-text-row.php', $args['video_row'] );
	\LibraryPortal\Platform\View::render( __DIR__ . '/item-text-row.php', $args['length_row'] );
	echo '</tbody></table>';

	echo '<h3>' . esc_html__( 'Parts', 'library-portal' ) . '</h3>';
	echo '<p class="description" id="library-portal-parts-help">' . esc_html__( 'Two or more parts make a multi-part video. Each part needs its .m3u8 address; the thumbnail is optional. Fill a blank row to add a part, tick Remove to delete one, change the Position numbers to reorder (lowest first). Lengths are read from the playlists on save; a length typed in seconds wins over the read one.', 'library-portal' ) . '</p>';
	echo '<table class="widefat striped library-portal-rows" aria-describedby="library-portal-parts-help"><thead><tr>';
	$headings( $args['part_headings'] );
	echo '</tr></thead><tbody>';
	$rows_with_template( $args['parts'], $args['part_template'], __( 'Add part', 'library-portal' ) );

	echo '<h3>' . esc_html__( 'Subtitles', 'library-portal' ) . '</h3>';
	echo '<p class="description" id="library-portal-subtitles-help">' . esc_html__( 'One row per language and part: a two-letter language code (en, de, …), the WebVTT address, which must end in /subtitles/<name>.vtt, and the part number (1 for a single video). English is shown by default.', 'library-portal' ) . '</p>';
	echo '<table class="widefat striped library-portal-rows" aria-describedby="library-portal-subtitles-help"><thead><tr>';
	$headings( $args['subtitle_headings'] );
	echo '</tr></thead><tbody>';
	$rows_with_template( $args['subtitles'], $args['subtitle_template'], __( 'Add subtitles', 'library-portal' ) );
};
