<?php
/**
 * Training Library → Contracts: the list.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over.
 *
 * @param array{new_url: string, notice: array{type?: string, message?: string}, table: \LibraryPortal\Contracts\ContractsListTable} $args The view's arguments.
 */
return static function ( array $args ): void {
	printf(
		'<h1 class="wp-heading-inline">%1$s</h1> <a href="%2$s" class="page-title-action">%3$s</a><hr class="wp-header-end">',
		esc_html__( 'Contracts', 'library-portal' ),
		esc_url( $args['new_url'] ),
		esc_html__( 'Add New Contract', 'library-portal' )
	);
	\LibraryPortal\Platform\View::render( __DIR__ . '/notice.php', $args );
	echo '<form method="get"><input type="hidden" name="post_type" value="' . esc_attr( \LibraryPortal\Core\Items\ItemPostType::POST_TYPE ) . '"><input type="hidden" name="page" value="' . esc_attr( \LibraryPortal\Contracts\ContractsPage::SLUG ) . '">';
	$args['table']->display();
	echo '</form>';
};
