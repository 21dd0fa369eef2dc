<?php
/**
 * The "Library licenses" panel of a WooCommerce product (ProductPanel).
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the panel hands over: each field's name, the items to choose from (ID => title), the
 * expiry modes (value => label), the product's terms and the highest values the fields take.
 *
 * @param array{names: array{item: string, per_unit: string, expiry: string, days: string, date: string, member: string}, items: array<int, string>, modes: array<string, string>, item_id: int, per_unit: int, expiry: string, days: string, date: string, member: bool, max_per_unit: int, max_days: int} $args The view's arguments.
 */
return static function ( array $args ): void {
	$names = $args['names'];
	echo '<div id="library_portal_product_data" class="panel woocommerce_options_panel hidden"><div class="options_group">';
	printf( '<p class="form-field"><label for="lp_item">%s</label><select id="lp_item" name="%s"><option value="0">%s</option>', esc_html__( 'Library item', 'library-portal' ), esc_attr( $names['item'] ), esc_html__( '— None: sells no licenses —', 'library-portal' ) );
	foreach ( $args['items'] as $item_id => $title ) {
		printf( '<option value="%d"%s>%s</option>', (int) $item_id, selected( $args['item_id'], (int) $item_id, false ), esc_html( $title ) );
	}
	echo '</select></p>';
	printf( '<p class="form-field"><label for="lp_per_unit">%s</label><input type="number" min="1" max="%d" step="1" id="lp_per_unit" name="%s" value="%d" class="short"></p>', esc_html__( 'Licenses per unit', 'library-portal' ), (int) $args['max_per_unit'], esc_attr( $names['per_unit'] ), (int) $args['per_unit'] );
	printf( '<p class="form-field"><label for="lp_expiry">%s</label><select id="lp_expiry" name="%s">', esc_html__( 'Licenses expire', 'library-portal' ), esc_attr( $names['expiry'] ) );
	foreach ( $args['modes'] as $mode => $label ) {
		printf( '<option value="%s"%s>%s</option>', esc_attr( $mode ), selected( $args['expiry'], $mode, false ), esc_html( $label ) );
	}
	echo '</select></p>';
	printf( '<p class="form-field"><label for="lp_days">%s</label><input type="number" min="1" max="%d" step="1" id="lp_days" name="%s" value="%s" class="short"></p>', esc_html__( 'Days after purchase', 'library-portal' ), (int) $args['max_days'], esc_attr( $names['days'] ), esc_attr( $args['days'] ) );
	printf( '<p class="form-field"><label for="lp_date">%s</label><input type="date" id="lp_date" name="%s" value="%s" class="short"></p>', esc_html__( 'Expiry date', 'library-portal' ), esc_attr( $names['date'] ), esc_attr( $args['date'] ) );
	printf(
		'<p class="form-field"><label for="lp_member">%s</label><input type="checkbox" id="lp_member" name="%s" value="yes"%s> <span class="description">%s</span></p>',
		esc_html__( 'Membership product', 'library-portal' ),
		esc_attr( $names['member'] ),
		checked( $args['member'], true, false ),
		esc_html__( 'The licenses carry the member tag (the member version of the item).', 'library-portal' )
	);
	echo '</div></div>';
};
