<?php
/**
 * A kept notice of the grant screens (AdminNotice), if any.
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
	if ( empty( $notice['message'] ) ) {
		return;
	}
	$notice_type = in_array( $notice['type'] ?? '', array( 'success', 'warning', 'error' ), true ) ? (string) $notice['type'] : 'info';
	?>
<div class="notice notice-<?php echo esc_attr( $notice_type ); ?>" role="<?php echo 'error' === $notice_type ? 'alert' : 'status'; ?>"><p><?php echo esc_html( (string) $notice['message'] ); ?></p></div>
	<?php
};
