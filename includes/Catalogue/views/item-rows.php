<?php
/**
 * One row of the parts or subtitles table: an input per cell, labelled for screen readers (the
 * column heading is the visible label), then the Remove checkbox.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the box hands over: the row's field name and ID base, its cells (name, type, label, value,
 * class), the Remove label and state, and the IDs of refused fields.
 *
 * @param array{base: string, id: string, cells: array<int, array{0: string, 1: string, 2: string, 3: string, 4: string}>, remove_label: string, removed: bool, errors: array<string, string>} $args The view's arguments.
 */
return static function ( array $args ): void {
	echo '<tr>';
	foreach ( $args['cells'] as list( $name, $input_type, $label, $value, $css ) ) {
		$cell_id = $args['id'] . '-' . $name;
		printf(
			'<td><label class="screen-reader-text" for="%1$s">%2$s</label><input type="%3$s" id="%1$s" name="%4$s[%5$s]" value="%6$s" class="%7$s"%8$s aria-invalid="%9$s"></td>',
			esc_attr( $cell_id ),
			esc_html( $label ),
			esc_attr( $input_type ),
			esc_attr( $args['base'] ),
			esc_attr( $name ),
			esc_attr( $value ),
			esc_attr( $css ),
			'number' === $input_type ? ' min="1" step="1"' : '',
			esc_attr( isset( $args['errors'][ $cell_id ] ) ? 'true' : 'false' )
		);
	}
	printf(
		'<td><input type="checkbox" id="%1$s" name="%2$s[remove]" value="1"%3$s><label class="screen-reader-text" for="%1$s">%4$s</label></td>',
		esc_attr( $args['id'] . '-remove' ),
		esc_attr( $args['base'] ),
		checked( $args['removed'], true, false ),
		esc_html( $args['remove_label'] )
	);
	echo '</tr>';
};
