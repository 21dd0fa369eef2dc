<?php
/**
 * A person added to a contract is told: a notification and an e-mail.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Contracts;

use LibraryPortal\Contracts\ContractService;
use LibraryPortal\Contracts\MemberImports;
use LibraryPortal\Contracts\WelcomeEmails;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\RunsBackgroundJobs;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Added one by one (the contract screen, WP-CLI) they are told at once; added by an import, by
 * one queued job per batch. Someone who already has a library of their own is told too; an
 * account the import made gets WordPress's new-user e-mail instead of ours, and the notification.
 */
final class ContractMemberToldTest extends TestCase {

	use RunsBackgroundJobs;
	use ServesRequests;

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
	 * The contracts service as the plugin builds it.
	 */
	private function service(): ContractService {
		return new ContractService( $this->services()->contracts, $this->services()->seat_audit );
	}

	/**
	 * The notifications the user's bell lists.
	 *
	 * @param int $user_id User.
	 * @return array<int, array<string, mixed>>
	 */
	private function notifications( int $user_id ): array {
		return $this->send( 'GET', '/library/v2/notifications', $user_id )->get_data()['data']['notifications'];
	}

	public function test_someone_with_a_library_added_on_the_contract_screen_gets_a_notification_and_an_email(): void {
		$member = $this->make_user(
			'subscriber',
			array(
				'display_name' => 'Maya Member',
				'user_email'   => 'maya@example.com',
			)
		);
		Library::grant( $member, Library::item( 'Her Own Training' ) ); // She already has a library.
		$service  = $this->service();
		$contract = $service->create( array( 'title' => 'Riverside Clinic 2027' ) );

		$service->add_member( $contract, 'maya@example.com' );

		$told = array_values( array_filter( $this->notifications( $member ), static fn( $n ) => 'contract_added' === $n['type'] ) );
		$this->assertCount( 1, $told );
		$this->assertSame( 'You were added to Riverside Clinic 2027. Its trainings are in your library.', $told[0]['message'] );
		$this->assertSame( array( 'maya@example.com' ), array_column( $this->mail, 'to' ) );
		$this->assertStringContainsString( 'You were added to Riverside Clinic 2027', (string) $this->mail[0]['subject'] );
		$this->assertStringContainsString( home_url( '/contract/' . $contract . '/' ), (string) $this->mail[0]['message'] );
		$this->assertStringContainsString( 'Hello Maya Member,', (string) $this->mail[0]['message'] );
		// In the brand's layout, as the invitation: HTML with the address behind a button (Mail\BrandedMail).
		$this->assertContains( 'Content-Type: text/html; charset=UTF-8', (array) $this->mail[0]['headers'] );
		$this->assertStringContainsString( '>Open your library</a>', (string) $this->mail[0]['message'] );

		$service->add_member( $contract, 'maya@example.com' ); // Already a member: told nothing again.
		$this->assertCount( 1, $this->mail );
		$this->assertCount( 1, array_filter( $this->notifications( $member ), static fn( $n ) => 'contract_added' === $n['type'] ) );
	}

	public function test_an_import_tells_each_member_it_added_by_one_queued_job(): void {
		$admin = $this->make_user( 'administrator' );
		$known = $this->make_user( 'subscriber', array( 'user_email' => 'known@example.com' ) );
		$id    = $this->service()->create( array( 'title' => 'Imported Team' ) );
		$jobs  = new MemberImports( $this->service() );

		$jobs->next_batch( $jobs->start( $id, $admin, "email\nknown@example.com\nfresh@example.com\n", true ), $id, $admin );
		$this->assertSame( array(), $this->mail, 'Nothing is sent in the import\'s request.' );
		$this->assertCount( 1, $this->queued_jobs( WelcomeEmails::ADDED_HOOK ), 'One job for the batch.' );
		$this->run_queued_jobs( WelcomeEmails::ADDED_HOOK );
		$this->run_queued_jobs( WelcomeEmails::HOOK );

		$fresh = (int) get_user_by( 'email', 'fresh@example.com' )->ID;
		foreach ( array( $known, $fresh ) as $user_id ) {
			$this->assertContains( 'contract_added', array_column( $this->notifications( $user_id ), 'type' ), "User $user_id is notified." );
		}
		$to_known = array_values( array_filter( $this->mail, static fn( $m ) => 'known@example.com' === $m['to'] ) );
		$to_fresh = array_values( array_filter( $this->mail, static fn( $m ) => 'fresh@example.com' === $m['to'] ) );
		$this->assertCount( 1, $to_known );
		$this->assertStringContainsString( 'You were added to Imported Team', (string) $to_known[0]['subject'] );
		$this->assertCount( 1, $to_fresh, 'The new account gets one e-mail: WordPress\'s, to set a password.' );
		$this->assertStringContainsString( 'set your password', (string) $to_fresh[0]['message'] );
	}
}
