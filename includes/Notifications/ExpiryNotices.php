<?php
/**
 * The daily "licenses expiring this month" notices.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Notifications;

use LibraryPortal\Core\Notices\Notifier;
use LibraryPortal\Core\Rows\Expiry;
use LibraryPortal\Platform\Database\WriteFailed;
use LibraryPortal\Platform\Queue;

/**
 * Tells each owner once per grant and expiry that its unexpired licenses end this calendar month
 * (site time zone), one notice per item and day. Runs from a daily WP-Cron event;
 * each grant is claimed by a conditional UPDATE that stores the expiry told about before the
 * notice is written, so overlapping runs, a rerun and a changed time zone cannot send it twice.
 * A run takes at most BATCH grants; when there may be more, it queues the next run as a background
 * job (docs/rules/platform.md, "Background work"), so a site of many owners never does the month's
 * notices in one PHP process.
 */
final class ExpiryNotices {

	/**
	 * The WP-Cron hook.
	 */
	public const HOOK = 'library_portal_expiry_notices';

	/** The background job that goes on with the grants a full run left. */
	public const MORE_HOOK = 'library_portal_expiry_notices_more';

	/** Grants per run. */
	public const BATCH = 500;

	/**
	 * The background queue.
	 *
	 * @var Queue
	 */
	private Queue $queue;

	/**
	 * Wires the service.
	 *
	 * @param ExpiryNoticeRepository $grants   Due grants and their claims.
	 * @param Notifier               $notifier Writes notifications.
	 * @param Queue|null             $queue    Background queue for the next run.
	 * @param int                    $batch    Grants per run.
	 */
	public function __construct(
		private readonly ExpiryNoticeRepository $grants,
		private readonly Notifier $notifier,
		?Queue $queue = null,
		private readonly int $batch = self::BATCH
	) {
		$this->queue = $queue ?? new Queue();
	}

	/**
	 * Hooks the cron event and schedules it when it is missing (e.g. after a site was
	 * migrated without its cron option).
	 */
	public function register(): void {
		add_action( self::HOOK, array( $this, 'run' ) );
		add_action( self::MORE_HOOK, array( $this, 'run' ) );
		add_action( 'init', array( self::class, 'schedule' ) );
	}

	/**
	 * Cron callback.
	 */
	public function run(): void {
		$this->send( time() );
	}

	/**
	 * Sends the notices of up to BATCH grants due at $now and, when there may be more, queues the
	 * next run; returns how many notices were sent.
	 *
	 * @param int $now Unix seconds.
	 * @throws WriteFailed When the claim itself could not be written.
	 */
	public function send( int $now ): int {
		$timezone    = wp_timezone();
		$month_start = ( new \DateTimeImmutable( '@' . $now ) )->setTimezone( $timezone )->modify( 'first day of this month' )->setTime( 0, 0 )->getTimestamp();
		$due         = $this->grants->due( $now, $month_start, Expiry::next_month_start( $now, $timezone ), $this->batch );
		$full        = $due && count( $due ) >= $this->batch;
		if ( $full ) {
			// The last owner's item may go on past the limit: it waits for the next run, whole.
			$last = $due[ array_key_last( $due ) ];
			$rest = array_filter( $due, static fn( array $grant ): bool => $grant['owner_id'] !== $last['owner_id'] || $grant['product_id'] !== $last['product_id'] );
			$due  = $rest ? $rest : $due;
		}
		$sent = 0;
		foreach ( self::by_expiry( $due ) as $same_expiry ) {
			$claimed = array();
			foreach ( $same_expiry as $grant ) {
				if ( $this->grants->claim( $grant['grant_id'], $month_start, $now ) ) {
					$claimed[] = $grant; // Else another run took it.
				}
			}
			if ( ! $claimed ) {
				continue;
			}
			try {
				$this->notifier->notify( $this->notice( $claimed ), $now );
				++$sent;
			} catch ( WriteFailed $failed ) {
				// Not stored: give the claims back for tomorrow's run and go on with the others.
				foreach ( $claimed as $grant ) {
					$this->grants->release( $grant['grant_id'], $now );
				}
			}
		}
		if ( $full && $sent > 0 ) { // Only while runs make progress: a notice that cannot be stored waits for tomorrow.
			$this->queue->push( self::MORE_HOOK, array() );
		}
		return $sent;
	}

	/**
	 * Due grants by owner, item and day of expiry (site time): two purchases of one training
	 * ending the same day are one notice, not the same sentence twice.
	 *
	 * @param array<int, array{grant_id: int, owner_id: int, product_id: int, title: string, licenses: int, ends_at: int}> $grants Due grants.
	 * @return array<string, array<int, array{grant_id: int, owner_id: int, product_id: int, title: string, licenses: int, ends_at: int}>>
	 */
	private static function by_expiry( array $grants ): array {
		$groups = array();
		foreach ( $grants as $grant ) {
			$groups[ $grant['owner_id'] . '|' . $grant['product_id'] . '|' . wp_date( 'Y-m-d', $grant['ends_at'] ) ][] = $grant;
		}
		return $groups;
	}

	/**
	 * The notification of due grants of one owner and item ending the same day.
	 *
	 * @param non-empty-array<int, array{grant_id: int, owner_id: int, product_id: int, title: string, licenses: int, ends_at: int}> $grants Claimed grants.
	 * @return array{user_id: int, type: string, message: string, related_product_id: int}
	 */
	private function notice( array $grants ): array {
		$grant = $grants[ array_key_first( $grants ) ];
		$count = (int) array_sum( array_column( $grants, 'licenses' ) );
		return array(
			'user_id'            => $grant['owner_id'],
			'type'               => 'licenses_expiring',
			'message'            => sprintf(
				/* translators: 1: number of licenses, 2: training title, 3: date. */
				_n( 'Your %1$d license of "%2$s" expires on %3$s.', 'Your %1$d licenses of "%2$s" expire on %3$s.', $count, 'library-portal' ),
				$count,
				$grant['title'],
				wp_date( (string) get_option( 'date_format' ), $grant['ends_at'] )
			),
			'related_product_id' => $grant['product_id'],
		);
	}

	/**
	 * Schedules the daily event unless it is (activation, and init for sites that lost it).
	 */
	public static function schedule(): void {
		if ( ! wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time(), 'daily', self::HOOK );
		}
	}

	/**
	 * Removes the event (deactivation).
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::HOOK );
		wp_clear_scheduled_hook( self::MORE_HOOK );
		if ( function_exists( 'as_unschedule_all_actions' ) ) {
			as_unschedule_all_actions( self::MORE_HOOK, array(), Queue::GROUP );
		}
	}
}
