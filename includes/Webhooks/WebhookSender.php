<?php
/**
 * Sends the site owner's webhooks, from the background queue.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Webhooks;

use LibraryPortal\Core\Events;
use LibraryPortal\Platform\Queue;

/**
 * Every public action (Core\Events) becomes, for each active webhook that asked for it, a queued
 * delivery: a JSON POST signed with HMAC-SHA256 of its body under the webhook's secret, sent through
 * wp_safe_remote_post (no private or loopback address unless the site allows the host with
 * WordPress's `http_request_host_is_external` filter). A delivery not answered 2xx is tried again
 * after 1 min, 5 min, 30 min and 2 h (five attempts, the same delivery ID), and a webhook whose
 * last PAUSE_AFTER attempts all failed is paused (docs/webhooks.md).
 */
final class WebhookSender {

	/** The queue's action that sends one delivery. */
	public const HOOK = 'library_portal_webhook_deliver';

	public const MAX_ATTEMPTS = 5;

	/** Seconds before attempt 2, 3, 4 and 5. */
	public const BACKOFF = array( 60, 300, 1800, 7200 );

	/** Failed attempts in a row that pause a webhook. */
	public const PAUSE_AFTER = 10;

	/** Seconds a delivery waits for its answer. */
	public const TIMEOUT = 10;

	/**
	 * Each event's arguments by name, as a delivery's `data` carries them (docs/actions.md).
	 */
	public const FIELDS = array(
		Events::PROGRESS_STEP           => array( 'user_id', 'product_id', 'part', 'percent', 'previous' ),
		Events::PART_COMPLETED          => array( 'user_id', 'product_id', 'part' ),
		Events::ITEM_COMPLETED          => array( 'user_id', 'product_id' ),
		Events::TEST_PASSED             => array( 'user_id', 'product_id', 'score', 'attempt_id' ),
		Events::TEST_FAILED             => array( 'user_id', 'product_id', 'score', 'attempt_id' ),
		Events::CERTIFICATE_ISSUED      => array( 'user_id', 'product_id', 'code', 'score' ),
		Events::CERTIFICATE_REVOKED     => array( 'user_id', 'product_id', 'code' ),
		Events::SEAT_ACTIVATED          => array( 'user_id', 'product_id', 'seat_id', 'owner_id' ),
		Events::SHARE_LINK_MADE         => array( 'owner_id', 'product_id', 'renewed' ),
		Events::INVITATIONS_SENT        => array( 'owner_id', 'product_id', 'emails', 'resent' ),
		Events::SEAT_ACCEPTED           => array( 'holder_id', 'owner_id', 'product_id', 'seat_id', 'method' ),
		Events::SEAT_REVOKED            => array( 'owner_id', 'holder_id', 'product_id', 'seat_id' ),
		Events::SEATS_TAKEN_BACK        => array( 'grant_id', 'owner_id', 'product_id', 'seat_ids', 'reason', 'actor_id' ),
		Events::CONTRACT_MEMBER_ADDED   => array( 'contract_id', 'user_id' ),
		Events::CONTRACT_MEMBER_REMOVED => array( 'contract_id', 'user_id' ),
	);

	/**
	 * Webhooks.
	 *
	 * @var WebhookStore
	 */
	private WebhookStore $store;

	/**
	 * The delivery log.
	 *
	 * @var DeliveryLog
	 */
	private DeliveryLog $log;

	/**
	 * The background queue.
	 *
	 * @var Queue
	 */
	private Queue $queue;

	/**
	 * Wires the sender.
	 *
	 * @param WebhookStore $store Webhooks.
	 * @param DeliveryLog  $log   The delivery log.
	 * @param Queue        $queue The background queue.
	 */
	public function __construct( WebhookStore $store, DeliveryLog $log, Queue $queue ) {
		$this->store = $store;
		$this->log   = $log;
		$this->queue = $queue;
	}

	/**
	 * Listens to every public action, and runs the queue's deliveries.
	 */
	public function register(): void {
		foreach ( array_keys( self::FIELDS ) as $event ) {
			add_action(
				$event,
				function ( ...$args ) use ( $event ): void {
					$this->announce( $event, array_values( $args ) );
				},
				20,
				count( self::FIELDS[ $event ] )
			);
		}
		add_action( self::HOOK, array( $this, 'deliver' ) );
	}

