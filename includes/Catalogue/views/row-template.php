<?php
/**
 * The template of one more row and its Add button, hidden until the admin script shows it
 * (assets/admin/item-editor.js): the rows before the template are the ones it counts.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the box hands over: a row printed with ItemEditor::TEMPLATE_ROW (escaped where it was printed).
 *
 * @var array{row: string, text: string} $args
 */
printf( '<template class="library-portal-row-template" data-row="%d">', (int) \LibraryPortal\Catalogue\ItemEditor::TEMPLATE_ROW );
echo $args['row']; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the row's own view escaped it.
echo '</template>';
printf( '<p><button type="button" class="button library-portal-add-row" hidden>%s</button></p>', esc_html( $args['text'] ) );
