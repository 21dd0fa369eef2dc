<?php
/**
 * Counts completions and certificates as they happen.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Reports;

use LibraryPortal\Core\Events;

/**
 * Listens to the plugin's own actions (docs/actions.md): an item completed and a certificate
 * issued each add one to the day's row, for the whole site and for each contract through which the
 * learner holds the item. Each action fires once per change, after its write, so each is counted
 * once. What happened before counting began is added by ReportFill, up to the moment kept in
 * SINCE_OPTION, so nothing is counted twice.
 */
final class ReportRecorder {

	/** When counting began (Unix seconds): the fill counts what came before it, the actions what came after. */
	public const SINCE_OPTION = 'library_portal_reports_since';

	/**
	 * The counts.
	 *
	 * @var ReportDays
	 */
	private ReportDays $days;

	/**
	 * Wires the recorder.
	 *
	 * @param ReportDays $days The counts.
	 */
	public function __construct( ReportDays $days ) {
		$this->days = $days;
	}

	/**
	 * Hooks the actions.
	 */
	public function register(): void {
		add_action( Events::ITEM_COMPLETED, array( $this, 'completed' ), 10, 2 );
		add_action( Events::CERTIFICATE_ISSUED, array( $this, 'certified' ), 10, 2 );
	}

	/**
	 * An item completed.
	 *
	 * @param int $user_id    Learner.
	 * @param int $product_id Item.
	 */
	public function completed( $user_id, $product_id ): void {
		$this->count( ReportDays::COMPLETIONS, (int) $user_id, (int) $product_id );
	}

	/**
	 * A certificate issued.
	 *
	 * @param int $user_id    Learner.
	 * @param int $product_id Item.
	 */
	public function certified( $user_id, $product_id ): void {
		$this->count( ReportDays::CERTIFICATES, (int) $user_id, (int) $product_id );
	}

	/**
	 * Adds one for today.
	 *
	 * @param string $column     What.
	 * @param int    $user_id    Learner.
	 * @param int    $product_id Item.
	 */
	private function count( string $column, int $user_id, int $product_id ): void {
		self::since();
		$this->days->add( $column, ReportDay::of( time() ), $product_id, $this->days->contracts_of( $user_id, $product_id ) );
	}

	/**
	 * The moment counting began, set by whichever comes first: the first action counted or the
	 * first fill (not autoloaded: only these two read it).
	 */
	public static function since(): int {
		$since = (int) get_option( self::SINCE_OPTION, 0 );
		if ( $since > 0 ) {
			return $since;
		}
		add_option( self::SINCE_OPTION, time(), '', false );
		return (int) get_option( self::SINCE_OPTION, time() );
	}
}
