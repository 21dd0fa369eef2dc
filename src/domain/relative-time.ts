/**
 * Notification times: under 60 s 'Just now', then minutes, hours, days (under
 * 7), weeks (under 4), months (under 12), then a date. The words come from the browser's
 * Intl.RelativeTimeFormat in the page's language.
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

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
	// Intl's default numeric style ('always') says '1 day ago', never 'yesterday', as the spec does.
	let format: Intl.RelativeTimeFormat;
	try {
		format = new Intl.RelativeTimeFormat( locale );
	} catch {
		format = new Intl.RelativeTimeFormat( 'en-US' );
	}
	return format.format( -value, unit );
}
