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
 * @var array{filter: array{page: string, id: string, label: string, value: string, button: string}, table: \LibraryPortal\Grants\AuditListTable|null} $args
 */
?>
<h1><?php esc_html_e( 'Audit trail', 'library-portal' ); ?></h1>
<?php
load_template( __DIR__ . '/user-filter.php', false, $args['filter'] );
if ( null === $args['table'] ) {
	echo '<div class="notice notice-error"><p>' . esc_html__( 'No user with that e-mail or login.', 'library-portal' ) . '</p></div>';
	return;
}
load_template( __DIR__ . '/column-widths.php', false );
$args['table']->display();
