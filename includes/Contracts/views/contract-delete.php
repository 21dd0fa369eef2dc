<?php
/**
 * Asks before a contract is deleted, saying what goes and what stays.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over.
 *
 * @param array{title: string, member_count: int, item_count: int, contract_id: int, edit_url: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	/* translators: %s: contract title. */
	printf( '<h1>%s</h1>', esc_html( sprintf( __( 'Delete the contract “%s”?', 'library-portal' ), $args['title'] ) ) );
	printf(
		'<p>%1$s</p><p>%2$s</p>',
		esc_html(
			sprintf(
			/* translators: 1: number of members, 2: the items, e.g. "1 item" or "3 items". */
				_n( 'Its %1$d member loses the contract library (%2$s) at once, and the organizer card goes with it.', 'Its %1$d members lose the contract library (%2$s) at once, and the organizer card goes with it.', $args['member_count'], 'library-portal' ),
				$args['member_count'],
				/* translators: %d: number of items. */
				sprintf( _n( '%d item', '%d items', $args['item_count'], 'library-portal' ), $args['item_count'] )
			)
		),
		esc_html__( 'What stays: the certificates the members earned, their own purchases and shared seats, their progress, and the audit trail, which records this deletion. To pause the library instead, set the contract inactive.', 'library-portal' )
	);
	echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" class="library-portal-contracts__delete">';
	\LibraryPortal\Platform\View::render(
		__DIR__ . '/hidden-fields.php',
		array(
			'action'      => 'delete',
			'contract_id' => $args['contract_id'],
		)
	);
	printf(
		'<p><button type="submit" class="button button-primary">%1$s</button> <a class="button" href="%2$s">%3$s</a></p></form>',
		esc_html__( 'Delete contract', 'library-portal' ),
		esc_url( $args['edit_url'] ),
		esc_html__( 'Cancel', 'library-portal' )
	);
};
