<?php
/**
 * View as user: a user's library as GET items/ builds it, their tests, seats and trail.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over (ViewAsScreen).
 *
 * @param array{filter: array{page: string, id: string, label: string, value: string, button: string}, user_unknown: bool, notice: array{type?: string, message?: string}, heading: string, tables: array<string, array{caption: string, headers: string[], rows: array<int, array<int, int|string>>, empty: string}>, tests: array<int, array{title: string, left: string, user_id: int, product_id: int, nonce_action: string}>, reset_action: string, audit_url: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	?>
<h1><?php esc_html_e( 'View as user', 'library-portal' ); ?></h1>
	<?php
	\LibraryPortal\Platform\View::render( __DIR__ . '/user-filter.php', $args['filter'] );
	if ( $args['user_unknown'] ) {
		echo '<div class="notice notice-error"><p>' . esc_html__( 'No user with that e-mail or login.', 'library-portal' ) . '</p></div>';
	}
	\LibraryPortal\Platform\View::render( __DIR__ . '/notice.php', array( 'notice' => $args['notice'] ) );
	if ( '' === $args['heading'] ) {
		return;
	}
	?>
<h2><?php echo esc_html( $args['heading'] ); ?></h2>
	<?php \LibraryPortal\Platform\View::render( __DIR__ . '/table.php', $args['tables']['library'] ); ?>
<h3><?php esc_html_e( 'Tests', 'library-portal' ); ?></h3>
	<?php if ( ! $args['tests'] ) : ?>
<p><?php esc_html_e( 'None of this user\'s items has a test.', 'library-portal' ); ?></p>
<?php else : ?>
<table class="widefat striped" data-testid="lp-admin-tests"><caption class="screen-reader-text"><?php esc_html_e( 'Tests', 'library-portal' ); ?></caption><thead><tr><th scope="col"><?php esc_html_e( 'Item', 'library-portal' ); ?></th><th scope="col"><?php esc_html_e( 'Attempts left in 24 hours', 'library-portal' ); ?></th><th scope="col"><?php esc_html_e( 'Reset', 'library-portal' ); ?></th></tr></thead><tbody>
	<?php foreach ( $args['tests'] as $test ) : ?>
<tr><td><?php echo esc_html( $test['title'] ); ?></td><td><?php echo esc_html( $test['left'] ); ?></td><td>
<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
<input type="hidden" name="action" value="<?php echo esc_attr( $args['reset_action'] ); ?>">
<input type="hidden" name="user" value="<?php echo esc_attr( (string) $test['user_id'] ); ?>">
<input type="hidden" name="item" value="<?php echo esc_attr( (string) $test['product_id'] ); ?>">
		<?php wp_nonce_field( $test['nonce_action'] ); ?>
		<?php
		// The visible words start the accessible name (WCAG 2.5.3); the item tells the buttons apart.
		/* translators: %s: item title. */
		echo '<button type="submit" class="button">' . esc_html__( 'Reset attempts', 'library-portal' ) . '<span class="screen-reader-text"> ' . esc_html( sprintf( __( 'of %s', 'library-portal' ), $test['title'] ) ) . '</span></button>';
		?>
</form></td></tr>
	<?php endforeach; ?>
</tbody></table>
<?php endif; ?>
	<?php
	\LibraryPortal\Platform\View::render( __DIR__ . '/table.php', $args['tables']['seats'] );
	\LibraryPortal\Platform\View::render( __DIR__ . '/table.php', $args['tables']['trail'] );
	?>
<p><a href="<?php echo esc_url( $args['audit_url'] ); ?>"><?php esc_html_e( 'Full audit trail of this user', 'library-portal' ); ?></a></p>
	<?php
};
