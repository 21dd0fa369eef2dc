<?php
/**
 * Training Library → Grants: the list with its search, filters, sorting and pages.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over.
 *
 * @param array{table: \LibraryPortal\Grants\GrantsListTable, notice: array{type?: string, message?: string}, add_url: string, user_unknown: bool} $args The view's arguments.
 */
return static function ( array $args ): void {
	?>
<h1 class="wp-heading-inline"><?php esc_html_e( 'Grants', 'library-portal' ); ?></h1> <a class="page-title-action" href="<?php echo esc_url( $args['add_url'] ); ?>"><?php esc_html_e( 'Add grant', 'library-portal' ); ?></a>
<hr class="wp-header-end">
	<?php
	\LibraryPortal\Platform\View::render( __DIR__ . '/notice.php', array( 'notice' => $args['notice'] ) );
	if ( $args['user_unknown'] ) {
		echo '<div class="notice notice-error" role="alert" id="lp-grant-filter-user-error"><p>' . esc_html__( 'No user with that e-mail or login.', 'library-portal' ) . '</p></div>';
	}
	\LibraryPortal\Platform\View::render( __DIR__ . '/column-widths.php' );
	?>
<form method="get">
<input type="hidden" name="post_type" value="<?php echo esc_attr( \LibraryPortal\Core\Items\ItemPostType::POST_TYPE ); ?>">
<input type="hidden" name="page" value="<?php echo esc_attr( \LibraryPortal\Grants\GrantsPage::GRANTS ); ?>">
	<?php
	$args['table']->search_box( __( 'Search users', 'library-portal' ), 'lp-grant-search' );
	$args['table']->display();
	?>
</form>
	<?php
};
