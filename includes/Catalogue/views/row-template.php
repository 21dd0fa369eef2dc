<?php
/**
 * The template of one more row and its Add button, hidden until the admin script shows it
 * (assets/admin/item-editor.js): the rows before the template are the ones it counts.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the box hands over: the printer of a row with ItemEditor::TEMPLATE_ROW (it escapes as it prints).
 *
 * @param array{print_row: callable(): void, text: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	printf( '<template class="library-portal-row-template" data-row="%d">', (int) \LibraryPortal\Catalogue\ItemEditor::TEMPLATE_ROW );
	$args['print_row']();
	echo '</template>';
	printf( '<p><button type="button" class="button library-portal-add-row" hidden>%s</button></p>', esc_html( $args['text'] ) );
};
