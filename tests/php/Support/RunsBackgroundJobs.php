<?php
/**
 * Runs the plugin's queued jobs in a test, as the site's runner would.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Support;

use ActionScheduler;
use ActionScheduler_Store;
use LibraryPortal\Platform\Queue;

/**
 * Jobs queued through Queue::push() wait in Action Scheduler's tables (WooCommerce active) or in
 * WP-Cron's option (otherwise); these helpers read and run them through that same runner.
 */
trait RunsBackgroundJobs {

	/**
	 * The payloads of the jobs of a hook waiting to run.
	 *
	 * @param string $hook Hook.
	 * @return array<int, array<string, mixed>>
	 */
	protected function queued_jobs( string $hook ): array {
		if ( Queue::ACTION_SCHEDULER === Queue::runner() ) {
			$actions = as_get_scheduled_actions(
				array(
					'hook'     => $hook,
					'group'    => Queue::GROUP,
					'status'   => ActionScheduler_Store::STATUS_PENDING,
					'per_page' => -1,
				)
			);
			return array_values( array_map( static fn( $action ): array => (array) ( $action->get_args()[0] ?? array() ), $actions ) );
		}
		$payloads = array();
		foreach ( (array) _get_cron_array() as $events_by_hook ) {
			foreach ( (array) ( $events_by_hook[ $hook ] ?? array() ) as $event ) {
				$payloads[] = (array) ( $event['args'][0] ?? array() );
			}
		}
		return $payloads;
	}

	/**
	 * Runs the due jobs of a hook through the site's runner: Action Scheduler's own
	 * process_action() (status, logs), or as wp-cron.php does (unschedule, then run the hook with
	 * the event's arguments).
	 *
	 * @param string $hook Hook.
	 * @return int Jobs run.
	 */
	protected function run_queued_jobs( string $hook ): int {
		if ( Queue::ACTION_SCHEDULER === Queue::runner() ) {
			$ids = as_get_scheduled_actions(
				array(
					'hook'     => $hook,
					'group'    => Queue::GROUP,
					'status'   => ActionScheduler_Store::STATUS_PENDING,
					'per_page' => -1,
				),
				'ids'
			);
			foreach ( $ids as $id ) {
				ActionScheduler::runner()->process_action( (int) $id, 'PHPUnit' );
			}
			return count( $ids );
		}
		$ran = 0;
		foreach ( (array) _get_cron_array() as $timestamp => $events_by_hook ) {
			if ( $timestamp > time() ) {
				continue;
			}
			foreach ( (array) ( $events_by_hook[ $hook ] ?? array() ) as $event ) {
				wp_unschedule_event( $timestamp, $hook, $event['args'] );
				do_action_ref_array( $hook, $event['args'] ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the plugin's own hook.
				++$ran;
			}
		}
		return $ran;
	}
}
