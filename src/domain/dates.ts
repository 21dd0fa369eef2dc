/**
 * Dates: expiry values are Unix seconds; 0 and 100100 mean "never expires". Dates a
 * person reads come written by the server in the site's format (`expiry_date`, `completed_date`, a
 * notification's `date`); formatDate() is the fallback for a reply without one.
 */

export const NEVER_EXPIRES_MARKERS: readonly number[] = [ 0, 100100 ];

/**
 * Whether an expiry value means "never expires".
 *
 * @param expiry Unix seconds.
 */
export function isNeverExpiring( expiry: number ): boolean {
	return NEVER_EXPIRES_MARKERS.includes( expiry );
}

/**
 * Current time in Unix seconds.
 */
export const nowInSeconds = (): number => Math.floor( Date.now() / 1000 );

/**
 * The page language (WordPress prints it on <html lang>), else en-US. Only the islands call it,
 * always in a page.
 */
export function pageLocale(): string {
	const lang = document.documentElement.lang;
	return lang !== '' ? lang : 'en-US';
}

/**
 * A Unix-seconds timestamp as a long date, e.g. "March 5, 2025".
 *
 * @param seconds Unix seconds.
 * @param locale  BCP 47 locale (defaults to the page language); an invalid one falls back to en-US.
 */
export function formatDate(
	seconds: number,
	locale: string = pageLocale()
): string {
	const options: Intl.DateTimeFormatOptions = {
		year: 'numeric',
		month: 'long',
		day: 'numeric',
	};
	const date = new Date( seconds * 1000 );
	try {
		return new Intl.DateTimeFormat( locale, options ).format( date );
	} catch {
		return new Intl.DateTimeFormat( 'en-US', options ).format( date );
	}
}
