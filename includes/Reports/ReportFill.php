<?php
/**
 * Adds the learning that came before the Reports screen to its counts.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Reports;

use LibraryPortal\Core\Database\ClaimRepository;
use LibraryPortal\Core\Items\ItemMedia;
use LibraryPortal\Platform\Queue;

/**
 * A site that had learners before it had this screen has certificates (each with the moment it
 * was issued) and progress (each part with its last change). The fill reads them in chunks from
 * the background queue (Action Scheduler when present, WP-Cron otherwise), one chunk a job, each
 * job queueing the next, so a site with millions of progress rows never blocks a page: the
 * screen shows how far it got. It counts only what came before ReportRecorder::since(); the
 * actions count the rest. An item counts as completed on the day its last part last changed, when
 * every part stands at 100% (the moment the item_completed action would have fired); a learner's
 * contracts are the ones they are in now (the fill cannot know earlier ones).
 */
final class ReportFill {

	public const HOOK   = 'library_portal_report_fill';
	public const OPTION = 'library_portal_report_fill';

	/** The claim a job holds while it counts a chunk (OneJobAtATime): a chunk counted twice would count its learning twice. */
	public const CLAIM = 'library_portal_report_fill_claim';

	/** Rows read by one job. */
	public const CHUNK = 2000;

	/**
	 * The counts.
	 *
	 * @var ReportDays
	 */
	private ReportDays $days;

	/**
	 * The background queue.
	 *
	 * @var Queue
	 */
	private Queue $queue;

	/**
	 * Rows read by one job.
	 *
	 * @var int
	 */
	private int $chunk;

	/**
	 * One job at a time.
	 *
	 * @var OneJobAtATime
	 */
	private OneJobAtATime $one_at_a_time;

	/**
	 * Wires the fill.
	 *
	 * @param ReportDays $days  The counts.
	 * @param Queue      $queue The background queue.
	 * @param int        $chunk Rows read by one job (tests make it small to see the chunks join up).
	 */
	public function __construct( ReportDays $days, Queue $queue, int $chunk = self::CHUNK ) {
		$this->days          = $days;
		$this->queue         = $queue;
		$this->chunk         = max( 1, $chunk );
		$this->one_at_a_time = new OneJobAtATime( new ClaimRepository( $GLOBALS['wpdb'] ), $queue );
	}

	/**
	 * Hooks the job.
	 */
	public function register(): void {
		add_action( self::HOOK, array( $this, 'run' ) );
	}

	/**
	 * Where the fill stands: not started (null), running or done, with how much it has read.
	 *
	 * @return array{phase: string, since: int, certificate: int, user: int, product: int, read: int}|null
	 */
	public static function state(): ?array {
		$state = get_option( self::OPTION );
		if ( ! is_array( $state ) || ! isset( $state['phase'] ) ) {
			return null;
		}
		return array(
			'phase'       => (string) $state['phase'],
			'since'       => (int) ( $state['since'] ?? 0 ),
			'certificate' => (int) ( $state['certificate'] ?? 0 ),
			'user'        => (int) ( $state['user'] ?? 0 ),
			'product'     => (int) ( $state['product'] ?? 0 ),
			'read'        => (int) ( $state['read'] ?? 0 ),
		);
	}

	/**
	 * Starts the fill once (the Reports screen asks on every load; later loads change nothing).
	 */
	public function start(): void {
		$state = array(
			'phase'       => 'certificates',
			'since'       => ReportRecorder::since(),
			'certificate' => 0,
			'user'        => 0,
			'product'     => 0,
			'read'        => 0,
		);
		// Once: add_option() does nothing when the option is there (two first visits at the same
		// moment may start two chains of jobs; OneJobAtATime keeps them from counting a chunk twice).
		if ( add_option( self::OPTION, $state, '', false ) ) {
			$this->queue->push( self::HOOK, array() );
		}
	}

