<?php
/**
 * Audit trail: every change to grants and seats, newest first, optionally of one user.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over.
 *
 * @param array{filter: array{page: string, id: string, label: string, value: string, button: string}, table: \LibraryPortal\Grants\AuditListTable|null} $args The view's arguments.
 */
return static function ( array $args ): void {
	?>
<h1><?php esc_html_e( 'Audit trail', 'library-portal' ); ?></h1>
	<?php
	\LibraryPortal\Platform\View::render( __DIR__ . '/user-filter.php', $args['filter'] );
	if ( null === $args['table'] ) {
		echo '<div class="notice notice-error"><p>' . esc_html__( 'No user with that e-mail or login.', 'library-portal' ) . '</p></div>';
		return;
	}
	\LibraryPortal\Platform\View::render( __DIR__ . '/column-widths.php' );
	$args['table']->display();
};
