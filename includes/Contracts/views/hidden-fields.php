<?php
/**
 * The action, contract and nonce fields of a contract form.
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the form hands over.
 *
 * @param array{action: string, contract_id: int} $args The view's arguments.
 */
return static function ( array $args ): void {
	printf( '<input type="hidden" name="action" value="%1$s"><input type="hidden" name="contract" value="%2$d">', esc_attr( 'library_portal_contract_' . $args['action'] ), (int) $args['contract_id'] );
	wp_nonce_field( \LibraryPortal\Contracts\ContractsPage::nonce_action( $args['action'], $args['contract_id'] ), '_wpnonce', true );
};
