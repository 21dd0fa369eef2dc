<?php
/**
 * The screen of a contract that is not there (edit or delete of a wrong or deleted ID).
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over.
 *
 * @param array{message: string, list_url: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	printf( '<h1>%s</h1>', esc_html__( 'Contracts', 'library-portal' ) );
	wp_admin_notice( esc_html( $args['message'] ), array( 'type' => 'error' ) );
	printf( '<p><a href="%1$s">%2$s</a></p>', esc_url( $args['list_url'] ), esc_html__( 'Back to the contracts', 'library-portal' ) );
};
