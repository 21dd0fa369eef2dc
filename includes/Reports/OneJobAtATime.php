<?php
/**
 * A background job that must not run twice at once.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Reports;

use LibraryPortal\Core\Database\ClaimRepository;

/**
 * A queue may run two jobs of the same hook at once (Action Scheduler's async runner beside
 * WP-Cron). The Reports fill and refresh move a cursor kept in an option, so two at once would
 * count a chunk twice or report a training done twice: each job takes a claim first (an INSERT
 * IGNORE of an options row, ClaimRepository), does its work and gives it back. A claim older than
 * STALE seconds belongs to a job that died and is taken over.
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
	 * Creates the guard.
	 *
	 * @param ClaimRepository $claims Claims.
	 */
	public function __construct( ClaimRepository $claims ) {
		$this->claims = $claims;
	}

	/**
	 * Runs $work under the claim; false (and nothing done) when another job holds it.
	 *
	 * @param string   $claim Claim's name (an option name of the plugin).
	 * @param callable $work  The job's work.
	 */
	public function run( string $claim, callable $work ): bool {
		$now   = time();
		$taken = $this->claims->since( $claim );
		if ( $taken > 0 && $taken < $now - self::STALE ) {
			$this->claims->drop( $claim, $taken );
		}
		if ( ! $this->claims->take( $claim, $now ) ) {
			return false;
		}
		try {
			$work();
		} finally {
			$this->claims->drop( $claim, $now );
		}
		return true;
	}
}
