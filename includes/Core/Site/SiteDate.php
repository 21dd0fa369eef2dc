<?php
/**
 * Dates as the site writes them.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Site;

use LibraryPortal\Core\Rows\Expiry;

/**
 * One date format everywhere: the site's (Settings → General, `date_format` and `time_format`,
 * in the site's time zone), formatted on the server with wp_date() (docs/rules/library-and-catalogue.md, "Dates").
 * The islands show these texts and never format a date themselves.
 */
final class SiteDate {

	/** Texts kept at most (a long command-line run starts again past it). */
	private const KEPT = 2000;

	/**
	 * Texts made in this request, by format, timestamp, time zone and language.
	 *
	 * @var array<string, string>
	 */
	private static array $made = array();

	/**
	 * The site's time zone, by its settings.
	 *
	 * @var array<string, \DateTimeZone>
	 */
	private static array $zones = array();

	/**
	 * The settings a build of many dates reads once (in_one_setting()), or null outside one.
	 *
	 * @var array{date_format: string, time_format: string, zone: string}|null
	 */
	private static ?array $setting = null;

	/**
	 * Runs $build with the site's date settings read once: the dates of one reply are made in one
	 * setting (a list of 1,000 rows otherwise read the format, the time zone and the language
	 * through their filters for every date). Nested builds keep the outer one's.
	 *
	 * @template T
	 * @param callable(): T $build Makes the reply.
	 * @return T
	 */
	public static function in_one_setting( callable $build ) {
		$outer           = self::$setting;
		self::$setting ??= array(
			'date_format' => (string) get_option( 'date_format' ),
			'time_format' => (string) get_option( 'time_format' ),
			'zone'        => self::zone_key(),
		);
		try {
			return $build();
		} finally {
			self::$setting = $outer;
		}
	}

	/**
	 * A day, e.g. "June 28, 2030" ('' for 0 and the never-marker 100100).
	 *
	 * @param int $timestamp Unix seconds.
	 */
	public static function date( int $timestamp ): string {
		return self::format( self::$setting['date_format'] ?? (string) get_option( 'date_format' ), $timestamp );
	}

	/**
	 * A moment, e.g. "June 28, 2030 9:00 am" ('' for 0).
	 *
	 * @param int $timestamp Unix seconds.
	 */
	public static function date_time( int $timestamp ): string {
		$formats = self::$setting ?? array(
			'date_format' => (string) get_option( 'date_format' ),
			'time_format' => (string) get_option( 'time_format' ),
		);
		return self::format( $formats['date_format'] . ' ' . $formats['time_format'], $timestamp );
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
		$format = '' !== trim( $format ) ? $format : 'F j, Y';
		// wp_date() costs about 18 µs (it builds the time zone each time), and a reply may hold
		// hundreds of dates, most of them the same (a grant's seats share their expiry): each text
		// is made once per format, time zone and language in a request.
		$zone = self::$setting['zone'] ?? self::zone_key();
		$key  = $format . '|' . $timestamp . '|' . $zone;
		if ( ! isset( self::$made[ $key ] ) ) {
			if ( count( self::$made ) >= self::KEPT ) {
				self::$made = array();
			}
			if ( ! isset( self::$zones[ $zone ] ) ) {
				self::$zones[ $zone ] = wp_timezone();
			}
			self::$made[ $key ] = (string) wp_date( $format, $timestamp, self::$zones[ $zone ] );
		}
		return self::$made[ $key ];
	}

	/**
	 * The time zone and language a text is made in.
	 */
	private static function zone_key(): string {
		return get_option( 'timezone_string' ) . '|' . get_option( 'gmt_offset' ) . '|' . determine_locale();
	}

	/**
	 * Unix seconds of the last second of a day typed as YYYY-MM-DD, in the site's time zone (an
	 * expiry "until June 28" includes June 28); 0 for ''.
	 *
	 * @param string $date Date as a date field or an API client sends it.
	 * @throws \InvalidArgumentException When it is not a real date.
	 */
	public static function end_of_day( string $date ): int {
		if ( '' === $date ) {
			return 0;
		}
		$day = \DateTimeImmutable::createFromFormat( '!Y-m-d', $date, wp_timezone() );
		if ( ! $day || $day->format( 'Y-m-d' ) !== $date ) {
			throw new \InvalidArgumentException( esc_html__( 'The date must be a real date (YYYY-MM-DD).', 'library-portal' ) );
		}
		return $day->modify( '+1 day' )->getTimestamp() - 1;
	}
}
