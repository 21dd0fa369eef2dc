<?php
/**
 * Items with their expiry and remove buttons, and the add form.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over: each item's title, whether it is published and its expiry in
 * words, and the published items to choose from.
 *
 * @param array{contract_id: int, items: array<int, array{product_id: int, title: string, published: bool, expires: string}>, choices: array<int, string>} $args The view's arguments.
 */
return static function ( array $args ): void {
	$contract_id = $args['contract_id'];
	echo '<h2 id="items">' . esc_html__( 'Items', 'library-portal' ) . '</h2>';
	if ( $args['items'] ) {
		echo '<table class="widefat striped"><caption class="screen-reader-text">' . esc_html__( 'Items of this contract', 'library-portal' ) . '</caption><thead><tr><th scope="col">' . esc_html__( 'Item', 'library-portal' ) . '</th><th scope="col">' . esc_html__( 'Expires', 'library-portal' ) . '</th><th scope="col">' . esc_html__( 'Actions', 'library-portal' ) . '</th></tr></thead><tbody>';
		foreach ( $args['items'] as $item ) {
			printf(
				'<tr><td>%1$s%2$s</td><td>%3$s</td><td>',
				esc_html( $item['title'] ),
				$item['published'] ? '' : ' <em>' . esc_html__( '(not published: members do not see it)', 'library-portal' ) . '</em>',
				esc_html( $item['expires'] )
			);
			\LibraryPortal\Platform\View::render(
				__DIR__ . '/action-button.php',
				array(
					'action'      => 'remove_item',
					'contract_id' => $contract_id,
					'fields'      => array( 'item' => (string) $item['product_id'] ),
					'text'        => __( 'Remove', 'library-portal' ),
					/* translators: %s: item title. */
					'label'       => sprintf( __( 'Remove “%s” from this contract', 'library-portal' ), $item['title'] ),
				)
			);
			echo '</td></tr>';
		}
		echo '</tbody></table>';
	} else {
		echo '<p>' . esc_html__( 'No items yet.', 'library-portal' ) . '</p>';
	}

	echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
	\LibraryPortal\Platform\View::render(
		__DIR__ . '/hidden-fields.php',
		array(
			'action'      => 'add_item',
			'contract_id' => $contract_id,
		)
	);
	printf( '<p><label for="library-portal-add-item">%1$s</label> <select id="library-portal-add-item" name="item"><option value="">%2$s</option>', esc_html__( 'Published library item', 'library-portal' ), esc_html__( '— Choose an item —', 'library-portal' ) );
	foreach ( $args['choices'] as $item_id => $item_title ) {
		printf( '<option value="%1$d">%2$s</option>', (int) $item_id, esc_html( $item_title ) );
	}
	printf(
		'</select> <label for="library-portal-item-expires">%1$s</label> <input type="date" id="library-portal-item-expires" name="expires" aria-describedby="library-portal-item-expires-help"> ',
		esc_html__( 'Expires (optional)', 'library-portal' )
	);
	submit_button( __( 'Add Item', 'library-portal' ), 'secondary', 'submit', false );
	printf( '</p><p class="description" id="library-portal-item-expires-help">%s</p></form>', esc_html__( 'Without a date the item ends with the contract. Adding an item the contract has changes its expiry.', 'library-portal' ) );
};
