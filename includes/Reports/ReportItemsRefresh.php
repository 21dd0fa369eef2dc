<?php
/**
 * Keeps each item's figures fresh from the background queue.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Reports;

use LibraryPortal\Core\Database\ClaimRepository;
use LibraryPortal\Core\Items\ItemMedia;
use LibraryPortal\Platform\Queue;

/**
 * The table of the Reports screen reads kept figures (ReportItems::kept()), one row per item: on a
 * site with ten million progress rows, counting them while the owner waits would take seconds.
 * When the screen opens and the figures are older than an hour, a refresh starts in the
 * background queue: each job computes a few items (for the whole site and each contract that gives
 * them) and queues the next, and the screen says how far it got. A team owner's team is counted
 * when asked (its rows are the team's, found through the owner's seats).
 */
final class ReportItemsRefresh {

	public const HOOK   = 'library_portal_report_items';
	public const OPTION = 'library_portal_report_items';

	/** The claim a job holds while it computes (OneJobAtATime): two at once would count a training done twice. */
	public const CLAIM = 'library_portal_report_items_claim';

	/** Figures older than this are refreshed when the screen opens. */
	public const MAX_AGE = HOUR_IN_SECONDS;

	/** Items computed by one job at most. */
	public const ITEMS_PER_JOB = 5;

	/**
	 * Seconds after which a job queues the rest instead of starting another item: one training
	 * with a million progress rows takes some 5 s (the scale bench), and a queue runner gives a
	 * batch about 30 s.
	 */
	public const SECONDS_PER_JOB = 5;

	/**
	 * The figures.
	 *
	 * @var ReportItems
	 */
	private ReportItems $items;

	/**
	 * The background queue.
	 *
	 * @var Queue
	 */
	private Queue $queue;

	/**
	 * One job at a time.
	 *
	 * @var OneJobAtATime
	 */
	private OneJobAtATime $one_at_a_time;

	/**
	 * Wires the refresh.
	 *
	 * @param ReportItems $items The figures.
	 * @param Queue       $queue The background queue.
	 */
	public function __construct( ReportItems $items, Queue $queue ) {
		$this->items         = $items;
		$this->queue         = $queue;
		$this->one_at_a_time = new OneJobAtATime( new ClaimRepository( $GLOBALS['wpdb'] ), $queue );
	}

	/**
	 * Hooks the job.
	 */
	public function register(): void {
		add_action( self::HOOK, array( $this, 'run' ) );
	}

	/**
	 * Where the refresh stands, or null before the first one.
	 *
	 * @return array{running: bool, cursor: int, done: int, total: int, started_at: int, finished_at: int}|null
	 */
	public static function state(): ?array {
		$state = get_option( self::OPTION );
		if ( ! is_array( $state ) ) {
			return null;
		}
		return array(
			'running'     => (bool) ( $state['running'] ?? false ),
			'cursor'      => (int) ( $state['cursor'] ?? 0 ),
			'done'        => (int) ( $state['done'] ?? 0 ),
			'total'       => (int) ( $state['total'] ?? 0 ),
			'started_at'  => (int) ( $state['started_at'] ?? 0 ),
			'finished_at' => (int) ( $state['finished_at'] ?? 0 ),
		);
	}

	/**
	 * Starts a refresh unless one runs or the last ended less than MAX_AGE ago.
	 *
	 * @param int $now Unix seconds.
	 */
	public function start( int $now ): void {
		$state = self::state();
		if ( null !== $state && ( $state['running'] || $state['finished_at'] > $now - self::MAX_AGE ) ) {
			return;
		}
		$fresh = array(
			'running'     => true,
			'cursor'      => 0,
			'done'        => 0,
			'total'       => (int) wp_count_posts( \LibraryPortal\Core\Items\ItemPostType::POST_TYPE )->publish,
			'started_at'  => $now,
			'finished_at' => $state['finished_at'] ?? 0,
		);
		// Two screens opening at once may start two chains of jobs: OneJobAtATime keeps them from
		// computing at the same time, and each job reads where the refresh stands before it moves on.
		$started = null === $state ? add_option( self::OPTION, $fresh, '', false ) : update_option( self::OPTION, $fresh, false );
		if ( $started ) {
			$this->queue->push( self::HOOK, array() );
		}
	}

	/**
	 * The job: computes the next items and queues the rest. False when another job held the claim
	 * (nothing done).
	 */
	public function run(): bool {
		return $this->one_at_a_time->run(
			self::CLAIM,
			self::HOOK,
			function (): bool {
				wp_cache_delete( self::OPTION, 'options' ); // Read again under the claim.
				$state = self::state();
				return null !== $state && $state['running'] && $this->compute_next( $state );
			}
		);
	}

	/**
	 * Computes the next items and saves where the refresh stands; true when items remain.
	 *
	 * @param array{running: bool, cursor: int, done: int, total: int, started_at: int, finished_at: int} $state Where it stands.
	 */
	private function compute_next( array $state ): bool {
		$now   = time();
		$began = microtime( true );
		$next  = $this->items->items_after( $state['cursor'], self::ITEMS_PER_JOB );
		update_meta_cache( 'post', $next );
		$ended = count( $next ) < self::ITEMS_PER_JOB;
		foreach ( $next as $index => $product_id ) {
			if ( $index > 0 && microtime( true ) - $began > self::SECONDS_PER_JOB ) {
				$ended = false; // The rest in the next job.
				break;
			}
			$parts = ItemMedia::part_count_of( get_post_meta( $product_id, '_lp_video_parts', true ) );
			$this->items->keep( 0, $product_id, $this->items->compute( 'site', 0, $product_id, $parts ), $now );
			foreach ( $this->items->contracts_giving( $product_id ) as $contract_id ) {
				$this->items->keep( $contract_id, $product_id, $this->items->compute( 'contract', $contract_id, $product_id, $parts ), $now );
			}
			$state['cursor'] = $product_id;
			++$state['done'];
		}
		if ( $ended ) {
			$state['running']     = false;
			$state['finished_at'] = $now;
		}
		update_option( self::OPTION, $state, false );
		return $state['running'];
	}
}
