<?php
/**
 * wp library-portal contract.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

use InvalidArgumentException;
use LibraryPortal\Platform\Database\WriteFailed;
use WP_CLI;

/**
 * Manages contracts: lists them, creates one, adds and removes members and items, imports
 * members from a CSV file. A thin layer over ContractService, which checks every value; a
 * refused one stops the command with its message and nothing changed.
 */
final class ContractCommand {

	/**
	 * Contracts.
	 *
	 * @var ContractService
	 */
	private ContractService $service;

	/**
	 * Wires the command.
	 *
	 * @param ContractService $service Contracts.
	 */
	public function __construct( ContractService $service ) {
		$this->service = $service;
	}

	/**
	 * Lists the contracts with their member and item counts.
	 *
	 * ## OPTIONS
	 *
	 * [--format=<format>]
	 * : Output format.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - csv
	 *   - json
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp library-portal contract list --format=csv
	 *
	 * @subcommand list
	 *
	 * @param string[]              $args       Positional arguments.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function list_( array $args, array $assoc_args ): void {
		$rows  = array();
		$count = $this->service->count();
		foreach ( $this->service->page( max( 1, $count ), 1, 'id', false ) as $summary ) {
			$contract = $summary->contract;
			$rows[]   = array(
				'id'        => $contract->id,
				'title'     => $contract->title,
				'organizer' => $contract->organizer_name,
				'email'     => $contract->organizer_email,
				'starts'    => ContractService::date_field( $contract->starts_at, false ),
				'ends'      => ContractService::date_field( $contract->ends_at, true ),
				'members'   => $summary->member_count,
				'items'     => $summary->item_count,
				'status'    => $summary->status,
			);
		}
		$format = $assoc_args['format'] ?? 'table';
		if ( ! in_array( $format, array( 'table', 'csv', 'json' ), true ) ) {
			WP_CLI::error( sprintf( 'Unknown format "%s": use table, csv or json.', $format ) );
		}
		\WP_CLI\Utils\format_items( $format, $rows, array( 'id', 'title', 'organizer', 'email', 'starts', 'ends', 'members', 'items', 'status' ) );
	}

	/**
	 * Creates a contract.
	 *
	 * ## OPTIONS
	 *
	 * --title=<title>
	 * : Title (the heading of the contract library).
	 *
	 * [--organizer-name=<name>]
	 * : Organizer's name.
	 *
	 * [--organizer-title=<title>]
	 * : Organizer's job title.
	 *
	 * [--organizer-phone=<phone>]
	 * : Organizer's phone.
	 *
	 * [--organizer-email=<email>]
	 * : Organizer's e-mail.
	 *
	 * [--organizer-thumb=<id-or-url>]
	 * : Picture: media library image ID or http(s) address.
	 *
	 * [--starts=<Y-m-d>]
	 * : First day (site time); from now when left out.
	 *
	 * [--ends=<Y-m-d>]
	 * : Last day, included; open-ended when left out.
	 *
	 * [--status=<status>]
	 * : active or inactive.
	 * ---
	 * default: active
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp library-portal contract create --title="Riverside Health" --organizer-email=dana@example.com --ends=2027-06-30
	 *
	 * @param string[]              $args       Positional arguments.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function create( array $args, array $assoc_args ): void {
		$input = array();
		foreach ( array( 'title', 'organizer-name', 'organizer-title', 'organizer-phone', 'organizer-email', 'organizer-thumb', 'starts', 'ends', 'status' ) as $option ) {
			$input[ str_replace( '-', '_', $option ) ] = (string) ( $assoc_args[ $option ] ?? '' );
		}
		$input['status'] = '' === $input['status'] ? 'active' : $input['status'];
		$id              = $this->run( fn() => $this->service->create( $input ) );
		WP_CLI::success( sprintf( 'Contract %d created.', $id ) );
	}

	/**
	 * Adds an account to a contract.
	 *
	 * ## OPTIONS
	 *
	 * <contract>
	 * : Contract ID.
	 *
	 * <user>
	 * : User ID or e-mail.
	 *
	 * @subcommand add-member
	 *
	 * @param string[] $args Positional arguments.
	 */
	public function add_member( array $args ): void {
		list( $contract, $who ) = array_pad( $args, 2, '' );
		$added                  = false;
		$user                   = $this->run(
			function () use ( $contract, $who, &$added ) {
				return $this->service->add_member( (int) $contract, $who, $added );
			}
		);
		WP_CLI::success( sprintf( $added ? 'User %1$d added to contract %2$d.' : 'User %1$d was already a member of contract %2$d.', $user, (int) $contract ) );
	}

