<?php
/**
 * Dates as the site writes them.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Domain;

/**
 * One date format everywhere: the site's (Settings → General, `date_format` and `time_format`,
 * in the site's time zone), formatted on the server with wp_date() (docs/decisions.md, "Dates").
 * The islands show these texts and never format a date themselves.
 */
final class SiteDate {

	/**
	 * A day, e.g. "June 28, 2030" ('' for 0 and the never-marker 100100).
	 *
	 * @param int $timestamp Unix seconds.
	 */
	public static function date( int $timestamp ): string {
		return self::format( (string) get_option( 'date_format' ), $timestamp );
	}

	/**
	 * A moment, e.g. "June 28, 2030 9:00 am" ('' for 0).
	 *
	 * @param int $timestamp Unix seconds.
	 */
	public static function date_time( int $timestamp ): string {
		return self::format( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $timestamp );
	}

	/**
	 * A timestamp in a format, site time zone.
	 *
	 * @param string $format    PHP date format.
	 * @param int    $timestamp Unix seconds.
	 */
	private static function format( string $format, int $timestamp ): string {
		if ( 0 === $timestamp || Expiry::NEVER_LEGACY === $timestamp ) {
			return '';
		}
		return (string) wp_date( '' !== trim( $format ) ? $format : 'F j, Y', $timestamp );
	}
}
