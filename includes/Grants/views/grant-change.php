<?php
/**
 * Grants → Extend expiry, or Take back seats not started, of one grant.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over.
 *
 * @param array{extend: bool, notice: array{type?: string, message?: string}, summary: string, counts: string, confirm_end: string, form_url: string, grant_id: int, quantity: int, action: string, nonce_action: string, list_url: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	?>
<h1><?php echo esc_html( $args['extend'] ? __( 'Extend expiry', 'library-portal' ) : __( 'Take back seats not started', 'library-portal' ) ); ?></h1>
	<?php \LibraryPortal\Platform\View::render( __DIR__ . '/notice.php', array( 'notice' => $args['notice'] ) ); ?>
<p><?php echo esc_html( $args['summary'] ); ?></p>
<p><?php echo esc_html( $args['counts'] ); ?></p>
	<?php if ( '' !== $args['confirm_end'] ) : ?>
<div class="notice notice-warning inline" role="alert"><h2><?php esc_html_e( 'End the grant?', 'library-portal' ); ?></h2>
<p><?php echo esc_html( $args['confirm_end'] ); ?></p>
<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
<input type="hidden" name="action" value="<?php echo esc_attr( $args['action'] ); ?>">
<input type="hidden" name="grant" value="<?php echo esc_attr( (string) $args['grant_id'] ); ?>">
<input type="hidden" name="count" value="">
<input type="hidden" name="<?php echo esc_attr( \LibraryPortal\Grants\TakeBackHandler::END_GRANT ); ?>" value="1">
		<?php wp_nonce_field( $args['nonce_action'] ); ?>
<p><?php submit_button( __( 'Take back all and end the grant', 'library-portal' ), 'primary', 'submit', false ); ?> <a class="button" href="<?php echo esc_url( $args['form_url'] ); ?>"><?php esc_html_e( 'Cancel', 'library-portal' ); ?></a></p>
</form></div>
<?php else : ?>
<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>" novalidate>
<input type="hidden" name="action" value="<?php echo esc_attr( $args['action'] ); ?>">
<input type="hidden" name="grant" value="<?php echo esc_attr( (string) $args['grant_id'] ); ?>">
	<?php wp_nonce_field( $args['nonce_action'] ); ?>
<table class="form-table" role="presentation"><tbody>
	<?php if ( $args['extend'] ) : ?>
<tr><th scope="row"><label for="lp-extend-expires"><?php esc_html_e( 'New expiry date', 'library-portal' ); ?></label></th><td><input type="date" id="lp-extend-expires" name="expires" aria-describedby="lp-extend-help"> <span id="lp-extend-help" class="description"><?php esc_html_e( 'Later than the current expiry. The licenses end at the end of this day (site time).', 'library-portal' ); ?></span></td></tr>
<tr><th scope="row"><label for="lp-extend-never"><?php esc_html_e( 'Never expires', 'library-portal' ); ?></label></th><td><input type="checkbox" id="lp-extend-never" name="never" value="1"></td></tr>
<?php else : ?>
<tr><th scope="row"><label for="lp-take-back-count"><?php esc_html_e( 'Seats to take back', 'library-portal' ); ?></label></th><td><input type="number" class="small-text" id="lp-take-back-count" name="count" min="1" max="<?php echo esc_attr( (string) $args['quantity'] ); ?>" aria-describedby="lp-take-back-help"> <span id="lp-take-back-help" class="description"><?php esc_html_e( 'Leave empty to take back every seat nobody started and end the grant (a refund by hand; you are asked to confirm). Started seats are never taken back.', 'library-portal' ); ?></span></td></tr>
<?php endif; ?>
</tbody></table>
	<?php submit_button( $args['extend'] ? __( 'Extend expiry', 'library-portal' ) : __( 'Take back seats', 'library-portal' ) ); ?>
<p><a href="<?php echo esc_url( $args['list_url'] ); ?>"><?php esc_html_e( 'Back to grants', 'library-portal' ); ?></a></p>
</form>
<?php endif; ?>
	<?php
};
