<?php
/**
 * One labelled text row of an item box's form table.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the box hands over.
 *
 * @param array{name: string, id: string, label: string, value: string, invalid: bool, type: string, description: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	printf(
		'<tr><th scope="row"><label for="%1$s">%2$s</label></th><td><input type="%3$s" id="%1$s" name="%4$s[%5$s]" value="%6$s" class="large-text" aria-describedby="%1$s-help"%7$s><p class="description" id="%1$s-help">%8$s</p></td></tr>',
		esc_attr( $args['id'] ),
		esc_html( $args['label'] ),
		esc_attr( $args['type'] ),
		esc_attr( \LibraryPortal\Catalogue\ItemEditor::FIELD ),
		esc_attr( $args['name'] ),
		esc_attr( $args['value'] ),
		$args['invalid'] ? ' aria-invalid="true"' : '',
		esc_html( $args['description'] )
	);
};