	/**
	 * Queues a delivery of an event to each active webhook that asked for it. The request that
	 * fired the event only writes to the queue; nothing is sent while a learner waits.
	 *
	 * @param string            $event Action name.
	 * @param array<int, mixed> $args  Its arguments.
	 */
	public function announce( string $event, array $args ): void {
		$hooks = array_filter( $this->store->all(), static fn( Webhook $hook ): bool => $hook->wants( $event ) );
		foreach ( $hooks as $hook ) {
			$this->queue->push(
				self::HOOK,
				array(
					'webhook'  => $hook->id,
					'event'    => $event,
					'args'     => array_values( $args ),
					'delivery' => wp_generate_uuid4(),
					'attempt'  => 1,
					'at'       => time(),
				)
			);
		}
	}

	/**
	 * Sends one delivery (the queue's job); logs it; on failure queues the next attempt and pauses
	 * a webhook that keeps failing. A webhook deleted or paused since is not sent to.
	 *
	 * @param mixed $job The queued delivery (an array; anything else is not one).
	 */
	public function deliver( $job ): void {
		$job     = is_array( $job ) ? $job : array();
		$event   = (string) ( $job['event'] ?? '' );
		$hook    = $this->store->find( (string) ( $job['webhook'] ?? '' ) );
		$attempt = max( 1, (int) ( $job['attempt'] ?? 1 ) );
		if ( null === $hook || ! $hook->wants( $event ) || ! isset( self::FIELDS[ $event ] ) ) {
			return;
		}
		$delivery = (string) ( $job['delivery'] ?? '' );
		$body     = self::body( $event, (array) ( $job['args'] ?? array() ), $delivery, (int) ( $job['at'] ?? time() ) );
		$started  = microtime( true );
		$reply    = wp_safe_remote_post(
			$hook->url,
			array(
				'body'        => $body,
				'timeout'     => self::TIMEOUT,
				'redirection' => 0,
				'user-agent'  => 'Library Portal webhooks (' . home_url( '/' ) . ')',
				'headers'     => array(
					'Content-Type'               => 'application/json',
					'X-Library-Portal-Event'     => $event,
					'X-Library-Portal-Delivery'  => $delivery,
					'X-Library-Portal-Attempt'   => (string) $attempt,
					'X-Library-Portal-Signature' => self::signature( $body, $hook->secret ),
				),
			)
		);
		$status   = is_wp_error( $reply ) ? 0 : (int) wp_remote_retrieve_response_code( $reply );
		$error    = is_wp_error( $reply ) ? $reply->get_error_message() : ( self::delivered( $status ) ? '' : sprintf( 'HTTP %d', $status ) );
		$this->log->record( $hook->id, $delivery, $event, $attempt, $status, (int) round( ( microtime( true ) - $started ) * 1000 ), $error, time() );
		if ( self::delivered( $status ) ) {
			return;
		}
		if ( $attempt < self::MAX_ATTEMPTS ) {
			$this->queue->later( self::HOOK, array( 'attempt' => $attempt + 1 ) + $job, self::BACKOFF[ $attempt - 1 ] );
		}
		if ( $this->log->failures_in_a_row( $hook->id, self::PAUSE_AFTER ) >= self::PAUSE_AFTER ) {
			/* translators: %d: number of failed attempts. */
			$this->store->set_status( $hook->id, Webhook::PAUSED, sprintf( __( 'Paused after %d failed deliveries in a row.', 'library-portal' ), self::PAUSE_AFTER ) );
		}
	}

	/**
	 * Whether an answer counts as delivered: any 2xx.
	 *
	 * @param int $status HTTP status (0: none).
	 */
	public static function delivered( int $status ): bool {
		return $status >= 200 && $status < 300;
	}

	/**
	 * A delivery's JSON body.
	 *
	 * @param string            $event    Action name.
	 * @param array<int, mixed> $args     Its arguments.
	 * @param string            $delivery Delivery ID.
	 * @param int               $at       When the event happened.
	 */
	public static function body( string $event, array $args, string $delivery, int $at ): string {
		$names = self::FIELDS[ $event ] ?? array();
		$data  = array();
		foreach ( $names as $index => $name ) {
			$data[ $name ] = $args[ $index ] ?? null;
		}
		return (string) wp_json_encode(
			array(
				'id'         => $delivery,
				'event'      => $event,
				'created_at' => gmdate( 'Y-m-d\TH:i:s\Z', $at ),
				'site'       => home_url( '/' ),
				'data'       => $data,
			)
		);
	}

	/**
	 * The signature header's value: base64 of the HMAC-SHA256 of the exact body under the secret.
	 *
	 * @param string $body   Body as sent.
	 * @param string $secret The webhook's secret.
	 */
	public static function signature( string $body, string $secret ): string {
		return base64_encode( hash_hmac( 'sha256', $body, $secret, true ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- a signature's encoding, as receivers check it.
	}
}
