<?php
/**
 * One field of the settings page (SettingsPage).
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the page hands over: the field's kind, ID and name, its value (a stored secret never: only
 * `state`, which says whether there is one), the choices of a select (value => label) and the help.
 *
 * @param array{kind: string, id: string, name: string, value: string, help: string, options: array<string, string>, state: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	$id   = $args['id'];
	$name = $args['name'];
	switch ( $args['kind'] ) {
		case 'brand':
		case 'signing':
			printf( '<select id="%s" name="%s">', esc_attr( $id ), esc_attr( $name ) );
			foreach ( $args['options'] as $option => $label ) {
				printf( '<option value="%s"%s>%s</option>', esc_attr( (string) $option ), selected( $args['value'], (string) $option, false ), esc_html( $label ) );
			}
			echo '</select>';
			break;
		case 'page':
			wp_dropdown_pages(
				array(
					'id'                => esc_attr( $id ),
					'name'              => esc_attr( $name ),
					'selected'          => (int) $args['value'],
					'show_option_none'  => esc_html__( '— Create one on activation —', 'library-portal' ),
					'option_none_value' => '0',
				)
			);
			break;
		case 'checkbox':
			// The hidden 0 is sent when the box is unticked, so unticking is saved.
			printf( '<input type="hidden" name="%s" value="0">', esc_attr( $name ) );
			printf( '<label><input type="checkbox" id="%s" name="%s" value="1"%s> %s</label>', esc_attr( $id ), esc_attr( $name ), checked( (bool) $args['value'], true, false ), esc_html( $args['help'] ) );
			return;
		case 'number':
			printf( '<input type="number" min="0" step="1" class="small-text" id="%s" name="%s" value="%s">', esc_attr( $id ), esc_attr( $name ), esc_attr( (string) (int) $args['value'] ) );
			break;
		case 'secret':
		case 'pem':
			if ( 'pem' === $args['kind'] ) {
				printf( '<textarea class="large-text code" rows="4" id="%s" name="%s" autocomplete="off" spellcheck="false"></textarea>', esc_attr( $id ), esc_attr( $name ) );
			} else {
				printf( '<input type="password" class="regular-text code" id="%s" name="%s" value="" autocomplete="new-password">', esc_attr( $id ), esc_attr( $name ) );
			}
			printf( '<p class="description">%s %s</p>', esc_html( $args['state'] ), esc_html( $args['help'] ) );
			return;
		case 'text':
			printf( '<input type="text" class="regular-text" maxlength="100" id="%s" name="%s" value="%s">', esc_attr( $id ), esc_attr( $name ), esc_attr( $args['value'] ) );
			break;
		case 'address':
			// A path on this site is allowed too, which a type="url" field would refuse.
			printf( '<input type="text" class="regular-text code" id="%s" name="%s" value="%s">', esc_attr( $id ), esc_attr( $name ), esc_attr( $args['value'] ) );
			break;
		default:
			printf( '<input type="url" class="regular-text code" id="%s" name="%s" value="%s">', esc_attr( $id ), esc_attr( $name ), esc_attr( $args['value'] ) );
	}
	if ( '' !== $args['help'] ) {
		printf( '<p class="description">%s</p>', esc_html( $args['help'] ) );
	}
};