	/**
	 * The job: reads one chunk, counts it, keeps where it stopped and queues the next chunk. False when another job held the claim
	 * (nothing done).
	 */
	public function run(): bool {
		return $this->one_at_a_time->run(
			self::CLAIM,
			self::HOOK,
			function (): bool {
				// Read again under the claim, past this request's cache: a job that ran meanwhile moved it on.
				wp_cache_delete( self::OPTION, 'options' );
				$state = self::state();
				if ( null === $state || 'done' === $state['phase'] ) {
					return false;
				}
				if ( ! ( 'certificates' === $state['phase'] ? $this->certificates( $state ) : $this->progress( $state ) ) ) {
					$state['phase'] = 'certificates' === $state['phase'] ? 'progress' : 'done';
				}
				update_option( self::OPTION, $state, false );
				return 'done' !== $state['phase'];
			}
		);
	}

	/**
	 * A chunk of certificates; false when there were no more.
	 *
	 * @param array{phase: string, since: int, certificate: int, user: int, product: int, read: int} $state Where the fill stands (moved on).
	 */
	private function certificates( array &$state ): bool {
		$rows = $this->days->certificates_after( $state['certificate'], $state['since'], $this->chunk );
		if ( ! $rows ) {
			return false;
		}
		$contracts = $this->days->contracts_of_users( array_column( $rows, 'user_id' ) );
		$counts    = array();
		foreach ( $rows as $row ) {
			$key            = ReportDay::of( $row['issued_at'] ) . '|' . $row['product_id'] . '|' . implode( ',', $contracts[ $row['user_id'] ][ $row['product_id'] ] ?? array() );
			$counts[ $key ] = ( $counts[ $key ] ?? 0 ) + 1;
		}
		$this->add( ReportDays::CERTIFICATES, $counts );
		$state['certificate'] = (int) end( $rows )['id'];
		$state['read']       += count( $rows );
		return count( $rows ) === $this->chunk;
	}

	/**
	 * A chunk of (learner, item) pairs of the progress table; false when there were no more.
	 *
	 * @param array{phase: string, since: int, certificate: int, user: int, product: int, read: int} $state Where the fill stands (moved on).
	 */
	private function progress( array &$state ): bool {
		$pairs = $this->days->progress_after( $state['user'], $state['product'], $this->chunk );
		if ( ! $pairs ) {
			return false;
		}
		$items = array_values( array_unique( array_column( $pairs, 'product_id' ) ) );
		update_meta_cache( 'post', $items );
		$part_counts = array();
		foreach ( $items as $product_id ) {
			$part_counts[ $product_id ] = ItemMedia::part_count_of( get_post_meta( $product_id, '_lp_video_parts', true ) );
		}
		$done      = array_filter(
			$pairs,
			static fn( array $pair ): bool => $part_counts[ $pair['product_id'] ] > 0 && $pair['parts'] >= $part_counts[ $pair['product_id'] ] && 100 === $pair['lowest'] && $pair['last'] < $state['since']
		);
		$contracts = $this->days->contracts_of_users( array_column( $done, 'user_id' ) );
		$counts    = array();
		foreach ( $done as $pair ) {
			$key            = ReportDay::of( $pair['last'] ) . '|' . $pair['product_id'] . '|' . implode( ',', $contracts[ $pair['user_id'] ][ $pair['product_id'] ] ?? array() );
			$counts[ $key ] = ( $counts[ $key ] ?? 0 ) + 1;
		}
		$this->add( ReportDays::COMPLETIONS, $counts );
		$last             = end( $pairs );
		$state['user']    = $last['user_id'];
		$state['product'] = $last['product_id'];
		$state['read']   += count( $pairs );
		return count( $pairs ) === $this->chunk;
	}

	/**
	 * Adds counts keyed "day|item|contract,contract".
	 *
	 * @param string             $column What.
	 * @param array<string, int> $counts Counts.
	 */
	private function add( string $column, array $counts ): void {
		foreach ( $counts as $key => $count ) {
			list( $day, $product_id, $contracts ) = explode( '|', $key );
			$this->days->add( $column, (int) $day, (int) $product_id, '' === $contracts ? array() : array_map( 'intval', explode( ',', $contracts ) ), $count );
		}
	}
}
