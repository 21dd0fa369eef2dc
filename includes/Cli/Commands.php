<?php
/**
 * WP-CLI commands.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Cli;

use LibraryPortal\Repositories\CertificateRepository;
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
	 * Certificates.
	 *
	 * @var CertificateRepository
	 */
	private CertificateRepository $certificates;

	/**
	 * Wires the commands (Plugin passes what they use, not the whole graph).
	 *
	 * @param LicenseRepository     $licenses     Grants and seats.
	 * @param CertificateRepository $certificates Certificates.
	 */
	public function __construct( LicenseRepository $licenses, CertificateRepository $certificates ) {
		$this->licenses     = $licenses;
		$this->certificates = $certificates;
	}

	/**
	 * Manages certificates. Revoking keeps the row: the public verify page then says
	 * "revoked", the holder can no longer download it, and passing again does not issue a new one.
	 *
	 * ## OPTIONS
	 *
	 * <action>
	 * : What to do.
	 * ---
	 * options:
	 *   - revoke
	 * ---
	 *
	 * <code>
	 * : Verification code printed on the certificate.
	 *
	 * ## EXAMPLES
	 *
	 *     wp library-portal certificate revoke K7Q2M9XA4B1C
	 *
	 * @param string[] $args Positional arguments.
	 */
	public function certificate( array $args ): void {
		list( $action, $code ) = array_pad( $args, 2, '' );
		if ( 'revoke' !== $action ) {
			WP_CLI::error( sprintf( 'Unknown action "%s": use revoke.', $action ) );
		}
		$certificate = $this->certificates->find_by_code( strtoupper( trim( $code ) ) );
		if ( null === $certificate ) {
			WP_CLI::error( sprintf( 'No certificate with the code "%s".', $code ) );
		}
		if ( ! $this->certificates->revoke( $certificate, time() ) ) {
			WP_CLI::error( sprintf( 'Certificate %s was already revoked.', $certificate->code ) );
		}
		WP_CLI::success( sprintf( 'Certificate %s revoked.', $certificate->code ) );
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
