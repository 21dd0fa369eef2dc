<?php
/**
 * Member imports from CSV files.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Contracts;

use InvalidArgumentException;
use LibraryPortal\Contracts\ContractService;
use LibraryPortal\Contracts\MemberCsv;
use LibraryPortal\Contracts\MemberImports;
use LibraryPortal\Contracts\WelcomeEmails;
use LibraryPortal\Core\Database\ClaimRepository;
use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Tests\Support\RunsBackgroundJobs;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Bad rows are reported with their line, value and reason, in the file's order; good rows are
 * added; a repeated address counts once; accounts are created only when the admin asks (with
 * WordPress's new-user e-mail); batches add up to one report; progress counts the file's rows.
 */
final class MemberImportTest extends TestCase {

	use RunsBackgroundJobs;

	/**
	 * The service over the test's connection.
	 */
	private function service(): ContractService {
		return new ContractService( $this->services()->contracts, $this->services()->seat_audit );
	}

	/**
	 * A contract to import into.
	 */
	private function contract(): int {
		return $this->service()->create( array( 'title' => 'Import target' ) );
	}

	public function test_a_file_with_bad_rows_keeps_the_good_ones(): void {
		$ada     = $this->make_user( 'subscriber', array( 'user_email' => 'ada@example.com' ) );
		$ben     = $this->make_user( 'subscriber', array( 'user_email' => 'Ben@Example.com' ) );
		$cleo    = $this->make_user( 'subscriber', array( 'user_email' => 'cleo@example.com' ) );
		$id      = $this->contract();
		$service = $this->service();
		$service->add_member( $id, (string) $cleo );
		$csv = "\xEF\xBB\xBFE-mail;First name;Last name\r\n"
			. "ada@example.com;Ada;Lovelace\r\n"
			. "not-an-address;No;Body\r\n"
			. "\r\n"
			. "ben@example.com;Ben;\r\n"
			. "ADA@example.com;Ada;Again\r\n"
			. ";Empty;Row\r\n"
			. "ghost@example.com;Ghost;\r\n"
			. "\"cleo@example.com\";\"Cleo; the second\";x\r\n";

		$parsed = MemberCsv::parse( $csv );
		$report = $parsed['report']->plus( $service->import_members( $id, $parsed['rows'] ) );

		$this->assertSame( 2, $report->added );
		$this->assertSame( 1, $report->already );
		$this->assertSame( 1, $report->duplicates, 'ADA@ repeats ada@.' );
		$this->assertSame(
			array(
				array(
					'line'   => 3,
					'value'  => 'not-an-address',
					'reason' => 'Not a valid e-mail address.',
				),
				array(
					'line'   => 7,
					'value'  => '',
					'reason' => 'No e-mail address.',
				),
				array(
					'line'   => 8,
					'value'  => 'ghost@example.com',
					'reason' => 'No account with this e-mail.',
				),
			),
			$report->bad
		);
		$members = array_column( $service->members( $id ), 'user_id' );
		sort( $members );
		$this->assertSame( array( $ada, $ben, $cleo ), $members );
		$this->assertFalse( get_user_by( 'email', 'ghost@example.com' ), 'No account is created.' );
	}

	public function test_a_dry_run_changes_nothing(): void {
		$this->make_user( 'subscriber', array( 'user_email' => 'dry@example.com' ) );
		$id     = $this->contract();
		$parsed = MemberCsv::parse( "email\ndry@example.com\nwet@example.com\n" );

		$report = $this->service()->import_members( $id, $parsed['rows'], true );

		$this->assertSame( array( 1, 1 ), array( $report->added, count( $report->bad ) ) );
		$this->assertSame( array(), $this->service()->members( $id ) );
	}

	public function test_a_file_without_an_email_header_is_refused(): void {
		foreach ( array( '', "\n\n", "name,phone\nada@example.com,1\n", "ada@example.com\nben@example.com\n" ) as $csv ) {
			try {
				MemberCsv::parse( $csv );
				$this->fail( 'accepted: ' . $csv );
			} catch ( InvalidArgumentException $refused ) {
				$this->assertNotSame( '', $refused->getMessage() );
			}
		}
	}

	public function test_a_comma_file_with_only_an_email_column_reads(): void {
		$parsed = MemberCsv::parse( "Email\nada@example.com\n\"ben@example.com\"\n" );
		$this->assertSame( array( 'ada@example.com', 'ben@example.com' ), array_column( $parsed['rows'], 'email' ) );
		$this->assertSame( array( 2, 3 ), array_column( $parsed['rows'], 'line' ) );
	}