	/**
	 * Takes a member out of a contract.
	 *
	 * ## OPTIONS
	 *
	 * <contract>
	 * : Contract ID.
	 *
	 * <user>
	 * : User ID or e-mail.
	 *
	 * @subcommand remove-member
	 *
	 * @param string[] $args Positional arguments.
	 */
	public function remove_member( array $args ): void {
		list( $contract, $who ) = array_pad( $args, 2, '' );
		$user                   = $this->run( fn() => $this->service->remove_member( (int) $contract, $who ) );
		WP_CLI::success( sprintf( 'User %1$d removed from contract %2$d.', $user, (int) $contract ) );
	}

	/**
	 * Adds a published library item to a contract (or changes its expiry).
	 *
	 * ## OPTIONS
	 *
	 * <contract>
	 * : Contract ID.
	 *
	 * <item>
	 * : Library item ID.
	 *
	 * [--expires=<Y-m-d>]
	 * : Last day of the item, included; with the contract when left out.
	 *
	 * @subcommand add-item
	 *
	 * @param string[]              $args       Positional arguments.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function add_item( array $args, array $assoc_args ): void {
		list( $contract, $item ) = array_pad( $args, 2, '' );
		$added                   = $this->run( fn() => $this->service->add_item( (int) $contract, (int) $item, (string) ( $assoc_args['expires'] ?? '' ) ) );
		WP_CLI::success( sprintf( $added ? 'Item %1$d added to contract %2$d.' : 'Expiry of item %1$d in contract %2$d changed.', (int) $item, (int) $contract ) );
	}

	/**
	 * Imports members from a CSV file: a header naming an "email" column, one address per
	 * line, comma or semicolon separated. Addresses without an account are reported, not created.
	 *
	 * ## OPTIONS
	 *
	 * <contract>
	 * : Contract ID.
	 *
	 * <file>
	 * : CSV file.
	 *
	 * [--dry-run]
	 * : Report what would happen without changing anything.
	 *
	 * ## EXAMPLES
	 *
	 *     wp library-portal contract import 7 members.csv --dry-run
	 *
	 * @param string[]            $args       Positional arguments.
	 * @param array<string, bool> $assoc_args Options.
	 */
	public function import( array $args, array $assoc_args ): void {
		list( $contract, $file ) = array_pad( $args, 2, '' );
		$dry_run                 = ! empty( $assoc_args['dry-run'] );
		if ( ! is_readable( $file ) || is_dir( $file ) ) {
			WP_CLI::error( sprintf( 'Cannot read the file "%s".', $file ) );
		}
		$text    = (string) file_get_contents( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file named on the command line.
		$parsed  = $this->run(
			function () use ( $contract, $text ) {
				$this->service->contract( (int) $contract );
				return MemberCsv::parse( $text );
			}
		);
		$report  = $parsed['report'];
		$batches = array_chunk( $parsed['rows'], MemberImports::BATCH );
		$bar     = function_exists( '\WP_CLI\Utils\make_progress_bar' ) ? \WP_CLI\Utils\make_progress_bar( $dry_run ? 'Checking members' : 'Importing members', count( $parsed['rows'] ) ) : null;
		foreach ( $batches as $batch ) {
			$report = $report->plus( $this->run( fn() => $this->service->import_members( (int) $contract, $batch, $dry_run, false, true ) ) );
			if ( $bar ) {
				$bar->tick( count( $batch ) );
			}
		}
		if ( $bar ) {
			$bar->finish();
		}
		$this->report( $report, $dry_run );
	}

	/**
	 * Prints an import's bad rows and totals.
	 *
	 * @param ImportReport $report  Report.
	 * @param bool         $dry_run Whether nothing was written.
	 */
	private function report( ImportReport $report, bool $dry_run ): void {
		foreach ( $report->bad as $row ) {
			WP_CLI::warning( sprintf( 'Line %1$d: "%2$s": %3$s', $row['line'], $row['value'], $row['reason'] ) );
		}
		WP_CLI::success( ( $dry_run ? 'Dry run, nothing changed: ' : '' ) . $report->summary() );
	}

	/**
	 * Runs a service call; a refused value stops the command with its message.
	 *
	 * @param callable $call Call.
	 * @return mixed What it returned.
	 */
	private function run( callable $call ) {
		try {
			return $call();
		} catch ( InvalidArgumentException | WriteFailed $error ) {
			WP_CLI::error( wp_specialchars_decode( $error->getMessage(), ENT_QUOTES ) ); // Made escaped for HTML; a terminal shows text.
		}
	}
}
