<?php
/**
 * Work that leaves the request.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform;

/**
 * Runs a hook later, outside the request that asked for it: through Action Scheduler where it is
 * present (WooCommerce ships it: `as_enqueue_async_action()`), through a WP-Cron single event
 * otherwise. The handler is the same action hook either way and receives one array (the payload);
 * it must be idempotent, as both runners may run a job twice (docs/rules/platform.md, "Background work").
 */
final class Queue {

	/** Action Scheduler's group of the plugin's jobs (its admin screen filters by it). */
	public const GROUP = 'library-portal';

	public const ACTION_SCHEDULER = 'action-scheduler';
	public const WP_CRON          = 'wp-cron';

	/**
	 * Which runner push() uses on this site.
	 */
	public static function runner(): string {
		return function_exists( 'as_enqueue_async_action' ) ? self::ACTION_SCHEDULER : self::WP_CRON;
	}

	/**
	 * Queues a job. When the queue refuses it, the job runs now instead: late work is better than
	 * lost work (a welcome e-mail nobody gets).
	 *
	 * @param non-empty-string     $hook    Action that does the work.
	 * @param array<string, mixed> $payload What it works on (small: IDs, not rows).
	 * @return string The runner that took it: ACTION_SCHEDULER, WP_CRON or 'now'.
	 */
	public function push( string $hook, array $payload ): string {
		// WP-Cron refuses a second event with the same hook and arguments within ten minutes.
		$payload['job'] = wp_generate_uuid4();
		if ( self::ACTION_SCHEDULER === self::runner() ) {
			if ( as_enqueue_async_action( $hook, array( $payload ), self::GROUP ) ) {
				return self::ACTION_SCHEDULER;
			}
		} elseif ( true === wp_schedule_single_event( time(), $hook, array( $payload ) ) ) {
			return self::WP_CRON;
		}
		do_action( $hook, $payload ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the caller's own library_portal_* hook.
		return 'now';
	}

	/**
	 * Queues a job to run no sooner than some seconds from now (a retry's back-off). When the
	 * queue refuses it, nothing runs now: a retry that comes early would defeat its back-off.
	 *
	 * @param non-empty-string     $hook    Action that does the work.
	 * @param array<string, mixed> $payload What it works on.
	 * @param int                  $delay   Seconds from now.
	 * @return bool Whether a runner took it.
	 */
	public function later( string $hook, array $payload, int $delay ): bool {
		$payload['job'] = wp_generate_uuid4();
		$at             = time() + max( 1, $delay );
		if ( self::ACTION_SCHEDULER === self::runner() ) {
			return (bool) as_schedule_single_action( $at, $hook, array( $payload ), self::GROUP );
		}
		return true === wp_schedule_single_event( $at, $hook, array( $payload ) );
	}

	/**
	 * Drops every job of these hooks that has not run, from both runners (a site may have queued
	 * through WP-Cron before Action Scheduler came, or the other way): at uninstall the code
	 * they call is gone, and a job left behind fails (Action Scheduler lists it as failed, with
	 * "no callbacks registered") or fires for nothing.
	 *
	 * @param string[] $hooks Actions of the plugin's jobs.
	 */
	public static function forget( array $hooks ): void {
		foreach ( $hooks as $hook ) {
			wp_unschedule_hook( $hook );
			if ( function_exists( 'as_unschedule_all_actions' ) ) {
				as_unschedule_all_actions( $hook );
			}
		}
	}
}
