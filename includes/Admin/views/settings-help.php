<?php
/**
 * A paragraph of help above a section of the settings page.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the page hands over: the help (plain text).
 *
 * @param array{text: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	echo '<p>' . esc_html( $args['text'] ) . '</p>';
};
