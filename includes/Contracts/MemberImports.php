<?php
/**
 * Member imports run in batches.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

use InvalidArgumentException;
use LibraryPortal\Core\Database\ClaimRepository;
use LibraryPortal\Platform\Queue;

/**
 * An uploaded file is read once (MemberCsv) into a job kept for a day in a transient, bound to
 * the admin who uploaded it and to its contract; each request then imports the next BATCH
 * addresses, so a long file never hits a request's time limit and the screen can show progress.
 * Progress counts the file's data rows (bad and repeated rows included), as the admin sees the
 * file: the rows the report accounts for out of all rows.
 *
 * The batches run in the background (Background\Queue: Action Scheduler or WP-Cron), one queued
 * job per batch, so a file is imported whole even when the admin closes the screen; the screen's
 * own calls import a batch too when no job holds the import (docs/rules/platform.md, "Background work").
 * A claim per import lets one of them work at a time, so no batch is imported twice.
 */
final class MemberImports {

	/**
	 * Addresses imported per request.
	 */
	public const BATCH = 100;

	/**
	 * The queued job that imports one batch: `{ token }`.
	 */
	public const HOOK = 'library_portal_import_batch';

	/**
	 * Seconds after which a claim left by a worker that died is taken over.
	 */
	private const STALE_CLAIM = 300;

	private const PREFIX = 'library_portal_import_';

	/**
	 * Contracts.
	 *
	 * @var ContractService
	 */
	private ContractService $service;

	/**
	 * Background queue.
	 *
	 * @var Queue
	 */
	private Queue $queue;

	/**
	 * Claims on running imports.
	 *
	 * @var ClaimRepository
	 */
	private ClaimRepository $claims;

	/**
	 * Builds the job store.
	 *
	 * @param ContractService $service Contracts.
	 * @param Queue|null      $queue   Background queue.
	 */
	public function __construct( ContractService $service, ?Queue $queue = null ) {
		global $wpdb;
		$this->service = $service;
		$this->queue   = $queue ?? new Queue();
		$this->claims  = new ClaimRepository( $wpdb );
	}

	/**
	 * Hooks the queued batches.
	 */
	public function register(): void {
		add_action( self::HOOK, array( $this, 'run_queued' ) );
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
		$this->queue->push( self::HOOK, array( 'token' => $token ) );
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
		$this->job( $token, $contract_id, $user_id );
		$this->import_claimed_batch( $token, $contract_id, $user_id );
		return $this->status( $token, $contract_id, $user_id );
	}

	/**
	 * A queued job: imports the next batch as the admin who uploaded the file (the audit trail
	 * names them), then queues the next one until the file is done. A job that finds the import
	 * claimed, gone or finished does nothing; one whose uploader no longer holds the contracts
	 * capability ends the import.
	 *
	 * @param mixed $payload `{ token }`, as the runner stored it.
	 */
	public function run_queued( $payload ): void {
		$token = is_array( $payload ) ? (string) ( $payload['token'] ?? '' ) : '';
		$job   = preg_match( '/^[a-z0-9]{20}$/', $token ) ? get_transient( self::PREFIX . $token ) : false;
		if ( ! is_array( $job ) ) {
			return;
		}
		$contract_id = (int) ( $job['contract_id'] ?? 0 );
		$user_id     = (int) ( $job['user_id'] ?? 0 );
		if ( ! user_can( $user_id, ContractsPage::CAPABILITY ) ) {
			// The job acts as its uploader for up to a day: one who lost the right to manage
			// contracts meanwhile (or whose account went) imports nothing more, and the rest of
			// the file is dropped rather than left for the screen (which they can no longer open).
			delete_transient( self::PREFIX . $token );
			return;
		}
		$acting = get_current_user_id();
		wp_set_current_user( $user_id );
		try {
			$imported = $this->import_claimed_batch( $token, $contract_id, $user_id );
			$done     = $this->status( $token, $contract_id, $user_id )['done'];
		} catch ( InvalidArgumentException $gone ) {
			$imported = false;
			$done     = true; // The contract or the import went away meanwhile.
		} finally {
			wp_set_current_user( $acting );
		}
		if ( $imported && ! $done ) {
			$this->queue->push( self::HOOK, array( 'token' => $token ) );
		}
	}

	/**
	 * Imports the next batch when nobody else is importing this file; false when another worker
	 * (the queue or the screen) holds it or nothing was left.
	 *
	 * @param string $token       Job.
	 * @param int    $contract_id Contract.
	 * @param int    $user_id     Admin who uploaded the file.
	 * @throws InvalidArgumentException When the job is missing or the contract gone.
	 */
	private function import_claimed_batch( string $token, int $contract_id, int $user_id ): bool {
		$claim = self::PREFIX . 'claim_' . $token;
		$now   = time();
		if ( ! $this->claims->take( $claim, $now ) ) {
			$since = $this->claims->since( $claim );
			if ( $since > $now - self::STALE_CLAIM ) {
				return false;
			}
			$this->claims->drop( $claim, $since ); // Left by a worker that died: taken over.
			if ( ! $this->claims->take( $claim, $now ) ) {
				return false;
			}
		}
		try {
			$job   = $this->job( $token, $contract_id, $user_id ); // Read under the claim: the offset is current.
			$batch = array_slice( $job['rows'], $job['offset'], self::BATCH );
			if ( ! $batch ) {
				return false;
			}
			$report         = ImportReport::from_array( $job['report'] )->plus( $this->service->import_members( $contract_id, $batch, false, $job['create_accounts'], true ) );
			$job['offset'] += count( $batch );
			$job['report']  = $report->to_array();
			set_transient( self::PREFIX . $token, $job, DAY_IN_SECONDS );
			return true;
		} finally {
			$this->claims->drop( $claim, $now );
		}
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
