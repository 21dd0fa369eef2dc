<?php
/**
 * Grants → Add grant: the form, with what a refused post typed.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over.
 *
 * @param array{notice: array{type?: string, message?: string}, fields: array<string, string>, items: array<int, string>, max_quantity: int, action: string, list_url: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	$fields = $args['fields'];
	?>
<h1><?php esc_html_e( 'Add grant', 'library-portal' ); ?></h1>
	<?php \LibraryPortal\Platform\View::render( __DIR__ . '/notice.php', array( 'notice' => $args['notice'] ) ); ?>
<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>" novalidate>
<input type="hidden" name="action" value="<?php echo esc_attr( $args['action'] ); ?>">
	<?php wp_nonce_field( $args['action'] ); ?>
<table class="form-table" role="presentation"><tbody>
<tr><th scope="row"><label for="lp-grant-user"><?php esc_html_e( 'User (e-mail or login)', 'library-portal' ); ?></label></th><td><input type="text" class="regular-text" id="lp-grant-user" name="user" required autocomplete="off" value="<?php echo esc_attr( $fields['user'] ?? '' ); ?>"></td></tr>
<tr><th scope="row"><label for="lp-grant-item"><?php esc_html_e( 'Item', 'library-portal' ); ?></label></th><td><select id="lp-grant-item" name="item" required><option value=""><?php esc_html_e( 'Choose an item', 'library-portal' ); ?></option>
	<?php foreach ( $args['items'] as $item_id => $item_title ) : ?>
<option value="<?php echo esc_attr( (string) $item_id ); ?>"<?php selected( (int) ( $fields['item'] ?? 0 ), $item_id ); ?>><?php echo esc_html( $item_title ); ?></option>
<?php endforeach; ?>
</select></td></tr>
<tr><th scope="row"><label for="lp-grant-quantity"><?php esc_html_e( 'Quantity', 'library-portal' ); ?></label></th><td><input aria-describedby="lp-grant-quantity-help" type="number" class="small-text" id="lp-grant-quantity" name="quantity" min="1" max="<?php echo esc_attr( (string) $args['max_quantity'] ); ?>" required value="<?php echo esc_attr( $fields['quantity'] ?? '1' ); ?>"> <span id="lp-grant-quantity-help" class="description">
	<?php
	/* translators: %d: the largest number of licenses of one grant. */
	echo esc_html( sprintf( __( 'From 1 to %d licenses.', 'library-portal' ), $args['max_quantity'] ) );
	?>
</span></td></tr>
<tr><th scope="row"><label for="lp-grant-expires"><?php esc_html_e( 'Expiry date', 'library-portal' ); ?></label></th><td><input type="date" id="lp-grant-expires" name="expires" aria-describedby="lp-grant-expires-help" value="<?php echo esc_attr( $fields['expires'] ?? '' ); ?>"> <span id="lp-grant-expires-help" class="description"><?php esc_html_e( 'The licenses end at the end of this day (site time). Leave empty: they never expire.', 'library-portal' ); ?></span></td></tr>
	<?php $tag_value = $fields['tag'] ?? ''; ?>
<tr><th scope="row"><label for="lp-grant-tag"><?php esc_html_e( 'Tag', 'library-portal' ); ?></label></th><td><select id="lp-grant-tag" name="tag"><option value=""<?php selected( $tag_value, '' ); ?>><?php esc_html_e( 'None', 'library-portal' ); ?></option><option value="member"<?php selected( $tag_value, 'member' ); ?>><?php esc_html_e( 'Member', 'library-portal' ); ?></option></select></td></tr>
</tbody></table>
	<?php submit_button( __( 'Add grant', 'library-portal' ) ); ?>
<p><a href="<?php echo esc_url( $args['list_url'] ); ?>"><?php esc_html_e( 'Back to grants', 'library-portal' ); ?></a></p>
</form>
	<?php
};
