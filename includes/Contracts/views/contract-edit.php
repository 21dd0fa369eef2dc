<?php
/**
 * A contract's edit screen (or a new one's): its fields and organizer card, then its members, items
 * and member import.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over (ContractEditScreen).
 *
 * @param array{heading: string, list_url: string, notice: array{type?: string, message?: string}, details: array<string, mixed>, members: array<string, mixed>|null, items: array<string, mixed>|null, import: array<string, mixed>|null} $args The view's arguments.
 */
return static function ( array $args ): void {
	printf(
		'<h1 class="wp-heading-inline">%1$s</h1> <a href="%2$s" class="page-title-action">%3$s</a><hr class="wp-header-end">',
		esc_html( $args['heading'] ),
		esc_url( $args['list_url'] ),
		esc_html__( 'All Contracts', 'library-portal' )
	);
	\LibraryPortal\Platform\View::render( __DIR__ . '/notice.php', $args );
	\LibraryPortal\Platform\View::render( __DIR__ . '/contract-details.php', $args['details'] );
	if ( null !== $args['members'] ) {
		\LibraryPortal\Platform\View::render( __DIR__ . '/contract-members.php', $args['members'] );
	}
	if ( null !== $args['items'] ) {
		\LibraryPortal\Platform\View::render( __DIR__ . '/contract-items.php', $args['items'] );
	}
	if ( null !== $args['import'] ) {
		\LibraryPortal\Platform\View::render( __DIR__ . '/contract-import.php', $args['import'] );
	}
};
