<?php
/**
 * What every admin-post action of the contracts screen does first and last.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

use InvalidArgumentException;
use LibraryPortal\Platform\Admin\AdminNotice;
use LibraryPortal\Platform\Admin\AdminPostHandler;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * One action per subclass (library_portal_contract_<name>): the capability, then the nonce bound
 * to the action and the contract (a nonce of one form or contract cannot act on another), then
 * run() through ContractService; a refusal keeps an error notice and sends the admin back to the
 * contract (docs/rules/contracts.md, "Contracts admin and CSV import").
 */
abstract class ContractAction implements AdminPostHandler {

	/**
	 * Contracts.
	 *
	 * @var ContractService
	 */
	protected ContractService $service;

	/**
	 * The screen's one-time notice.
	 *
	 * @var AdminNotice
	 */
	protected AdminNotice $notice;

	/**
	 * The handler.
	 *
	 * @param ContractService $service Contracts.
	 * @param AdminNotice     $notice  The screen's notice.
	 */
	public function __construct( ContractService $service, AdminNotice $notice ) {
		$this->service = $service;
		$this->notice  = $notice;
	}

	/**
	 * The action's name, one of ContractsPage::ACTIONS.
	 */
	abstract public function name(): string;

	/**
	 * Does the action on a contract whose capability and nonce were checked; returns where to go.
	 *
	 * @param int $contract_id Contract (0: a new one).
	 * @throws InvalidArgumentException When a value is refused.
	 * @throws WriteFailed When the database refused a write.
	 */
	abstract protected function run( int $contract_id ): string;

	/**
	 * The form's action field.
	 */
	public function action(): string {
		return 'library_portal_contract_' . $this->name();
	}

	/**
	 * Runs the action and returns where to go next. Without the capability or the nonce, WordPress
	 * stops the request (wp_die) before anything changes.
	 */
	final public function handle(): string {
		if ( ! current_user_can( ContractsPage::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage contracts.', 'library-portal' ), '', array( 'response' => 403 ) );
		}
		$contract_id = absint( $_POST['contract'] ?? 0 );
		check_admin_referer( ContractsPage::nonce_action( $this->name(), $contract_id ) );
		try {
			return $this->run( $contract_id );
		} catch ( InvalidArgumentException | WriteFailed $error ) {
			$this->notice->keep( 'error', $error->getMessage(), $this->refused_fields() );
			return self::back( $contract_id ) . $this->refused_anchor();
		}
	}

	/**
	 * Fields of a refused form to show again (the contract form's own).
	 *
	 * @return array<string, string>
	 */
	protected function refused_fields(): array {
		return array();
	}

	/**
	 * Where on the edit screen a refusal is shown ('' = the top).
	 */
	protected function refused_anchor(): string {
		return '';
	}

	/**
	 * The contract's edit screen, or the new contract's screen.
	 *
	 * @param int $contract_id Contract (0: new).
	 */
	protected static function back( int $contract_id ): string {
		return $contract_id ? ContractsPage::edit_url( $contract_id ) : ContractsPage::url( array( 'action' => 'new' ) );
	}

	/**
	 * A posted text field (the nonce was checked by handle()).
	 *
	 * @param string $key Field.
	 */
	protected static function posted( string $key ): string {
		// phpcs:disable WordPress.Security.NonceVerification.Missing, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- handle() checked the nonce; ContractService validates and sanitises.
		$value = isset( $_POST[ $key ] ) && is_string( $_POST[ $key ] ) ? wp_unslash( $_POST[ $key ] ) : '';
		// phpcs:enable WordPress.Security.NonceVerification.Missing, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
		return trim( $value );
	}

	/**
	 * "Name <e-mail>" of a user for a notice.
	 *
	 * @param int $user_id User.
	 */
	protected static function user_name( int $user_id ): string {
		$user = get_userdata( $user_id );
		return $user ? sprintf( '%1$s <%2$s>', $user->display_name, $user->user_email ) : (string) $user_id;
	}
}
