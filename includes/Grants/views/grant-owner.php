<?php
/**
 * The owner cell of a grant row: name and e-mail, or that the user was deleted.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the table hands over: the owner's name and e-mail, or null once the user is deleted.
 *
 * @param array{owner: array{name: string, email: string}|null} $args The view's arguments.
 */
return static function ( array $args ): void {
	if ( null === $args['owner'] ) {
		esc_html_e( '(deleted user)', 'library-portal' );
		return;
	}
	echo '<strong>' . esc_html( $args['owner']['name'] ) . '</strong><br>' . esc_html( $args['owner']['email'] );
};