	public function test_batches_add_up_to_one_report_for_the_admin_who_started_it(): void {
		$admin = $this->make_user( 'administrator' );
		$other = $this->make_user( 'administrator' );
		$known = array( $this->make_user( 'subscriber', array( 'user_email' => 'first@example.com' ) ), $this->make_user( 'subscriber', array( 'user_email' => 'last@example.com' ) ) );
		$id    = $this->contract();
		$lines = array( 'email', 'first@example.com' );
		for ( $i = 0; $i < MemberImports::BATCH + 20; $i++ ) {
			$lines[] = "unknown$i@example.com";
		}
		$lines[] = 'last@example.com';
		$lines[] = 'first@example.com';
		$imports = new MemberImports( $this->service() );

		$token = $imports->start( $id, $admin, implode( "\n", $lines ) );
		$this->assertSame(
			array( 1, MemberImports::BATCH + 23, false ),
			array_slice( array_values( $imports->status( $token, $id, $admin ) ), 0, 3 ),
			'Rows of the file: the repeat was decided on upload.'
		);
		foreach ( array( array( $other, $id ), array( $admin, $id + 1 ) ) as list( $user, $contract ) ) {
			try {
				$imports->next_batch( $token, $contract, $user );
				$this->fail( 'someone else ran the job' );
			} catch ( InvalidArgumentException $refused ) {
				$this->assertStringContainsString( 'no longer available', $refused->getMessage() );
			}
		}

		$first = $imports->next_batch( $token, $id, $admin );
		$this->assertSame( array( MemberImports::BATCH + 1, false ), array( $first['processed'], $first['done'] ) );
		$this->assertSame( array( $known[0] ), array_column( $this->service()->members( $id ), 'user_id' ), 'The first batch is stored at once.' );
		$done = $imports->next_batch( $token, $id, $admin );

		$this->assertTrue( $done['done'] );
		$this->assertSame( 2, $done['report']->added );
		$this->assertSame( 1, $done['report']->duplicates );
		$this->assertCount( MemberImports::BATCH + 20, $done['report']->bad );
		$this->assertSame( 3, $done['report']->bad[0]['line'] );
		$this->assertEquals( $done, $imports->next_batch( $token, $id, $admin ), 'A finished job does nothing more.' );
	}

	/**
	 * A file of several batches, uploaded and left: the queued jobs import it whole, one batch each,
	 * as the admin who uploaded it, whichever runner the site has (WP-Cron here, Action Scheduler
	 * with WooCommerce).
	 */
	public function test_a_file_is_imported_whole_in_the_background_as_the_admin_who_uploaded_it(): void {
		$admin = $this->make_user( 'administrator' );
		$id    = $this->contract();
		$lines = array( 'email' );
		for ( $i = 0; $i < MemberImports::BATCH + 20; $i++ ) {
			$this->make_user( 'subscriber', array( 'user_email' => "queued$i@example.com" ) );
			$lines[] = "queued$i@example.com";
		}
		$imports = new MemberImports( $this->service() );
		$imports->register();
		$token = $imports->start( $id, $admin, implode( "\n", $lines ) );
		wp_set_current_user( 0 ); // The runner is nobody: a cron request or Action Scheduler's.

		$this->assertCount( 1, $this->queued_jobs( MemberImports::HOOK ), 'Uploading queues the first batch.' );
		$runs = 0;
		while ( $this->queued_jobs( MemberImports::HOOK ) && $runs < 5 ) {
			$runs += $this->run_queued_jobs( MemberImports::HOOK );
		}

		$this->assertSame( 2, $runs, 'One job per batch, and none after the last.' );
		$status = $imports->status( $token, $id, $admin );
		$this->assertSame( array( MemberImports::BATCH + 20, true, MemberImports::BATCH + 20 ), array( $status['processed'], $status['done'], $status['report']->added ) );
		$this->assertCount( MemberImports::BATCH + 20, $this->service()->members( $id ) );
		$audit = array_filter( $this->services()->seat_audit->page( 0, 50 ), static fn( $entry ): bool => ContractService::IMPORT_ACTION === $entry->action );
		$this->assertSame( array( $admin, $admin ), array_values( array_map( static fn( $entry ): int => $entry->actor_id, $audit ) ), 'The audit trail names the admin, not the runner.' );
		$this->assertSame( 0, get_current_user_id(), 'The runner is nobody again afterwards.' );
	}

