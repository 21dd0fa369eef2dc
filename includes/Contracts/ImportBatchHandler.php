<?php
/**
 * Contracts → one batch of a member import: the admin script's admin-ajax call, or Continue Import.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

use InvalidArgumentException;
use LibraryPortal\Platform\Admin\AdminNotice;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * Imports the next MemberImports::BATCH addresses of a job. The script calls admin-ajax
 * (ajax_reply(): capability and nonce first, JSON); without script the Continue button posts here.
 */
final class ImportBatchHandler extends ContractAction {

	public const AJAX_ACTION = 'library_portal_contract_import_batch';

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
		return 'import_batch';
	}

	/**
	 * Adds the admin-ajax hook (the admin-post one is added with the others).
	 */
	public function register_ajax(): void {
		add_action( 'wp_ajax_' . self::AJAX_ACTION, array( $this, 'ajax' ) );
	}

	/**
	 * Runs one batch; back to the progress.
	 *
	 * @param int $contract_id Contract.
	 */
	protected function run( int $contract_id ): string {
		$token = sanitize_key( self::posted( 'token' ) );
		$this->imports->next_batch( $token, $contract_id, get_current_user_id() );
		return add_query_arg( 'import', $token, self::back( $contract_id ) ) . '#import';
	}

	/**
	 * One batch for the admin script (admin-ajax).
	 */
	public function ajax(): void {
		$reply = $this->ajax_reply();
		wp_send_json( $reply['body'], $reply['status'] );
	}

	/**
	 * The reply to one import batch: status code and body.
	 *
	 * @return array{status: int, body: array<string, mixed>}
	 */
	public function ajax_reply(): array {
		$contract_id = absint( $_POST['contract'] ?? 0 );
		$token       = sanitize_key( wp_unslash( $_POST['token'] ?? '' ) );
		if ( ! current_user_can( ContractsPage::CAPABILITY ) || ! check_ajax_referer( ContractsPage::nonce_action( 'import_batch', $contract_id ), false, false ) ) {
			return array(
				'status' => 403,
				'body'   => array(
					'success' => false,
					'data'    => array( 'message' => __( 'Sorry, you are not allowed to do that. Reload the page and try again.', 'library-portal' ) ),
				),
			);
		}
		try {
			$status = $this->imports->next_batch( $token, $contract_id, get_current_user_id() );
		} catch ( InvalidArgumentException | WriteFailed $error ) {
			return array(
				'status' => 400,
				'body'   => array(
					'success' => false,
					// Messages are made escaped for HTML; the script shows them as text.
					'data'    => array( 'message' => wp_specialchars_decode( $error->getMessage(), ENT_QUOTES ) ),
				),
			);
		}
		return array(
			'status' => 200,
			'body'   => array(
				'success' => true,
				'data'    => array(
					'processed' => $status['processed'],
					'total'     => $status['total'],
					'done'      => $status['done'],
				),
			),
		);
	}
}
