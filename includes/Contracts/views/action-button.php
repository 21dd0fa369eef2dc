<?php
/**
 * A one-button form posting an action on a contract (remove a member or an item, add a found user).
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the table hands over.
 *
 * @param array{action: string, contract_id: int, fields: array<string, string>, text: string, label: string} $args The view's arguments.
 */
return static function ( array $args ): void {
	echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
	\LibraryPortal\Platform\View::render( __DIR__ . '/hidden-fields.php', $args );
	foreach ( $args['fields'] as $name => $value ) {
		printf( '<input type="hidden" name="%1$s" value="%2$s">', esc_attr( $name ), esc_attr( $value ) );
	}
	printf(
		'<button type="submit" class="%1$s" aria-label="%2$s">%3$s</button></form>',
		// Core's red .button-link-delete is below 4.5:1 on a striped row: plain buttons.
		str_starts_with( $args['action'], 'remove' ) ? 'button button-small' : 'button button-secondary button-small',
		esc_attr( $args['label'] ),
		esc_html( $args['text'] )
	);
};
