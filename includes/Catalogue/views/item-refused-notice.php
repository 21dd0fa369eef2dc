<?php
/**
 * The refused form's notice on the item's edit screen, naming and linking each field.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over: the errors by field ID, when they were typed, whether the item
 * was kept a draft because of them, and the address that discards what was typed.
 *
 * @param array{errors: array<string, string>, typed_at: int, draft: bool, discard_url: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	echo '<div class="notice notice-error" id="library-portal-refused" role="alert"><p><strong>' . esc_html__( 'The library item fields were not saved.', 'library-portal' ) . '</strong> ';
	if ( $args['draft'] ) {
		echo esc_html__( 'The item was kept as a draft, so nobody sees it without its video and test: publish it once these fields are fixed.', 'library-portal' ) . ' ';
	}
	printf(
	/* translators: %s: date and time the refused values were typed. */
		esc_html__( 'The boxes Item details, Video, and Test and certificate show what you typed on %s, not what is saved; it is kept until you save them.', 'library-portal' ),
		esc_html( (string) wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $args['typed_at'] ) )
	);
	echo ' ';
	if ( $args['draft'] ) {
		esc_html_e( 'The title and description were saved. Fix these fields and save again:', 'library-portal' );
	} else {
		esc_html_e( 'The title, description and status were saved. Fix these fields and save again:', 'library-portal' );
	}
	echo '</p><ul>';
	foreach ( $args['errors'] as $field => $message ) {
		printf( '<li><a href="#%s">%s</a></li>', esc_attr( $field ), esc_html( $message ) );
	}
	echo '</ul><p><a href="' . esc_url( $args['discard_url'] ) . '">' . esc_html__( 'Discard what you typed and show what is saved', 'library-portal' ) . '</a></p></div>';
};
