<?php
/**
 * The refused form's notice on the item's edit screen, naming and linking each field.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over: the errors by field ID.
 *
 * @var array{errors: array<string, string>} $args
 */
echo '<div class="notice notice-error" id="library-portal-refused" role="alert"><p><strong>' . esc_html__( 'The library item fields were not saved.', 'library-portal' ) . '</strong> ';
echo esc_html__( 'Nothing in the boxes Item details, Video, and Test and certificate was changed; they show what you entered. The title, description and status were saved. Fix these fields and update again:', 'library-portal' ) . '</p><ul>';
foreach ( $args['errors'] as $field => $message ) {
	printf( '<li><a href="#%s">%s</a></li>', esc_attr( $field ), esc_html( $message ) );
}
echo '</ul></div>';
