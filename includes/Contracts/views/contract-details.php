<?php
/**
 * The contract's own fields and organizer card.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over: each field's label, input type and help, the values to show
 * (typed in a refused save, else stored) and the stored picture.
 *
 * @param array{contract_id: int, fields: array<string, array{0: string, 1: string, 2: string}>, values: array<string, string>, thumb: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	$values = $args['values'];
	echo '<h2 id="details">' . esc_html__( 'Contract and organizer', 'library-portal' ) . '</h2>';
	echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" novalidate>';
	\LibraryPortal\Platform\View::render(
		__DIR__ . '/hidden-fields.php',
		array(
			'action'      => 'save',
			'contract_id' => $args['contract_id'],
		)
	);
	echo '<table class="form-table" role="presentation"><tbody>';
	foreach ( $args['fields'] as $key => list( $label, $input_type, $help ) ) {
		$field_id = 'library-portal-contract-' . str_replace( '_', '-', $key );
		printf(
			'<tr><th scope="row"><label for="%1$s">%2$s</label></th><td><input type="%3$s" id="%1$s" name="%4$s" value="%5$s" class="regular-text"',
			esc_attr( $field_id ),
			esc_html( $label ),
			esc_attr( $input_type ),
			esc_attr( $key ),
			esc_attr( $values[ $key ] ?? '' )
		);
		if ( 'title' === $key ) {
			echo ' required aria-required="true"';
		}
		if ( '' !== $help ) {
			printf( ' aria-describedby="%s"', esc_attr( $field_id . '-help' ) );
		}
		echo '>';
		if ( 'organizer_thumb' === $key ) {
			printf(
				' <button type="button" class="button" data-library-portal-media="%1$s" data-title="%2$s" data-button="%3$s" hidden>%4$s</button>',
				esc_attr( $field_id ),
				esc_attr__( 'Organizer picture', 'library-portal' ),
				esc_attr__( 'Use this image', 'library-portal' ),
				esc_html__( 'Choose from the media library', 'library-portal' )
			);
			if ( '' !== $args['thumb'] ) {
				printf( '<p><img src="%1$s" alt="%2$s" width="96" height="96" style="object-fit:cover"></p>', esc_url( $args['thumb'] ), esc_attr__( 'The organizer picture members see', 'library-portal' ) );
			}
		}
		if ( $help ) {
			printf( '<p class="description" id="%1$s-help">%2$s</p>', esc_attr( $field_id ), esc_html( $help ) );
		}
		echo '</td></tr>';
	}
	$contract_status = '' !== ( $values['status'] ?? '' ) ? $values['status'] : 'active';
	printf(
		'<tr><th scope="row"><label for="library-portal-contract-status">%1$s</label></th><td><select id="library-portal-contract-status" name="status"><option value="active"%2$s>%3$s</option><option value="inactive"%4$s>%5$s</option></select></td></tr>',
		esc_html__( 'Status', 'library-portal' ),
		selected( $contract_status, 'active', false ),
		esc_html__( 'Active', 'library-portal' ),
		selected( $contract_status, 'inactive', false ),
		esc_html__( 'Inactive (members see nothing)', 'library-portal' )
	);
	echo '</tbody></table>';
	submit_button( $args['contract_id'] ? __( 'Save Contract', 'library-portal' ) : __( 'Create Contract', 'library-portal' ) );
	echo '</form>';
};
