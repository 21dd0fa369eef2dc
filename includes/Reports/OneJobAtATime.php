<?php
/**
 * A background job that must not run twice at once.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Reports;

use LibraryPortal\Core\Database\ClaimRepository;
use LibraryPortal\Platform\Queue;

/**
 * A queue may run two jobs of the same hook at once (Action Scheduler's async runner beside
 * WP-Cron). The Reports fill and refresh move a cursor kept in an option, so two at once would
 * count a chunk twice or report a training done twice: each job takes a claim first (an INSERT
 * IGNORE of an options row, ClaimRepository), does its work, gives it back and queues the next job
 * when work remains. A claim older than STALE seconds belongs to a job that died and is taken over.
 */
final class OneJobAtATime {

	public const STALE = 600;

	/**
	 * Claims.
	 *
	 * @var ClaimRepository
	 */
	private ClaimRepository $claims;

	/**
	 * The background queue.
	 *
	 * @var Queue
	 */
	private Queue $queue;

	/**
	 * Creates the guard.
	 *
	 * @param ClaimRepository $claims Claims.
	 * @param Queue           $queue  The background queue.
	 */
	public function __construct( ClaimRepository $claims, Queue $queue ) {
		$this->claims = $claims;
		$this->queue  = $queue;
	}

	/**
	 * Runs a job's work under its claim and queues the next job when the work says more remains.
	 * Nothing runs (false) when another job holds the claim: that job queues the next one.
	 *
	 * @param string                $claim Claim's name (an option name of the plugin).
	 * @param non-empty-string      $hook  The job's hook, queued again when more remains.
	 * @param callable(): bool      $work  The job's work; true when more remains.
	 */
	public function run( string $claim, string $hook, callable $work ): bool {
		$now   = time();
		$taken = $this->claims->since( $claim );
		if ( $taken > 0 && $taken < $now - self::STALE ) {
			$this->claims->drop( $claim, $taken );
		}
		if ( ! $this->claims->take( $claim, $now ) ) {
			return false;
		}
		try {
			$more = $work();
		} finally {
			$this->claims->drop( $claim, $now );
		}
		if ( $more ) {
			$this->queue->push( $hook, array() );
		}
		return true;
	}
}
