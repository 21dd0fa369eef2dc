/**
 * Notification times: under 60 s 'Just now', then minutes, hours, days (under
 * 7), weeks (under 4), months (under 12), then a date. The words come from the browser's
 * Intl.RelativeTimeFormat in the page's language.
 */

/**
 * WordPress dependencies
 */
import { __, _n, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { formatDate, pageLocale } from './dates';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;

export type RelativeUnit =
	'now' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'date';

/**
 * Which unit the spec uses for an age, and how many of it (whole units, rounded down).
 *
 * @param seconds Age in seconds (a time ahead of the clock counts as now).
 */
export function relativeUnit( seconds: number ): {
	unit: RelativeUnit;
	value: number;
} {
	const age = Math.max( 0, Math.floor( seconds ) );
	if ( age < MINUTE ) {
		return { unit: 'now', value: 0 };
	}
	if ( age < HOUR ) {
		return { unit: 'minute', value: Math.floor( age / MINUTE ) };
	}
	if ( age < DAY ) {
		return { unit: 'hour', value: Math.floor( age / HOUR ) };
	}
	if ( age < WEEK ) {
		return { unit: 'day', value: Math.floor( age / DAY ) };
	}
	if ( age < 4 * WEEK ) {
		return { unit: 'week', value: Math.floor( age / WEEK ) };
	}
	// Four weeks are under a 30-day month: that gap still reads "1 month ago".
	const months = Math.max( 1, Math.floor( age / MONTH ) );
	return months < 12
		? { unit: 'month', value: months }
		: { unit: 'date', value: 0 };
}

/**
 * A notification's time, e.g. 'Just now', '5 minutes ago', 'March 5, 2025'.
 *
 * @param timestamp Unix seconds of the notification.
 * @param now       Unix seconds now.
 * @param locale    BCP 47 locale (defaults to the page language).
 * @param siteDate  The date as the server wrote it in the site's format, shown after 12 months.
 */
export function relativeTime(
	timestamp: number,
	now: number,
	locale: string = pageLocale(),
	siteDate: string = ''
): string {
	const { unit, value } = relativeUnit( now - timestamp );
	if ( unit === 'now' ) {
		return __( 'Just now', 'library-portal' );
	}
	if ( unit === 'date' ) {
		return siteDate !== '' ? siteDate : formatDate( timestamp, locale );
	}
	// An English page writes the plugin's own words, the ones the server's first screen prints
	// (Frontend\FirstScreen::age): Intl's are the same, but its formatter takes a phone about
	// 100 ms to make (4x CPU), inside the page's first render. Other languages get Intl's words.
	return /^en(-|$)/i.test( locale )
		? englishAge( unit, value )
		: relativeFormat( locale ).format( -value, unit );
}

/**
 * An age in the plugin's words, as Intl.RelativeTimeFormat writes it in English.
 *
 * @param unit  Unit (minute to month).
 * @param value How many.
 */
function englishAge(
	unit: 'minute' | 'hour' | 'day' | 'week' | 'month',
	value: number
): string {
	switch ( unit ) {
		case 'minute':
			return sprintf(
				/* translators: %d: number of minutes. */
				_n(
					'%d minute ago',
					'%d minutes ago',
					value,
					'library-portal'
				),
				value
			);
		case 'hour':
			return sprintf(
				/* translators: %d: number of hours. */
				_n( '%d hour ago', '%d hours ago', value, 'library-portal' ),
				value
			);
		case 'day':
			return sprintf(
				/* translators: %d: number of days. */
				_n( '%d day ago', '%d days ago', value, 'library-portal' ),
				value
			);
		case 'week':
			return sprintf(
				/* translators: %d: number of weeks. */
				_n( '%d week ago', '%d weeks ago', value, 'library-portal' ),
				value
			);
		case 'month':
			return sprintf(
				/* translators: %d: number of months. */
				_n( '%d month ago', '%d months ago', value, 'library-portal' ),
				value
			);
	}
}

/** One formatter per locale: making one costs a phone several milliseconds, a page shows ten. */
const formats = new Map< string, Intl.RelativeTimeFormat >();

/**
 * The page's relative-time formatter for a locale (an invalid locale falls back to en-US).
 * Intl's default numeric style ('always') says '1 day ago', never 'yesterday', as the spec does.
 *
 * @param locale BCP 47 locale.
 */
function relativeFormat( locale: string ): Intl.RelativeTimeFormat {
	let format = formats.get( locale );
	if ( format === undefined ) {
		try {
			format = new Intl.RelativeTimeFormat( locale );
		} catch {
			format = new Intl.RelativeTimeFormat( 'en-US' );
		}
		formats.set( locale, format );
	}
	return format;
}
