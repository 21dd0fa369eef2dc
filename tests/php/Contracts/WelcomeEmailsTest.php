<?php
/**
 * New-user e-mails of imported accounts, sent in the background.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Contracts;

use LibraryPortal\Contracts\ContractService;
use LibraryPortal\Contracts\MemberImports;
use LibraryPortal\Contracts\WelcomeEmails;
use LibraryPortal\Platform\Queue;
use LibraryPortal\Tests\Support\RunsBackgroundJobs;
use LibraryPortal\Tests\Support\TestCase;

/**
 * The import leaves the e-mails to one queued job per batch, run by Action Scheduler where
 * WooCommerce brings it and by WP-Cron otherwise (the same test runs either way: the default suite
 * on WP-Cron, LP_WOOCOMMERCE_DIR on Action Scheduler); a job run twice sends each e-mail once.
 */
final class WelcomeEmailsTest extends TestCase {

	use RunsBackgroundJobs;

	/**
	 * Messages handed to wp_mail() (none leaves).
	 *
	 * @var array<int, array<string, mixed>>
	 */
	private array $mail = array();

	/**
	 * Catches mail.
	 */
	protected function set_up() {
		parent::set_up();
		$this->mail = array();
		add_filter(
			'pre_wp_mail',
			function ( $pre, array $atts ) {
				$this->mail[] = $atts;
				return true;
			},
			10,
			2
		);
	}

	/**
	 * Imports a file creating accounts; returns the report.
	 *
	 * @param string $csv CSV text.
	 */
	private function import_creating_accounts( string $csv ): \LibraryPortal\Contracts\ImportReport {
		$admin    = $this->make_user( 'administrator' );
		$contract = new ContractService( $this->services()->contracts, $this->services()->seat_audit );
		$id       = $contract->create( array( 'title' => 'Welcome' ) );
		$imports  = new MemberImports( $contract );
		return $imports->next_batch( $imports->start( $id, $admin, $csv, true ), $id, $admin )['report'];
	}

	public function test_an_import_queues_the_emails_and_the_runner_sends_each_once(): void {
		$report = $this->import_creating_accounts( "email\nwelcome-a@example.com\nwelcome-b@example.com\n" );
		$users  = array_map( static fn( string $email ): int => (int) get_user_by( 'email', $email )->ID, array( 'welcome-a@example.com', 'welcome-b@example.com' ) );

		$this->assertSame( 2, $report->created );
		$this->assertSame( array(), $this->mail, 'Nothing is sent in the import\'s request.' );
		$jobs = $this->queued_jobs( WelcomeEmails::HOOK );
		$this->assertCount( 1, $jobs, 'One job for the batch (runner: ' . Queue::runner() . ').' );
		$this->assertSame( $users, $jobs[0]['user_ids'] );

		$this->assertSame( 1, $this->run_queued_jobs( WelcomeEmails::HOOK ) );

		$this->assertSame( array( 'welcome-a@example.com', 'welcome-b@example.com' ), array_column( $this->mail, 'to' ) );
		$this->assertStringContainsString( 'set your password', (string) $this->mail[0]['message'] );
		$this->assertSame( array(), $this->queued_jobs( WelcomeEmails::HOOK ) );
		$this->assertSame( 0, ( new WelcomeEmails( new Queue() ) )->send( $jobs[0] ), 'The same job run again sends nothing.' );
		$this->assertCount( 2, $this->mail );
	}

	public function test_without_action_scheduler_the_job_is_a_wp_cron_single_event(): void {
		if ( Queue::ACTION_SCHEDULER === Queue::runner() ) {
			$this->markTestSkipped( 'Action Scheduler is loaded (WooCommerce is active): the WP-Cron path runs in the suite without LP_WOOCOMMERCE_DIR.' );
		}
		$this->import_creating_accounts( "email\ncron@example.com\n" );

		$payload = $this->queued_jobs( WelcomeEmails::HOOK )[0];
		$this->assertNotFalse( wp_next_scheduled( WelcomeEmails::HOOK, array( $payload ) ) );
		$this->assertFalse( function_exists( 'as_get_scheduled_actions' ) );
	}

	public function test_with_action_scheduler_the_job_is_an_async_action_of_the_plugins_group(): void {
		if ( Queue::ACTION_SCHEDULER !== Queue::runner() ) {
			$this->markTestSkipped( 'Action Scheduler is not loaded: set LP_WOOCOMMERCE_DIR (WooCommerce ships it; CONTRIBUTING.md).' );
		}
		$this->import_creating_accounts( "email\naction@example.com\n" );

		$this->assertTrue( as_has_scheduled_action( WelcomeEmails::HOOK, null, Queue::GROUP ) );
		$this->assertFalse( wp_next_scheduled( WelcomeEmails::HOOK, array( $this->queued_jobs( WelcomeEmails::HOOK )[0] ) ), 'No WP-Cron event beside it.' );
		$this->run_queued_jobs( WelcomeEmails::HOOK );
		$this->assertSame( array( 'action@example.com' ), array_column( $this->mail, 'to' ) );
		$this->assertFalse( as_has_scheduled_action( WelcomeEmails::HOOK, null, Queue::GROUP ) );
	}

	public function test_a_queue_that_refuses_the_job_runs_it_at_once(): void {
		add_filter( 'pre_schedule_event', static fn() => false );
		add_filter( 'pre_as_enqueue_async_action', static fn() => 0 );

		$this->import_creating_accounts( "email\nrefused@example.com\n" );

		$this->assertSame( array( 'refused@example.com' ), array_column( $this->mail, 'to' ) );
	}
}
