<?php
/**
 * WP-CLI commands.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Cli;

use LibraryPortal\Repositories\LicenseRepository;
use WP_CLI;

/**
 * Manages the library from the command line.
 */
final class Commands {

	/**
	 * Grants and seats.
	 *
	 * @var LicenseRepository
	 */
	private LicenseRepository $licenses;

	/**
	 * Wires the commands (Plugin passes what they use, not the whole graph).
	 *
	 * @param LicenseRepository $licenses Grants and seats.
	 */
	public function __construct( LicenseRepository $licenses ) {
		$this->licenses = $licenses;
	}

	/**
	 * Gives a user licenses of an item.
	 *
	 * ## OPTIONS
	 *
	 * <user>
	 * : User ID, login or e-mail.
	 *
	 * <product_id>
	 * : Catalogue item ID.
	 *
	 * [--quantity=<n>]
	 * : Number of licenses.
	 * ---
	 * default: 1
	 * ---
	 *
	 * [--expires=<date>]
	 * : Expiry date (anything strtotime() reads); never when left out.
	 *
	 * @param string[]              $args       Positional arguments.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function grant( array $args, array $assoc_args ): void {
		list( $who, $product_id ) = $args;
		$user                     = get_user_by( is_numeric( $who ) ? 'id' : ( is_email( $who ) ? 'email' : 'login' ), $who );
		if ( ! $user ) {
			WP_CLI::error( sprintf( 'No user "%s".', $who ) );
		}
		if ( 'library_item' !== get_post_type( (int) $product_id ) ) {
			WP_CLI::error( sprintf( 'No library item %d.', (int) $product_id ) );
		}
		$expires  = isset( $assoc_args['expires'] ) ? (int) strtotime( $assoc_args['expires'] ) : 0;
		$grant_id = $this->licenses->create_grant(
			array(
				'owner_id'   => $user->ID,
				'product_id' => (int) $product_id,
				'quantity'   => max( 1, (int) $assoc_args['quantity'] ),
				'expires_at' => max( 0, $expires ),
				'source'     => 'admin',
			),
			time()
		);
		WP_CLI::success( sprintf( 'Grant %d created.', $grant_id ) );
	}
}
