<?php
/**
 * The daily purge of dead share links.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Sharing;

use LibraryPortal\Core\Seats\ShareLinks;

/**
 * Deletes the rows of withdrawn and expired share links once a day. Where Action Scheduler is
 * loaded (WooCommerce ships it) the job is one of its recurring actions, which run reliably and
 * show in Tools → Scheduled Actions; elsewhere it is a daily WP-Cron event. Both call the same
 * hook, so the work is the same code either way (docs/rules/seats-and-sharing.md, "Sharing seats").
 */
final class ShareLinkPurge {

	/**
	 * The hook both schedulers call.
	 */
	public const HOOK = 'library_portal_purge_share_links';

	/**
	 * Action Scheduler group of the plugin's actions.
	 */
	public const GROUP = 'library-portal';

	/**
	 * Wires the job.
	 *
	 * @param ShareLinks $links Share links.
	 */
	public function __construct( private readonly ShareLinks $links ) {}

	/**
	 * Hooks the job; on sites without Action Scheduler, a missing WP-Cron event is scheduled again
	 * on init (it costs no query: the cron option is autoloaded).
	 */
	public function register(): void {
		add_action( self::HOOK, array( $this, 'run' ) );
		add_action( 'init', array( self::class, 'ensure_scheduled' ) );
	}

	/**
	 * Without Action Scheduler: schedules the WP-Cron event when it is missing (a site copied
	 * without its cron option, WooCommerce switched off after it held the job).
	 */
	public static function ensure_scheduled(): void {
		if ( ! self::action_scheduler_available() && false === wp_next_scheduled( self::HOOK ) ) {
			self::schedule( false );
		}
	}

	/**
	 * The scheduled callback.
	 */
	public function run(): void {
		$this->links->purge( time() );
	}

	/**
	 * Whether Action Scheduler's API is loaded.
	 */
	public static function action_scheduler_available(): bool {
		return function_exists( 'as_schedule_recurring_action' ) && function_exists( 'as_has_scheduled_action' ) && function_exists( 'as_unschedule_all_actions' );
	}

	/**
	 * Schedules the job once on activation and upgrade. Action Scheduler is ready only from init:
	 * before it, scheduling waits for init.
	 */
	public static function schedule_when_ready(): void {
		if ( did_action( 'init' ) ) {
			self::schedule( self::action_scheduler_available() );
			return;
		}
		add_action(
			'init',
			static function (): void {
				self::schedule( self::action_scheduler_available() );
			},
			20
		);
	}

	/**
	 * Schedules the daily job with Action Scheduler or WP-Cron, once (the other scheduler's copy
	 * is taken away, so the job never runs twice a day).
	 *
	 * @param bool $use_action_scheduler Whether to use Action Scheduler (it must be loaded).
	 */
	public static function schedule( bool $use_action_scheduler ): void {
		if ( $use_action_scheduler && self::action_scheduler_available() ) {
			wp_clear_scheduled_hook( self::HOOK );
			if ( ! as_has_scheduled_action( self::HOOK, array(), self::GROUP ) ) {
				as_schedule_recurring_action( time(), DAY_IN_SECONDS, self::HOOK, array(), self::GROUP );
			}
			return;
		}
		if ( self::action_scheduler_available() ) {
			as_unschedule_all_actions( self::HOOK, array(), self::GROUP );
		}
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time(), 'daily', self::HOOK );
		}
	}

	/**
	 * Deactivation: the job goes from both schedulers.
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::HOOK );
		if ( self::action_scheduler_available() ) {
			as_unschedule_all_actions( self::HOOK, array(), self::GROUP );
		}
	}
}
