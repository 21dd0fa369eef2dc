<?php
/**
 * Webhooks delivered to a real receiver.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Webhooks;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions.system_calls_proc_open -- a test harness: a receiver's process and its files.

use LibraryPortal\Core\Events;
use LibraryPortal\Platform\Queue;
use LibraryPortal\Tests\Support\RunsBackgroundJobs;
use LibraryPortal\Tests\Support\TestCase;
use LibraryPortal\Webhooks\DeliveryLog;
use LibraryPortal\Webhooks\Webhook;
use LibraryPortal\Webhooks\WebhookSender;
use LibraryPortal\Webhooks\WebhookStore;

/**
 * A receiver on this machine (PHP's built-in server running tests/php/Fixtures/webhook-receiver.php,
 * which checks the signature as docs/webhooks.md tells a receiver to) gets the events its webhook
 * asked for, from the background queue, signed; failures are logged, retried with back-off, and a
 * webhook that keeps failing is paused; an address on a private network is refused unless the
 * site allows its host.
 */
final class WebhookDeliveryTest extends TestCase {

	use RunsBackgroundJobs;

	/**
	 * The receiver's process.
	 *
	 * @var resource|null
	 */
	private static $receiver = null;

	private static int $port = 0;

	private static string $dir = '';

	private const SECRET_FILE = 'secret';

