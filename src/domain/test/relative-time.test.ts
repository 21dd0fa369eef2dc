/**
 * Internal dependencies
 */
import { inTranslation } from '../../test-utils/translations';
import { relativeTime, relativeUnit } from '../relative-time';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;
const NOW = Date.UTC( 2026, 10, 24, 12 ) / 1000;

describe( 'notification relative times', () => {
	it.each( [
		[ 0, 'now', 0 ],
		[ 59, 'now', 0 ],
		[ -30, 'now', 0 ],
		[ 60, 'minute', 1 ],
		[ HOUR - 1, 'minute', 59 ],
		[ HOUR, 'hour', 1 ],
		[ DAY - 1, 'hour', 23 ],
		[ DAY, 'day', 1 ],
		[ 7 * DAY - 1, 'day', 6 ],
		[ 7 * DAY, 'week', 1 ],
		[ 28 * DAY - 1, 'week', 3 ],
		[ 28 * DAY, 'month', 1 ],
		[ 60 * DAY, 'month', 2 ],
		[ 359 * DAY, 'month', 11 ],
		[ 360 * DAY, 'date', 0 ],
	] )( 'an age of %d s is %s %d', ( age, unit, value ) => {
		expect( relativeUnit( age ) ).toEqual( { unit, value } );
	} );

	it( 'words each unit, then a date', () => {
		expect( relativeTime( NOW - 5, NOW, 'en-US' ) ).toBe( 'Just now' );
		expect( relativeTime( NOW - 5 * MINUTE, NOW, 'en-US' ) ).toBe(
			'5 minutes ago'
		);
		expect( relativeTime( NOW - HOUR, NOW, 'en-US' ) ).toBe( '1 hour ago' );
		expect( relativeTime( NOW - DAY, NOW, 'en-US' ) ).toBe( '1 day ago' );
		expect( relativeTime( NOW - DAY, NOW, 'not a locale!' ) ).toBe(
			'1 day ago'
		);
		expect( relativeTime( NOW - 3 * DAY, NOW, 'en-US' ) ).toBe(
			'3 days ago'
		);
		expect( relativeTime( NOW - 14 * DAY, NOW, 'en-US' ) ).toBe(
			'2 weeks ago'
		);
		expect( relativeTime( NOW - 95 * DAY, NOW, 'en-US' ) ).toBe(
			'3 months ago'
		);
		expect(
			relativeTime( Date.UTC( 2025, 2, 5, 12 ) / 1000, NOW, 'en-US' )
		).toBe( 'March 5, 2025' );
	} );

	it( 'speaks the page language and survives a bad locale', () => {
		expect( relativeTime( NOW - 2 * DAY, NOW, 'de-DE' ) ).toBe(
			'vor 2 Tagen'
		);
		expect( relativeTime( NOW - 2 * DAY, NOW, 'not a locale!' ) ).toBe(
			'2 days ago'
		);
	} );
} );

describe( 'a notification’s time as the page shows it', () => {
	afterEach( () => {
		document.documentElement.lang = '';
	} );

	it( 'shows the date the server wrote in the site’s format after 12 months', () => {
		expect(
			relativeTime( NOW - 400 * DAY, NOW, 'en-US', '20/10/2025' )
		).toBe( '20/10/2025' );
		expect(
			relativeTime( NOW - 3 * DAY, NOW, 'en-US', '21/11/2026' )
		).toBe( '3 days ago' );
	} );

	it( 'reads Just now in the portal’s language', () => {
		expect(
			inTranslation( { 'Just now': 'Gerade eben' }, () =>
				relativeTime( NOW - 5, NOW, 'de-DE' )
			)
		).toBe( 'Gerade eben' );
	} );

	it( 'speaks the language of the page when none is given', () => {
		document.documentElement.lang = 'de-DE';
		expect( relativeTime( NOW - 2 * DAY, NOW ) ).toBe( 'vor 2 Tagen' );
	} );
} );

describe( 'English ages', () => {
	it( "are the words Intl writes in English, from the plugin's own strings", () => {
		const intl = new Intl.RelativeTimeFormat( 'en-US' );
		const units = [
			[ MINUTE, 'minute' ],
			[ HOUR, 'hour' ],
			[ DAY, 'day' ],
			[ 7 * DAY, 'week' ],
			[ 30 * DAY, 'month' ],
		] as const;
		for ( const [ seconds, unit ] of units ) {
			for ( const count of [ 1, 2, 3 ] ) {
				expect(
					relativeTime( NOW - count * seconds, NOW, 'en-GB' )
				).toBe( intl.format( -count, unit ) );
			}
		}
	} );
} );
