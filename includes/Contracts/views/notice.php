<?php
/**
 * The contracts screen's kept notice (AdminNotice), if any.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over.
 *
 * @param array{notice: array{type?: string, message?: string}} $args The view's arguments.
 */
return static function ( array $args ): void {
	$notice = $args['notice'];
	if ( ! isset( $notice['message'] ) ) {
		return;
	}
	$notice_type = in_array( $notice['type'] ?? '', array( 'success', 'info', 'warning', 'error' ), true ) ? (string) $notice['type'] : 'info';
	wp_admin_notice(
		esc_html( $notice['message'] ),
		array(
			'type'           => $notice_type,
			'dismissible'    => true,
			'paragraph_wrap' => true,
			'attributes'     => array( 'role' => 'error' === $notice_type ? 'alert' : 'status' ),
		)
	);
};