	public static function set_up_before_class(): void {
		parent::set_up_before_class();
		self::$dir = sys_get_temp_dir() . '/lp-webhook-receiver-' . getmypid();
		wp_mkdir_p( self::$dir );
		$probe      = stream_socket_server( 'tcp://127.0.0.3:0' );
		self::$port = (int) substr( (string) strrchr( (string) stream_socket_get_name( $probe, false ), ':' ), 1 );
		fclose( $probe );
		// The secret is the webhook's, made by the plugin: the receiver reads it from a file the test writes.
		self::$receiver = proc_open(
			array( 'setsid', PHP_BINARY, '-S', '127.0.0.3:' . self::$port, dirname( __DIR__ ) . '/Fixtures/webhook-receiver.php' ),
			array( array( 'pipe', 'r' ), array( 'file', '/dev/null', 'w' ), array( 'file', '/dev/null', 'w' ) ),
			$pipes,
			self::$dir,
			array_merge(
				getenv(),
				array(
					'RECEIVER_SECRET_FILE' => self::$dir . '/' . self::SECRET_FILE,
					'RECEIVER_LOG'         => self::$dir . '/received.log',
					'RECEIVER_STATUS'      => self::$dir . '/status',
				)
			)
		);
		for ( $try = 0; $try < 100; $try++ ) {
			$socket = @fsockopen( '127.0.0.3', self::$port ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- polling until the server listens.
			if ( false !== $socket ) {
				fclose( $socket );
				break;
			}
			usleep( 50000 );
		}
	}

	public static function tear_down_after_class(): void {
		if ( is_resource( self::$receiver ) ) {
			$pid = (int) proc_get_status( self::$receiver )['pid'];
			if ( $pid > 0 ) {
				posix_kill( -$pid, SIGTERM );
			}
			proc_close( self::$receiver );
		}
		array_map( 'unlink', (array) glob( self::$dir . '/*' ) );
		rmdir( self::$dir );
		parent::tear_down_after_class();
	}

	public function set_up(): void {
		parent::set_up();
		foreach ( array( 'received.log', 'status', self::SECRET_FILE ) as $file ) {
			if ( is_file( self::$dir . '/' . $file ) ) {
				unlink( self::$dir . '/' . $file );
			}
		}
		update_option( WebhookStore::OPTION, array(), true );
		add_filter( 'http_allowed_safe_ports', static fn( $ports ) => array_merge( (array) $ports, array( self::$port ) ) );
	}

	/**
	 * The site allows the receiver's host (a loopback address: wp_safe_remote_post refuses it otherwise).
	 */
	private function allow_receiver(): void {
		add_filter( 'http_request_host_is_external', static fn( $external, $host ) => $external || '127.0.0.3' === $host, 10, 2 );
	}

	/**
	 * A webhook to the receiver for some events; the receiver learns its secret.
	 *
	 * @param string[] $events Events.
	 */
	private function webhook( array $events ): Webhook {
		$hook = ( new WebhookStore() )->add( 'http://127.0.0.3:' . self::$port . '/hooks/library', $events );
		file_put_contents( self::$dir . '/' . self::SECRET_FILE, $hook->secret );
		return $hook;
	}

	/**
	 * What the receiver got, in order.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	private function received(): array {
		$file = self::$dir . '/received.log';
		return is_file( $file ) ? array_map( static fn( string $line ): array => (array) json_decode( $line, true ), (array) file( $file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES ) ) : array();
	}

	/**
	 * The sender as the plugin wires it.
	 */
	private function sender(): WebhookSender {
		return new WebhookSender( new WebhookStore(), $this->services()->webhook_deliveries, new Queue() );
	}

	public function test_an_event_reaches_the_receiver_signed_from_the_queue_and_only_the_events_it_asked_for(): void {
		$this->allow_receiver();
		$hook = $this->webhook( array( Events::ITEM_COMPLETED, Events::SEATS_TAKEN_BACK ) );

		Events::item_completed( 12, 34 );
		Events::part_completed( 12, 34, 0 ); // Not asked for.
		$this->assertSame( array(), $this->received(), 'nothing is sent while the request runs' );
		$this->assertCount( 1, $this->queued_jobs( WebhookSender::HOOK ) );
		$this->assertSame( 1, $this->run_queued_jobs( WebhookSender::HOOK ) );

		$got = $this->received();
		$this->assertCount( 1, $got );
		$this->assertTrue( $got[0]['valid'], 'the signature checks out with the secret' );
		$this->assertSame( array( 'POST', Events::ITEM_COMPLETED, 1, 'application/json' ), array( $got[0]['method'], $got[0]['event'], $got[0]['attempt'], $got[0]['type'] ) );
		$this->assertSame(
			array(
				'user_id'    => 12,
				'product_id' => 34,
			),
			$got[0]['body']['data']
		);
		$this->assertSame( $got[0]['delivery'], $got[0]['body']['id'] );
		$this->assertSame( Events::ITEM_COMPLETED, $got[0]['body']['event'] );
		$log = $this->services()->webhook_deliveries->recent( $hook->id, 5 );
		$this->assertSame( array( 200, '', 1 ), array( $log[0]['status_code'], $log[0]['error'], $log[0]['attempt'] ) );
	}

	public function test_a_failed_delivery_is_logged_and_retried_with_the_same_id_and_a_webhook_that_keeps_failing_is_paused(): void {
		$this->allow_receiver();
		$hook = $this->webhook( array( Events::CERTIFICATE_ISSUED ) );
		file_put_contents( self::$dir . '/status', '500' );
		Events::certificate_issued( 7, 8, 'ABC123', 90 );
		$job = $this->queued_jobs( WebhookSender::HOOK )[0];
		$this->run_queued_jobs( WebhookSender::HOOK );

		$retry = $this->queued_jobs( WebhookSender::HOOK );
		$this->assertCount( 1, $retry, 'the next attempt is queued' );
		$this->assertSame( array( 2, $job['delivery'] ), array( $retry[0]['attempt'], $retry[0]['delivery'] ) );
		$log = $this->services()->webhook_deliveries->recent( $hook->id, 5 );
		$this->assertSame( array( 500, 'HTTP 500' ), array( $log[0]['status_code'], $log[0]['error'] ) );
		if ( Queue::WP_CRON === Queue::runner() ) {
			$this->assertGreaterThanOrEqual( time() + WebhookSender::BACKOFF[0] - 5, (int) wp_next_scheduled( WebhookSender::HOOK, array( $retry[0] ) ), 'after its back-off' );
		}

		// The queue's later attempts, as it runs them: five in all, then it stops.
		$sender = $this->sender();
		for ( $attempt = 2; $attempt <= WebhookSender::MAX_ATTEMPTS; $attempt++ ) {
			$sender->deliver( array( 'attempt' => $attempt ) + $job );
		}
		$got = $this->received();
		$this->assertSame( range( 1, WebhookSender::MAX_ATTEMPTS ), array_column( $got, 'attempt' ) );
		$this->assertCount( 1, array_unique( array_column( $got, 'delivery' ) ), 'one delivery, tried again' );
		$this->assertSame( Webhook::ACTIVE, ( new WebhookStore() )->find( $hook->id )->status, 'five failures do not pause it yet' );

		for ( $more = 0; $more < WebhookSender::PAUSE_AFTER - WebhookSender::MAX_ATTEMPTS; $more++ ) {
			$sender->deliver( $job );
		}
		$paused = ( new WebhookStore() )->find( $hook->id );
		$this->assertSame( Webhook::PAUSED, $paused->status );
		$this->assertStringContainsString( (string) WebhookSender::PAUSE_AFTER, $paused->paused_why );
		$before = count( $this->received() );
		Events::certificate_issued( 7, 9, 'DEF456', 90 );
		$sender->deliver( $job );
		$this->assertCount( $before, $this->received(), 'a paused webhook gets nothing' );
	}

	public function test_a_loopback_address_the_site_does_not_allow_is_refused_when_added_and_when_sent(): void {
		try {
			$this->webhook( array( Events::ITEM_COMPLETED ) );
			$this->fail( 'a loopback address was taken' );
		} catch ( \InvalidArgumentException $refused ) {
			$this->assertStringContainsString( 'a host the site can reach', $refused->getMessage() );
		}

		// Allowed when it was added; no longer when the event comes.
		$allow = static fn( $external, $host ) => $external || '127.0.0.3' === $host;
		add_filter( 'http_request_host_is_external', $allow, 10, 2 );
		$hook  = $this->webhook( array( Events::ITEM_COMPLETED ) );
		remove_filter( 'http_request_host_is_external', $allow, 10 );
		Events::item_completed( 1, 2 );
		$this->run_queued_jobs( WebhookSender::HOOK );

		$this->assertSame( array(), $this->received() );
		$log = $this->services()->webhook_deliveries->recent( $hook->id, 1 );
		$this->assertSame( 0, $log[0]['status_code'] );
		$this->assertNotSame( '', $log[0]['error'] );
	}

	public function test_the_store_refuses_a_bad_address_or_no_events_and_the_log_keeps_its_newest_rows(): void {
		$store = new WebhookStore();
		foreach ( array(
			array( 'ftp://example.com/hook', array( Events::ITEM_COMPLETED ) ),
			array( 'not a url', array( Events::ITEM_COMPLETED ) ),
			array( 'https://example.com/hook', array() ),
			array( 'https://example.com/hook', array( 'some_other_action' ) ),
		) as list( $url, $events ) ) {
			try {
				$store->add( $url, $events );
				$this->fail( "$url was taken" );
			} catch ( \InvalidArgumentException $refused ) {
				$this->assertNotSame( '', $refused->getMessage() );
			}
		}
		$this->assertSame( array(), $store->all() );
		$this->assertSame( array_keys( WebhookSender::FIELDS ), WebhookStore::events(), 'every public action can be sent, with its fields named' );

		$log = new DeliveryLog( $GLOBALS['wpdb'] );
		for ( $n = 0; $n < DeliveryLog::KEPT + 5; $n++ ) {
			$log->record( 'kept', "d$n", Events::ITEM_COMPLETED, 1, 200, 3, '', time() );
		}
		$this->assertCount( DeliveryLog::KEPT, $log->recent( 'kept', 1000 ) );
		$this->assertSame( 'd' . ( DeliveryLog::KEPT + 4 ), $log->recent( 'kept', 1 )[0]['delivery_id'] );
	}
}
