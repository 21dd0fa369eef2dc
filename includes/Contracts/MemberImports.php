<?php
/**
 * Member imports run in batches.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

use InvalidArgumentException;

/**
 * An uploaded file is read once (MemberCsv) into a job kept for a day in a transient, bound to
 * the admin who uploaded it and to its contract; each request then imports the next BATCH
 * addresses, so a long file never hits a request's time limit and the screen can show progress.
 * Progress counts the file's data rows (bad and repeated rows included), as the admin sees the
 * file: the rows the report accounts for out of all rows.
 */
final class MemberImports {

	/**
	 * Addresses imported per request.
	 */
	public const BATCH = 100;

	private const PREFIX = 'library_portal_import_';

	/**
	 * Contracts.
	 *
	 * @var ContractService
	 */
	private ContractService $service;

	/**
	 * Builds the job store.
	 *
	 * @param ContractService $service Contracts.
	 */
	public function __construct( ContractService $service ) {
		$this->service = $service;
	}

	/**
	 * Reads a file's text into a new job; returns its token.
	 *
	 * @param int    $contract_id Contract.
	 * @param int    $user_id     Admin running it.
	 * @param string $text        CSV text.
	 * @param bool   $create_accounts Make accounts for addresses that have none.
	 * @throws InvalidArgumentException When the contract is missing or the file unreadable.
	 */
	public function start( int $contract_id, int $user_id, string $text, bool $create_accounts = false ): string {
		$this->service->contract( $contract_id );
		$parsed = MemberCsv::parse( $text );
		$token  = strtolower( wp_generate_password( 20, false ) );
		set_transient(
			self::PREFIX . $token,
			array(
				'contract_id'     => $contract_id,
				'user_id'         => $user_id,
				'rows'            => $parsed['rows'],
				'offset'          => 0,
				'report'          => $parsed['report']->to_array(),
				'total'           => count( $parsed['rows'] ) + $parsed['report']->rows(),
				'create_accounts' => $create_accounts,
			),
			DAY_IN_SECONDS
		);
		return $token;
	}

	/**
	 * Where a job stands: processed and total rows of the file, whether it is done, the report so far.
	 *
	 * @param string $token       Job.
	 * @param int    $contract_id Contract the caller acts on.
	 * @param int    $user_id     Caller.
	 * @return array{processed: int, total: int, done: bool, report: ImportReport}
	 * @throws InvalidArgumentException When the job is missing, expired or someone else's.
	 */
	public function status( string $token, int $contract_id, int $user_id ): array {
		$job    = $this->job( $token, $contract_id, $user_id );
		$report = ImportReport::from_array( $job['report'] );
		return array(
			'processed' => $report->rows(),
			'total'     => $job['total'],
			'done'      => $job['offset'] >= count( $job['rows'] ),
			'report'    => $report,
		);
	}

	/**
	 * Imports the job's next batch and returns its new status.
	 *
	 * @param string $token       Job.
	 * @param int    $contract_id Contract the caller acts on.
	 * @param int    $user_id     Caller.
	 * @return array{processed: int, total: int, done: bool, report: ImportReport}
	 * @throws InvalidArgumentException When the job is missing, expired or someone else's.
	 */
	public function next_batch( string $token, int $contract_id, int $user_id ): array {
		$job   = $this->job( $token, $contract_id, $user_id );
		$batch = array_slice( $job['rows'], $job['offset'], self::BATCH );
		if ( $batch ) {
			$report         = ImportReport::from_array( $job['report'] )->plus( $this->service->import_members( $contract_id, $batch, false, $job['create_accounts'] ) );
			$job['offset'] += count( $batch );
			$job['report']  = $report->to_array();
			set_transient( self::PREFIX . $token, $job, DAY_IN_SECONDS );
		}
		return $this->status( $token, $contract_id, $user_id );
	}

	/**
	 * A stored job of this caller for this contract.
	 *
	 * @param string $token       Job.
	 * @param int    $contract_id Contract.
	 * @param int    $user_id     Caller.
	 * @return array{contract_id: int, user_id: int, rows: array<int, array{line: int, email: string, first_name: string, last_name: string}>, offset: int, report: array<string, mixed>, total: int, create_accounts: bool}
	 * @throws InvalidArgumentException When there is none.
	 */
	private function job( string $token, int $contract_id, int $user_id ): array {
		$job = preg_match( '/^[a-z0-9]{20}$/', $token ) ? get_transient( self::PREFIX . $token ) : false;
		if ( ! is_array( $job ) || (int) ( $job['contract_id'] ?? 0 ) !== $contract_id || (int) ( $job['user_id'] ?? 0 ) !== $user_id ) {
			throw new InvalidArgumentException( esc_html__( 'This import is no longer available: upload the file again.', 'library-portal' ) );
		}
		$rows = array();
		foreach ( (array) ( $job['rows'] ?? array() ) as $row ) {
			$rows[] = array(
				'line'       => (int) ( $row['line'] ?? 0 ),
				'email'      => (string) ( $row['email'] ?? '' ),
				'first_name' => (string) ( $row['first_name'] ?? '' ),
				'last_name'  => (string) ( $row['last_name'] ?? '' ),
			);
		}
		return array(
			'contract_id'     => $contract_id,
			'user_id'         => $user_id,
			'rows'            => $rows,
			'offset'          => (int) ( $job['offset'] ?? 0 ),
			'report'          => (array) ( $job['report'] ?? array() ),
			'total'           => (int) ( $job['total'] ?? count( $rows ) ),
			'create_accounts' => ! empty( $job['create_accounts'] ),
		);
	}
}
