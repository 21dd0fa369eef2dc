<?php
/**
 * The daily "licenses expiring this month" notices.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Notifications;

use LibraryPortal\Domain\Expiry;
use LibraryPortal\Repositories\WriteFailed;

/**
 * Tells each owner once per grant and expiry that its unexpired licenses end this calendar month
 * (site time zone, spec point 9), one notice per item and day. Runs from a daily WP-Cron event;
 * each grant is claimed by a conditional UPDATE that stores the expiry told about before the
 * notice is written, so overlapping runs, a rerun and a changed time zone cannot send it twice.
 */
final class ExpiryNotices {

	/**
	 * The WP-Cron hook.
	 */
	public const HOOK = 'library_portal_expiry_notices';

	/**
	 * Wires the service.
	 *
	 * @param ExpiryNoticeRepository $grants   Due grants and their claims.
	 * @param Notifier               $notifier Writes notifications.
	 */
	public function __construct(
		private readonly ExpiryNoticeRepository $grants,
		private readonly Notifier $notifier
	) {}

	/**
	 * Hooks the cron event and schedules it when it is missing (e.g. after a site was
	 * migrated without its cron option).
	 */
	public function register(): void {
		add_action( self::HOOK, array( $this, 'run' ) );
		add_action( 'init', array( self::class, 'schedule' ) );
	}

	/**
	 * Cron callback.
	 */
	public function run(): void {
		$this->send( time() );
	}

	/**
	 * Sends the notices due at $now; returns how many were sent.
	 *
	 * @param int $now Unix seconds.
	 * @throws WriteFailed When the claim itself could not be written.
	 */
	public function send( int $now ): int {
		$timezone    = wp_timezone();
		$month_start = ( new \DateTimeImmutable( '@' . $now ) )->setTimezone( $timezone )->modify( 'first day of this month' )->setTime( 0, 0 )->getTimestamp();
		$sent        = 0;
		foreach ( self::by_expiry( $this->grants->due( $now, $month_start, Expiry::next_month_start( $now, $timezone ) ) ) as $same_expiry ) {
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
	}
}