	/**
	 * The queued batches act as the uploader for up to a day. Once the uploader
	 * no longer holds manage_library_contracts (role changed, account deleted), the next batch
	 * imports nothing and the import ends; the batch before the change stays.
	 *
	 * @dataProvider lost_rights
	 *
	 * @param string $how How the uploader lost the right.
	 */
	public function test_a_queued_batch_stops_when_the_uploader_lost_the_contracts_capability( string $how ): void {
		$admin = $this->make_user( 'administrator' );
		$id    = $this->contract();
		$lines = array( 'email' );
		for ( $i = 0; $i < MemberImports::BATCH + 20; $i++ ) {
			$this->make_user( 'subscriber', array( 'user_email' => "demoted$i@example.com" ) );
			$lines[] = "demoted$i@example.com";
		}
		$imports = new MemberImports( $this->service() ); // The plugin's own instance runs the queued jobs.
		$token   = $imports->start( $id, $admin, implode( "\n", $lines ) );
		wp_set_current_user( 0 );
		$this->assertSame( 1, $this->run_queued_jobs( MemberImports::HOOK ), 'the first batch, while an admin' );
		$this->assertCount( MemberImports::BATCH, $this->service()->members( $id ) );

		if ( 'demoted' === $how ) {
			( new \WP_User( $admin ) )->set_role( 'subscriber' );
		} else {
			require_once ABSPATH . 'wp-admin/includes/user.php';
			wp_delete_user( $admin );
		}
		$this->assertSame( 1, $this->run_queued_jobs( MemberImports::HOOK ) );

		$this->assertCount( MemberImports::BATCH, $this->service()->members( $id ), 'nothing more imported' );
		$this->assertSame( array(), $this->queued_jobs( MemberImports::HOOK ), 'no batch queued after it' );
		$this->assertFalse( get_transient( 'library_portal_import_' . $token ), 'the rest of the file is dropped' );
		$this->assertSame( 0, get_current_user_id() );
	}

	/**
	 * Ways to lose the right.
	 *
	 * @return array<string, array{0: string}>
	 */
	public static function lost_rights(): array {
		return array(
			'role changed'    => array( 'demoted' ),
			'account deleted' => array( 'deleted' ),
		);
	}

	public function test_the_screen_and_a_queued_job_never_import_one_batch_twice(): void {
		global $wpdb;
		$admin = $this->make_user( 'administrator' );
		$id    = $this->contract();
		$lines = array( 'email' );
		for ( $i = 0; $i < MemberImports::BATCH + 5; $i++ ) {
			$this->make_user( 'subscriber', array( 'user_email' => "claimed$i@example.com" ) );
			$lines[] = "claimed$i@example.com";
		}
		$imports = new MemberImports( $this->service() );
		$imports->register();
		$token  = $imports->start( $id, $admin, implode( "\n", $lines ) );
		$claims = new ClaimRepository( $wpdb );
		$claim  = 'library_portal_import_claim_' . $token;

		$claims->take( $claim, time() ); // A worker is importing this file right now.
		$this->assertSame( 0, $imports->next_batch( $token, $id, $admin )['processed'], 'The screen waits for the worker.' );
		$this->run_queued_jobs( MemberImports::HOOK );
		$this->assertSame( 0, $imports->status( $token, $id, $admin )['processed'], 'So does a queued job.' );
		$this->assertSame( array(), $this->queued_jobs( MemberImports::HOOK ), 'A job that found the import claimed queues nothing more.' );

		$claims->drop( $claim );
		$claims->take( $claim, time() - 301 ); // A worker that died five minutes ago.
		$this->assertSame( MemberImports::BATCH, $imports->next_batch( $token, $id, $admin )['processed'], 'A dead worker\'s claim is taken over.' );
		$this->assertSame( 0, $claims->since( $claim ), 'The claim is let go after the batch.' );
		$done = $imports->next_batch( $token, $id, $admin );
		$this->assertSame( array( MemberImports::BATCH + 5, true, MemberImports::BATCH + 5 ), array( $done['processed'], $done['done'], $done['report']->added ) );
	}

	/**
	 * @group queries
	 */
	public function test_a_batch_runs_a_fixed_number_of_queries_whatever_its_size(): void {
		remove_all_actions( Repository::LIBRARY_CHANGED ); // The cache's own invalidation is per user, by design.
		$service = $this->service();
		$queries = array();
		foreach ( array( 10, MemberImports::BATCH ) as $size ) {
			$id   = $this->contract();
			$rows = array();
			for ( $i = 0; $i < $size; $i++ ) {
				$email = "batch$size-$i@example.com";
				$this->make_user( 'subscriber', array( 'user_email' => $email ) );
				$rows[] = array(
					'line'  => $i + 2,
					'email' => $email,
				);
			}
			$rows[]           = array(
				'line'  => $size + 2,
				'email' => "nobody$size@example.com",
			);
			$report           = null;
			$queries[ $size ] = $this->count_queries(
				function () use ( $service, $id, $rows, &$report ) {
					$report = $service->import_members( $id, $rows );
				}
			);
			$this->assertSame( array( $size, 1 ), array( $report->added, count( $report->bad ) ) );
		}
		$this->assertSame( $queries[10], $queries[ MemberImports::BATCH ] );
		// The contract's check, the accounts, the members already there, one INSERT IGNORE and the audit row.
		$this->assertLessThanOrEqual( 5, $queries[10] );
	}

