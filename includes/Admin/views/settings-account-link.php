<?php
/**
 * One account link's choice on the settings page: automatic, hidden or an address.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the page hands over: the select's ID, the fields' base name, the modes (value => label) and
 * the chosen one, the address shown, and the address field's label and placeholder.
 *
 * @param array{id: string, name: string, modes: array<string, string>, mode: string, url: string, label: string, placeholder: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	printf( '<select id="%s" name="%s">', esc_attr( $args['id'] ), esc_attr( $args['name'] . '[mode]' ) );
	foreach ( $args['modes'] as $option => $label ) {
		printf( '<option value="%s"%s>%s</option>', esc_attr( (string) $option ), selected( $args['mode'], (string) $option, false ), esc_html( $label ) );
	}
	echo '</select> ';
	printf(
		'<input type="text" class="regular-text code" name="%s" value="%s" aria-label="%s" placeholder="%s">',
		esc_attr( $args['name'] . '[url]' ),
		esc_attr( $args['url'] ),
		esc_attr( $args['label'] ),
		esc_attr( $args['placeholder'] )
	);
};
