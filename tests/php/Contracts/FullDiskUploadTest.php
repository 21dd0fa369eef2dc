<?php
/**
 * The contract member CSV upload when the server's upload folder is on a full disk.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec, WordPress.PHP.DiscouragedPHPFunctions.system_calls_proc_open, WordPress.Security.NonceVerification.Missing -- a test harness: it mounts a small filesystem, runs a PHP server and sets the request's fields itself.

namespace LibraryPortal\Tests\Contracts;

use LibraryPortal\Contracts\ContractService;
use LibraryPortal\Contracts\ContractsPage;
use LibraryPortal\Contracts\MemberImports;
use LibraryPortal\Tests\Support\AdminScreens;
use LibraryPortal\Tests\Support\TestCase;

/**
 * PHP stores an upload in its upload folder before any code runs; on a full disk it gives the code
 * UPLOAD_ERR_CANT_WRITE and no file. A PHP server whose upload folder is a full 64 KB tmpfs receives
 * a real CSV upload; what it made of it ($_FILES) goes to the Contracts screen's import, which must
 * say what happened (not "Choose a CSV file") and import nothing
 * (docs/rules/platform.md "Faults: a full disk"). Once there is room the same upload arrives whole. Needs root to mount; skips otherwise.
 */
final class FullDiskUploadTest extends TestCase {

	use AdminScreens;

	/**
	 * The mounted upload folder ('' when none).
	 *
	 * @var string
	 */
	private string $uploads = '';

	public function set_up() {
		parent::set_up();
		if ( ! function_exists( 'posix_geteuid' ) || 0 !== posix_geteuid() ) {
			$this->markTestSkipped( 'Mounting a small tmpfs as the full upload folder needs root.' );
		}
		$folder = get_temp_dir() . 'lp-uploads-' . getmypid();
		wp_mkdir_p( $folder );
		exec( 'mount -t tmpfs -o size=64k,mode=0700 tmpfs ' . escapeshellarg( $folder ) . ' 2>&1', $output, $status );
		if ( 0 !== $status ) {
			rmdir( $folder );
			$this->markTestSkipped( 'Could not mount a tmpfs for the upload folder: ' . implode( ' ', $output ) );
		}
		$this->uploads = $folder;
	}

	public function tear_down() {
		if ( '' !== $this->uploads ) {
			exec( 'umount ' . escapeshellarg( $this->uploads ) );
			rmdir( $this->uploads );
			$this->uploads = '';
		}
		$_FILES = array();
		parent::tear_down();
	}

	/**
	 * Uploads a CSV file to a PHP server whose upload folder is the tmpfs; returns its $_FILES['csv'].
	 *
	 * @param string $csv The file's text.
	 * @return array<string, mixed>
	 */
	private function upload_through_php( string $csv ): array {
		$probe = stream_socket_server( 'tcp://127.0.0.1:0' );
		$port  = (int) substr( (string) strrchr( (string) stream_socket_get_name( $probe, false ), ':' ), 1 );
		fclose( $probe );
		$server = proc_open(
			array( PHP_BINARY, '-d', 'upload_tmp_dir=' . $this->uploads, '-S', '127.0.0.1:' . $port, dirname( __DIR__ ) . '/Fixtures/print-files.php' ),
			array( array( 'pipe', 'r' ), array( 'file', '/dev/null', 'w' ), array( 'file', '/dev/null', 'w' ) ),
			$pipes
		);
		try {
			$boundary = 'lp' . wp_generate_password( 16, false );
			$body     = "--$boundary\r\nContent-Disposition: form-data; name=\"csv\"; filename=\"members.csv\"\r\nContent-Type: text/csv\r\n\r\n$csv\r\n--$boundary--\r\n";
			$context  = stream_context_create(
				array(
					'http' => array(
						'method'  => 'POST',
						'header'  => "Content-Type: multipart/form-data; boundary=$boundary\r\n",
						'content' => $body,
						'timeout' => 10,
					),
				)
			);
			$reply    = false;
			for ( $i = 0; $i < 100 && false === $reply; $i++ ) {
				usleep( 50000 ); // Until the server listens.
				$reply = @file_get_contents( 'http://127.0.0.1:' . $port . '/', false, $context ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- polling until the server listens.
			}
		} finally {
			proc_terminate( $server );
			proc_close( $server );
		}
		$files = json_decode( (string) $reply, true );
		$this->assertIsArray( $files, 'The PHP server answered.' );
		return $files['csv'];
	}

	public function test_an_upload_the_full_disk_refused_is_named_and_imports_nothing(): void {
		wp_set_current_user( $this->make_user( 'administrator' ) );
		$service  = new ContractService( $this->services()->contracts, $this->services()->seat_audit );
		$contract = $service->create( array( 'title' => 'Harbor County' ) );
		$csv      = "email\n" . implode( "\n", array_map( static fn( int $n ): string => "member$n@example.com", range( 1, 1000 ) ) ) . "\n";
		exec( 'dd if=/dev/zero of=' . escapeshellarg( $this->uploads . '/filler' ) . ' bs=4k 2>/dev/null' );

		$_FILES['csv'] = $this->upload_through_php( $csv );
		$this->assertSame( UPLOAD_ERR_CANT_WRITE, $_FILES['csv']['error'], 'PHP could not store the upload.' );
		$_POST    = array(
			'contract' => (string) $contract,
			'_wpnonce' => wp_create_nonce( ContractsPage::nonce_action( 'import', $contract ) ),
		);
		$_REQUEST = $_POST;
		$page     = new ContractsPage( $service, new MemberImports( $service ) );
		$handlers = array_filter( $page->handlers(), static fn( $handler ): bool => 'import' === $handler->name() );
		$this->assertCount( 1, $handlers );
		$to   = array_values( $handlers )[0]->handle();
		$_GET = array(
			'page'     => ContractsPage::SLUG,
			'action'   => 'edit',
			'contract' => (string) $contract,
		);
		set_current_screen( ContractsPage::screen_id() );
		ob_start();
		$page->render();
		$html = (string) ob_get_clean();

		$this->assertStringNotContainsString( 'import=', $to, 'No import job was started.' );
		$this->assertStringContainsString( 'The server could not store the uploaded file (its disk may be full). Nothing was imported', $html );
		$this->assertStringNotContainsString( 'Choose a CSV file to import.', $html );
		$this->assertSame( 0, $service->contract( $contract )->member_count );

		unlink( $this->uploads . '/filler' );
		$whole = $this->upload_through_php( $csv );
		$this->assertSame( array( UPLOAD_ERR_OK, strlen( $csv ) ), array( $whole['error'], $whole['size'] ), 'With room again the upload arrives whole.' );
	}
}
