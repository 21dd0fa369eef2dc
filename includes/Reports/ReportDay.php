<?php
/**
 * A date of the site as a day number.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Reports;

use DateTimeImmutable;
use DateTimeZone;

/**
 * The Reports screen counts by the site's dates (Settings → General, time zone): day N is the
 * N-th date since 1970-01-01 as the site's calendar shows it. A day number is a date, not a
 * moment, so turning it back into text uses UTC and never shifts it.
 */
final class ReportDay {

	/**
	 * The site's date of a moment, as a day number.
	 *
	 * @param int $timestamp Unix seconds.
	 */
	public static function of( int $timestamp ): int {
		$offset = wp_timezone()->getOffset( new DateTimeImmutable( '@' . $timestamp ) );
		return intdiv( $timestamp + $offset, DAY_IN_SECONDS );
	}

	/**
	 * The day number of a date typed as YYYY-MM-DD, or null when it is not a real date.
	 *
	 * @param string $date Date.
	 */
	public static function parse( string $date ): ?int {
		$day = DateTimeImmutable::createFromFormat( '!Y-m-d', $date, new DateTimeZone( 'UTC' ) );
		if ( ! $day || $day->format( 'Y-m-d' ) !== $date ) {
			return null;
		}
		return intdiv( $day->getTimestamp(), DAY_IN_SECONDS );
	}

	/**
	 * A day number as YYYY-MM-DD (a date field's value).
	 *
	 * @param int $day Day number.
	 */
	public static function iso( int $day ): string {
		return gmdate( 'Y-m-d', $day * DAY_IN_SECONDS );
	}

	/**
	 * A day number in a date format, in the site's language (wp_date() in UTC: no shift).
	 *
	 * @param int    $day    Day number.
	 * @param string $format PHP date format.
	 */
	public static function text( int $day, string $format ): string {
		return (string) wp_date( $format, $day * DAY_IN_SECONDS, new DateTimeZone( 'UTC' ) );
	}

	/**
	 * Day of the week, 0 (Sunday) to 6: 1970-01-01 was a Thursday.
	 *
	 * @param int $day Day number.
	 */
	public static function weekday( int $day ): int {
		return ( ( $day + 4 ) % 7 + 7 ) % 7;
	}
}