	public function test_bad_rows_are_listed_in_the_files_line_order(): void {
		$admin   = $this->make_user( 'administrator' );
		$id      = $this->contract();
		$imports = new MemberImports( $this->service() );
		// Line 2 is refused by the account lookup, line 3 by the parser: found in the other order.
		$token = $imports->start( $id, $admin, "email\nghost@example.com\nnot-an-address\n;empty\n" );

		$done = $imports->next_batch( $token, $id, $admin );

		$this->assertSame( array( 2, 3, 4 ), array_column( $done['report']->bad, 'line' ) );
	}

	public function test_progress_counts_the_files_rows_not_its_addresses(): void {
		$admin = $this->make_user( 'administrator' );
		$this->make_user( 'subscriber', array( 'user_email' => 'rows@example.com' ) );
		$id      = $this->contract();
		$imports = new MemberImports( $this->service() );
		$token   = $imports->start( $id, $admin, "email\nrows@example.com\nROWS@example.com\nbad\nnobody@example.com\n" );

		$start = $imports->status( $token, $id, $admin );
		$this->assertSame( array( 2, 4, false ), array( $start['processed'], $start['total'], $start['done'] ), 'The repeat and the bad row were decided on upload.' );
		$done = $imports->next_batch( $token, $id, $admin );

		$this->assertSame( array( 4, 4, true ), array( $done['processed'], $done['total'], $done['done'] ) );
		$this->assertSame( array( 1, 0, 1, 2 ), array( $done['report']->added, $done['report']->already, $done['report']->duplicates, count( $done['report']->bad ) ) );
	}

	public function test_new_addresses_get_accounts_and_the_new_user_email_only_when_asked(): void {
		$admin = $this->make_user( 'administrator' );
		$this->make_user(
			'subscriber',
			array(
				'user_email' => 'taken@example.com',
				'user_login' => 'newbie',
			)
		);
		$mail = array();
		add_filter(
			'pre_wp_mail',
			static function ( $pre, array $atts ) use ( &$mail ) {
				$mail[] = $atts;
				return true;
			},
			10,
			2
		);
		$csv     = "email,first_name,last_name\ntaken@example.com,T,Aken\nnewbie@example.com,Nora,Newbie\n";
		$imports = new MemberImports( $this->service() );

		$without = $this->contract();
		$done    = $imports->next_batch( $imports->start( $without, $admin, $csv ), $without, $admin );
		$this->assertSame( array( 1, 0 ), array( $done['report']->added, $done['report']->created ) );
		$this->assertSame( 'No account with this e-mail.', $done['report']->bad[0]['reason'] );
		$this->assertFalse( get_user_by( 'email', 'newbie@example.com' ) );
		$this->assertSame( array(), $mail );

		$with = $this->contract();
		$done = $imports->next_batch( $imports->start( $with, $admin, $csv, true ), $with, $admin );

		$this->assertSame( array( 2, 1, array() ), array( $done['report']->added, $done['report']->created, $done['report']->bad ) );
		$user = get_user_by( 'email', 'newbie@example.com' );
		$this->assertInstanceOf( \WP_User::class, $user );
		$this->assertSame( array( 'newbie-2', 'Nora', 'Newbie', 'Nora Newbie' ), array( $user->user_login, $user->first_name, $user->last_name, $user->display_name ), 'The login is the address\'s local part, made unique.' );
		$this->assertSame( array( get_option( 'default_role' ) ), $user->roles );
		$this->assertContains( $user->ID, array_column( $this->service()->members( $with ), 'user_id' ) );
		$this->assertSame( array(), $mail, 'The e-mail leaves the request.' );
		$this->run_queued_jobs( WelcomeEmails::HOOK );
		$this->assertCount( 1, $mail, 'Only the new account is written to; the admin gets no copy per row.' );
		$this->assertSame( 'newbie@example.com', $mail[0]['to'] );
		$this->assertStringContainsString( 'set your password', $mail[0]['message'] );

		$again = $this->contract();
		$done  = $imports->next_batch( $imports->start( $again, $admin, $csv, true ), $again, $admin );
		$this->assertSame( array( 2, 0 ), array( $done['report']->added, $done['report']->created ), 'An address with an account is never given a second one.' );
	}
}
