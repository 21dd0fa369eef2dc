<?php
/**
 * The user, item and state filters above the grants list (GrantsListTable).
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the table hands over: the user typed in the filter and whether it names nobody, the items
 * and states to choose from, and the chosen ones.
 *
 * @param array{user: string, user_unknown: bool, items: array<int, string>, item: int, states: array<string, string>, state: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	echo '<div class="alignleft actions">';
	printf(
		'<label for="lp-grant-filter-user">%1$s</label> <input type="search" id="lp-grant-filter-user" name="user" value="%2$s"%3$s>',
		esc_html__( 'User (e-mail or login)', 'library-portal' ),
		esc_attr( $args['user'] ),
		$args['user_unknown'] ? ' aria-invalid="true" aria-describedby="lp-grant-filter-user-error"' : ''
	);
	printf( '<label class="screen-reader-text" for="lp-grant-filter-item">%s</label>', esc_html__( 'Filter by item', 'library-portal' ) );
	printf( '<select id="lp-grant-filter-item" name="item"><option value="0">%s</option>', esc_html__( 'All items', 'library-portal' ) );
	foreach ( $args['items'] as $item_id => $title ) {
		printf( '<option value="%d"%s>%s</option>', (int) $item_id, selected( $args['item'], (int) $item_id, false ), esc_html( $title ) );
	}
	echo '</select>';
	printf( '<label class="screen-reader-text" for="lp-grant-filter-state">%s</label>', esc_html__( 'Filter by state', 'library-portal' ) );
	printf( '<select id="lp-grant-filter-state" name="state"><option value="">%s</option>', esc_html__( 'All states', 'library-portal' ) );
	foreach ( $args['states'] as $state => $label ) {
		printf( '<option value="%s"%s>%s</option>', esc_attr( $state ), selected( $args['state'], $state, false ), esc_html( $label ) );
	}
	echo '</select>';
	submit_button( __( 'Filter', 'library-portal' ), '', 'filter_action', false, array( 'id' => 'lp-grant-filter-submit' ) );
	echo '</div>';
};
