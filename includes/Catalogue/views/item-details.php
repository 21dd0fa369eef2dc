<?php
/**
 * The Item details box: content type, subtitle and the item's addresses.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over: the nonce action, the content types, the values (ItemBoxValues)
 * and the text rows (name, ID, label, input type, help).
 *
 * @param array{nonce_action: string, types: array<string, string>, values: array<string, mixed>, errors: array<string, string>, rows: array<int, array{0: string, 1: string, 2: string, 3: string, 4: string}>} $args The view's arguments.
 */
return static function ( array $args ): void {
	$values       = $args['values'];
	$field_errors = $args['errors'];
	wp_nonce_field( $args['nonce_action'], \LibraryPortal\Catalogue\ItemEditor::NONCE_FIELD );
	// A refused field is marked by more than its colour: the notice lists it and links to it.
	echo '<style>#poststuff [aria-invalid="true"]{border-color:#d63638;box-shadow:0 0 0 1px #d63638}.library-portal-rows input[type="text"]{width:100%}.library-portal-rows input[type="number"]{width:5em}</style>';

	echo '<table class="form-table" role="presentation"><tbody>';
	echo '<tr><th scope="row"><label for="library-portal-content-type">' . esc_html__( 'Content type', 'library-portal' ) . '</label></th><td>';
	printf( '<select id="library-portal-content-type" name="%s[content_type]"%s>', esc_attr( \LibraryPortal\Catalogue\ItemEditor::FIELD ), isset( $field_errors['library-portal-content-type'] ) ? ' aria-invalid="true"' : '' );
	foreach ( $args['types'] as $content_type => $label ) {
		printf( '<option value="%s"%s>%s</option>', esc_attr( $content_type ), selected( $values['content_type'], $content_type, false ), esc_html( $label ) );
	}
	echo '</select></td></tr>';
	foreach ( $args['rows'] as list( $name, $field_id, $label, $input_type, $description ) ) {
		\LibraryPortal\Platform\View::render( __DIR__ . '/item-text-row.php', compact( 'name', 'label', 'description' ) + array( 'id' => $field_id, 'type' => $input_type, 'value' => (string) $values[ $name ], 'invalid' => isset( $field_errors[ $field_id ] ) ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one row's arguments.
	}
	echo '</tbody></table>';
	echo '<p class="description">' . esc_html__( 'Addresses are full http(s) addresses or paths on this site starting with /.', 'library-portal' ) . '</p>';
};
