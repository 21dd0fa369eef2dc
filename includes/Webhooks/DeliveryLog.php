<?php
/**
 * The delivery log of the site owner's webhooks.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Webhooks;

use LibraryPortal\Core\Database\Repository;

/**
 * One row per attempt: the answer's status (0 when there was none), how long it took and the
 * error in words. No payload is kept: the log says whether deliveries work, not what they said.
 */
final class DeliveryLog extends Repository {

	/** Rows kept per webhook: older ones go as new ones come. */
	public const KEPT = 200;

	/**
	 * Records an attempt.
	 *
	 * @param string $webhook_id  Webhook.
	 * @param string $delivery_id The delivery (the same for its retries).
	 * @param string $event       Action name.
	 * @param int    $attempt     From 1.
	 * @param int    $status_code HTTP status, 0 when no answer came.
	 * @param int    $duration_ms Milliseconds until the answer (or the failure).
	 * @param string $error       What went wrong, '' when it was delivered.
	 * @param int    $now         Unix seconds.
	 */
	public function record( string $webhook_id, string $delivery_id, string $event, int $attempt, int $status_code, int $duration_ms, string $error, int $now ): void {
		$this->must(
			$this->db->insert(
				$this->table( 'webhook_deliveries' ),
				array(
					'webhook_id'  => $webhook_id,
					'delivery_id' => $delivery_id,
					'event'       => substr( $event, 0, 60 ),
					'attempt'     => min( 255, $attempt ),
					'status_code' => $status_code,
					'duration_ms' => $duration_ms,
					'error'       => mb_substr( $error, 0, 200 ),
					'created_at'  => $now,
				),
				array( '%s', '%s', '%s', '%d', '%d', '%d', '%s', '%d' )
			),
			'log a webhook delivery'
		);
		$oldest_kept = (int) $this->db->get_var( $this->db->prepare( 'SELECT id FROM %i WHERE webhook_id = %s ORDER BY id DESC LIMIT 1 OFFSET %d', $this->table( 'webhook_deliveries' ), $webhook_id, self::KEPT - 1 ) );
		if ( $oldest_kept > 0 ) {
			$this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE webhook_id = %s AND id < %d', $this->table( 'webhook_deliveries' ), $webhook_id, $oldest_kept ) );
		}
	}

	/**
	 * A webhook's newest attempts, newest first.
	 *
	 * @param string $webhook_id Webhook.
	 * @param int    $limit      At most.
	 * @return array<int, array{delivery_id: string, event: string, attempt: int, status_code: int, duration_ms: int, error: string, created_at: int}>
	 */
	public function recent( string $webhook_id, int $limit ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare( 'SELECT delivery_id, event, attempt, status_code, duration_ms, error, created_at FROM %i WHERE webhook_id = %s ORDER BY id DESC LIMIT %d', $this->table( 'webhook_deliveries' ), $webhook_id, max( 1, $limit ) ),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'delivery_id' => (string) $row['delivery_id'],
				'event'       => (string) $row['event'],
				'attempt'     => (int) $row['attempt'],
				'status_code' => (int) $row['status_code'],
				'duration_ms' => (int) $row['duration_ms'],
				'error'       => (string) $row['error'],
				'created_at'  => (int) $row['created_at'],
			),
			$rows
		);
	}

	/**
	 * How many of a webhook's newest attempts failed in a row (up to $limit).
	 *
	 * @param string $webhook_id Webhook.
	 * @param int    $limit      Look at most this far back.
	 */
	public function failures_in_a_row( string $webhook_id, int $limit ): int {
		$failed = 0;
		foreach ( $this->recent( $webhook_id, $limit ) as $row ) {
			if ( WebhookSender::delivered( $row['status_code'] ) ) {
				break;
			}
			++$failed;
		}
		return $failed;
	}

	/**
	 * Forgets a deleted webhook's log.
	 *
	 * @param string $webhook_id Webhook.
	 */
	public function forget( string $webhook_id ): void {
		$this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE webhook_id = %s', $this->table( 'webhook_deliveries' ), $webhook_id ) );
	}
}
