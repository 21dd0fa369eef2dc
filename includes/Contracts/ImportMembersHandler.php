<?php
/**
 * Contracts → Upload and Import: the CSV upload that starts a member import.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

use InvalidArgumentException;
use LibraryPortal\Platform\Admin\AdminNotice;

/**
 * Reads the uploaded file into an import job (MemberImports) and sends the admin to its progress;
 * ImportBatchHandler runs the batches. The import's whole admin side is these two handlers and
 * views/contract-import.php (docs/rules/contracts.md, "Contracts admin and CSV import").
 */
final class ImportMembersHandler extends ContractAction {

	/**
	 * Largest CSV file accepted.
	 */
	public const MAX_FILE_BYTES = 2 * MB_IN_BYTES;

	/**
	 * Member imports.
	 *
	 * @var MemberImports
	 */
	private MemberImports $imports;

	/**
	 * The handler.
	 *
	 * @param ContractService $service Contracts.
	 * @param AdminNotice     $notice  The screen's notice.
	 * @param MemberImports   $imports Member imports.
	 */
	public function __construct( ContractService $service, AdminNotice $notice, MemberImports $imports ) {
		parent::__construct( $service, $notice );
		$this->imports = $imports;
	}

	/**
	 * The action's name.
	 */
	public function name(): string {
		return 'import';
	}

	/**
	 * Starts the job; its progress shows on the edit screen.
	 *
	 * @param int $contract_id Contract.
	 */
	protected function run( int $contract_id ): string {
		$token = $this->imports->start( $contract_id, get_current_user_id(), $this->uploaded_text(), '1' === self::posted( 'create_accounts' ) );
		return add_query_arg( 'import', $token, self::back( $contract_id ) ) . '#import';
	}

	/**
	 * A refused upload is told beside the upload form.
	 */
	protected function refused_anchor(): string {
		return '#import';
	}

	/**
	 * The uploaded CSV file's text.
	 *
	 * @throws InvalidArgumentException When no readable CSV file came.
	 */
	private function uploaded_text(): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized, WordPress.Security.ValidatedSanitizedInput.MissingUnslash -- handle() checked the nonce; only the temporary path and size are used ($_FILES is never slashed).
		$file  = isset( $_FILES['csv'] ) && is_array( $_FILES['csv'] ) ? $_FILES['csv'] : array();
		$error = (int) ( $file['error'] ?? UPLOAD_ERR_NO_FILE );
		if ( UPLOAD_ERR_OK !== $error ) {
			throw new InvalidArgumentException( esc_html( self::upload_error( $error ) ) );
		}
		if ( ! is_uploaded_file( (string) ( $file['tmp_name'] ?? '' ) ) ) {
			throw new InvalidArgumentException( esc_html__( 'Choose a CSV file to import.', 'library-portal' ) );
		}
		if ( (int) $file['size'] > self::MAX_FILE_BYTES ) {
			/* translators: %s: largest size, e.g. 2 MB. */
			throw new InvalidArgumentException( esc_html( sprintf( __( 'The file is larger than %s.', 'library-portal' ), size_format( self::MAX_FILE_BYTES ) ) ) );
		}
		$text = file_get_contents( (string) $file['tmp_name'] ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local upload.
		if ( false === $text ) {
			throw new InvalidArgumentException( esc_html__( 'The file could not be read.', 'library-portal' ) );
		}
		return $text;
	}

	/**
	 * What went wrong with an upload PHP refused, for the person who chose the file
	 * (docs/rules/platform.md "Faults: a full disk"): a full disk on the server is not their mistake.
	 *
	 * @param int $error PHP's UPLOAD_ERR_* code (not UPLOAD_ERR_OK).
	 */
	private static function upload_error( int $error ): string {
		switch ( $error ) {
			case UPLOAD_ERR_INI_SIZE:
			case UPLOAD_ERR_FORM_SIZE:
				/* translators: %s: largest size, e.g. 2 MB. */
				return sprintf( __( 'The file is larger than %s.', 'library-portal' ), size_format( min( self::MAX_FILE_BYTES, wp_max_upload_size() ) ) );
			case UPLOAD_ERR_PARTIAL:
				return __( 'The file arrived only in part. Nothing was imported: please upload it again.', 'library-portal' );
			case UPLOAD_ERR_NO_TMP_DIR:
			case UPLOAD_ERR_CANT_WRITE:
			case UPLOAD_ERR_EXTENSION:
				return __( 'The server could not store the uploaded file (its disk may be full). Nothing was imported: please try again later, or tell the site administrator if it keeps happening.', 'library-portal' );
			default:
				return __( 'Choose a CSV file to import.', 'library-portal' );
		}
	}
}
