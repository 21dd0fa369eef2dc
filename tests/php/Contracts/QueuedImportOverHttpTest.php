<?php
/**
 * A queued member-import batch run by the served site's wp-cron.php.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions -- curl against the running test site.

namespace LibraryPortal\Tests\Contracts;

use LibraryPortal\Contracts\ContractService;
use LibraryPortal\Contracts\MemberImports;
use LibraryPortal\Platform\Queue;
use LibraryPortal\Tests\Support\ParallelSite;
use LibraryPortal\Tests\Support\TestCase;

/**
 * As a site runs it: an admin uploads a member file and is then demoted; the
 * batch WP-Cron runs afterwards (a request to wp-cron.php, as a system cron or a visit makes)
 * imports nothing and ends the import.
 */
final class QueuedImportOverHttpTest extends TestCase {

	use ParallelSite;

	/**
	 * The contract the test made (deleted afterwards: it was committed).
	 *
	 * @var int
	 */
	private int $contract = 0;

	public function tear_down() {
		if ( $this->contract > 0 ) {
			// The repository's delete: the service's would leave a committed audit row behind.
			$this->services()->contracts->delete( $this->contract );
		}
		parent::tear_down();
	}

	/**
	 * The contracts service over the test's connection.
	 */
	private function service(): ContractService {
		return new ContractService( $this->services()->contracts, $this->services()->seat_audit );
	}

	public function test_wp_cron_runs_no_batch_for_an_uploader_who_was_demoted(): void {
		if ( Queue::ACTION_SCHEDULER === Queue::runner() ) {
			$this->markTestSkipped( 'Action Scheduler runs the batch in its own queue: MemberImportTest checks the rule with either runner.' );
		}
		$admin                      = $this->make_user( 'administrator' );
		$this->committed['users'][] = $admin;
		$this->contract             = $this->service()->create( array( 'title' => 'Queued import over HTTP' ) );
		$lines                      = array( 'email' );
		for ( $i = 0; $i < 5; $i++ ) {
			$lines[] = get_userdata( $this->user() )->user_email;
		}
		$token = ( new MemberImports( $this->service() ) )->start( $this->contract, $admin, implode( "\n", $lines ) );
		( new \WP_User( $admin ) )->set_role( 'subscriber' );
		delete_transient( 'doing_cron' ); // No lock of an earlier spawn: this request runs the due events.

		$handle = curl_init( 'http://127.0.0.1:' . self::$port . '/wp-cron.php' );
		curl_setopt_array(
			$handle,
			array(
				CURLOPT_RETURNTRANSFER => true,
				CURLOPT_TIMEOUT        => 60,
			)
		);
		curl_exec( $handle );
		$status = (int) curl_getinfo( $handle, CURLINFO_HTTP_CODE );
		curl_close( $handle );
		wp_cache_flush(); // Read what the site's request wrote, not this process's copies.

		$this->assertSame( 200, $status );
		$queued = array_filter( (array) _get_cron_array(), static fn( $events ): bool => is_array( $events ) && isset( $events[ MemberImports::HOOK ] ) );
		$this->assertSame( array(), $queued, 'the queued batch was run, and no other queued' );
		$this->assertSame( array(), $this->service()->members( $this->contract ), 'the demoted uploader\'s file imported nothing' );
		$this->assertFalse( get_transient( 'library_portal_import_' . $token ), 'and the import ended' );
	}
}
