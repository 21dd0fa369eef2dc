<?php
/**
 * The user field of View as user and the audit trail (a GET form: it only reads).
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over.
 *
 * @param array{page: string, id: string, label: string, value: string, button: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	?>
<form method="get" class="lp-user-filter">
<input type="hidden" name="post_type" value="<?php echo esc_attr( \LibraryPortal\Core\Items\ItemPostType::POST_TYPE ); ?>">
<input type="hidden" name="page" value="<?php echo esc_attr( $args['page'] ); ?>">
<p><label for="<?php echo esc_attr( $args['id'] ); ?>"><?php echo esc_html( $args['label'] ); ?></label> <input type="search" id="<?php echo esc_attr( $args['id'] ); ?>" name="user" class="regular-text" value="<?php echo esc_attr( $args['value'] ); ?>"> <?php submit_button( $args['button'], 'secondary', '', false ); ?></p>
</form>
	<?php
};
