<?php
/**
 * A share e-mail when the mail spool's disk is full.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec -- a test harness: it mounts and fills a small filesystem.

namespace LibraryPortal\Tests\Sharing;

use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Learning\ServesRequests;
use LibraryPortal\Tests\Support\TestCase;
use PHPMailer\PHPMailer\PHPMailer;

/**
 * WordPress's wp_mail hands the message to a sendmail (PHPMailer's sendmail transport, as a site
 * whose mail goes through the local MTA) that spools it on a 64 KB tmpfs. With that filesystem full
 * the MTA refuses (exit 75) and wp_mail returns false: the sharer gets a clear error, no quota or
 * cooldown is spent, the invitation is not pending and nothing half written stays in the spool.
 * Once there is room again the same send goes out at once (docs/rules/platform.md "Faults: a full disk").
 * Needs root to mount the tmpfs; skips with the reason otherwise.
 */
final class FullMailSpoolTest extends TestCase {

	use ServesRequests;

	/**
	 * The mounted spool folder ('' when none).
	 *
	 * @var string
	 */
	private string $spool = '';

	public function set_up() {
		parent::set_up();
		if ( ! function_exists( 'posix_geteuid' ) || 0 !== posix_geteuid() ) {
			$this->markTestSkipped( 'Mounting a small tmpfs as the full mail spool needs root.' );
		}
		$folder = get_temp_dir() . 'lp-mail-spool-' . getmypid();
		wp_mkdir_p( $folder );
		exec( 'mount -t tmpfs -o size=64k,mode=0700 tmpfs ' . escapeshellarg( $folder ) . ' 2>&1', $output, $status );
		if ( 0 !== $status ) {
			rmdir( $folder );
			$this->markTestSkipped( 'Could not mount a tmpfs for the mail spool: ' . implode( ' ', $output ) );
		}
		$this->spool = $folder;
		$sendmail    = dirname( __DIR__ ) . '/Fixtures/spool-sendmail ' . $folder;
		add_action(
			'phpmailer_init',
			static function ( PHPMailer $mailer ) use ( $sendmail ): void {
				$mailer->isSendmail();
				$mailer->Sendmail = $sendmail; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
			},
			PHP_INT_MAX
		);
	}

	public function tear_down() {
		if ( '' !== $this->spool ) {
			exec( 'umount ' . escapeshellarg( $this->spool ) );
			rmdir( $this->spool );
			$this->spool = '';
		}
		parent::tear_down();
	}

	/**
	 * The files in the spool.
	 *
	 * @return string[]
	 */
	private function spooled(): array {
		return array_values( array_diff( (array) scandir( $this->spool ), array( '.', '..' ) ) );
	}

	/**
	 * Sends one invitation.
	 *
	 * @param int $owner Sharer.
	 * @param int $item  Item.
	 */
	private function share( int $owner, int $item ): \WP_REST_Response {
		return $this->send(
			'POST',
			'/library/v2/send-share-emails',
			$owner,
			array(
				'emails'     => 'a@example.com',
				'product_id' => $item,
			)
		);
	}

	public function test_a_full_spool_fails_the_send_clearly_spends_nothing_and_the_next_send_works(): void {
		$owner = $this->make_user();
		$item  = Library::item( 'Spooled Training' );
		Library::grant( $owner, $item, 3 );
		// Fill the filesystem: dd stops when no block is left.
		exec( 'dd if=/dev/zero of=' . escapeshellarg( $this->spool . '/filler' ) . ' bs=4k 2>/dev/null' );
		$this->assertLessThan( 4 * KB_IN_BYTES, disk_free_space( $this->spool ), 'The spool is full.' );

		$full = $this->share( $owner, $item );

		$this->assertSame( array( 502, 'mail_failed' ), array( $full->get_status(), $full->get_data()['error_code'] ) );
		$this->assertSame( 'The emails could not be sent. Please try again later.', $full->get_data()['message'] );
		$this->assertSame( 100, $full->get_data()['data']['daily_remaining'], 'No quota spent.' );
		$this->assertSame( 0, $full->get_data()['data']['retry_after'], 'No cooldown started.' );
		$this->assertSame( array( false ), array_column( $full->get_data()['data']['mail_history'], 'accepted' ), 'Recorded as failed.' );
		$share_data = $this->send( 'GET', '/library/v2/videosharedata/' . $item, $owner )->get_data()['data'];
		$this->assertSame( array(), $share_data['pending_invitations']['invitations'], 'Nobody got a link: no pending invitation.' );
		$this->assertSame( array( 'filler' ), $this->spooled(), 'Nothing half written in the spool.' );

		unlink( $this->spool . '/filler' );
		$next = $this->share( $owner, $item );

		$this->assertSame( 200, $next->get_status(), (string) wp_json_encode( $next->get_data() ) );
		$this->assertSame( 'Invitation sent to 1 recipient.', $next->get_data()['data']['message'] );
		$this->assertSame( 99, $next->get_data()['data']['daily_remaining'] );
		$spooled = $this->spooled();
		$this->assertCount( 1, $spooled );
		$message = (string) file_get_contents( $this->spool . '/' . $spooled[0] );
		$this->assertStringContainsString( 'To: a@example.com', $message );
		$this->assertStringContainsString( '/shareseats/', $message );
	}
}
