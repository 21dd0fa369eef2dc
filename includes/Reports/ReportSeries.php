<?php
/**
 * Days summed into weeks or months.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Reports;

/**
 * The chart's and the table's rows: every week (starting on the site's first day of the week,
 * Settings → General) or month that touches the chosen dates, empty ones included, so a gap in
 * learning shows as a zero and not as a missing bar.
 */
final class ReportSeries {

	public const WEEK  = 'week';
	public const MONTH = 'month';

	/**
	 * Buckets from first to last day.
	 *
	 * @param array<int, array{completions: int, certificates: int}> $days   Counts by day number.
	 * @param int                                                    $from   First day number.
	 * @param int                                                    $to     Last day number.
	 * @param string                                                 $period WEEK or MONTH.
	 * @return array<int, array{start: int, end: int, label: string, completions: int, certificates: int}>
	 */
	public static function of( array $days, int $from, int $to, string $period ): array {
		$buckets = array();
		$start   = self::bucket_start( $from, $period );
		while ( $start <= $to ) {
			$next      = self::next_start( $start, $period );
			$buckets[] = array(
				'start'        => max( $start, $from ),
				'end'          => min( $next - 1, $to ),
				'label'        => self::MONTH === $period ? ReportDay::text( $start, 'M Y' ) : ReportDay::text( max( $start, $from ), 'M j, Y' ),
				'completions'  => 0,
				'certificates' => 0,
			);
			$start     = $next;
		}
		foreach ( $days as $day => $counts ) {
			foreach ( $buckets as $index => $bucket ) {
				if ( $day >= $bucket['start'] && $day <= $bucket['end'] ) {
					$buckets[ $index ]['completions']  += $counts['completions'];
					$buckets[ $index ]['certificates'] += $counts['certificates'];
					break;
				}
			}
		}
		return $buckets;
	}

	/**
	 * The first day of the week or month a day is in.
	 *
	 * @param int    $day    Day number.
	 * @param string $period WEEK or MONTH.
	 */
	private static function bucket_start( int $day, string $period ): int {
		if ( self::MONTH === $period ) {
			return (int) ReportDay::parse( gmdate( 'Y-m-01', $day * DAY_IN_SECONDS ) );
		}
		$first = (int) get_option( 'start_of_week', 1 );
		return $day - ( ( ReportDay::weekday( $day ) - $first + 7 ) % 7 );
	}

	/**
	 * The first day of the next week or month.
	 *
	 * @param int    $start  First day of a week or month.
	 * @param string $period WEEK or MONTH.
	 */
	private static function next_start( int $start, string $period ): int {
		if ( self::WEEK === $period ) {
			return $start + 7;
		}
		return (int) ReportDay::parse( gmdate( 'Y-m-01', strtotime( '+1 month', $start * DAY_IN_SECONDS ) ) );
	}
}
