/**
 * Internal dependencies
 */
import {
	formatDate,
	isNeverExpiring,
	NEVER_EXPIRES_MARKERS,
	nowInSeconds,
	pageLocale,
} from '../dates';

describe( 'dates', () => {
	afterEach( () => {
		jest.useRealTimers();
		document.documentElement.lang = '';
	} );

	it( 'counts now in whole seconds, rounded down', () => {
		jest.useFakeTimers().setSystemTime( 1_700_000_000_999 );
		expect( nowInSeconds() ).toBe( 1_700_000_000 );
	} );

	it( 'reads the page language WordPress printed, else en-US', () => {
		document.documentElement.lang = 'de-DE';
		expect( pageLocale() ).toBe( 'de-DE' );
		document.documentElement.lang = '';
		expect( pageLocale() ).toBe( 'en-US' );
	} );

	// Noon UTC, so the day is the same in every time zone from UTC-11 to UTC+11.
	const JUNE_15_2030 = Date.UTC( 2030, 5, 15, 12 ) / 1000;

	it( 'writes a long date in the language asked for, else the page language', () => {
		expect( formatDate( JUNE_15_2030, 'de-DE' ) ).toBe( '15. Juni 2030' );
		document.documentElement.lang = 'fr-FR';
		expect( formatDate( JUNE_15_2030 ) ).toBe( '15 juin 2030' );
	} );

	it( 'falls back to English for a language tag the browser cannot read', () => {
		expect( formatDate( JUNE_15_2030, 'not a language' ) ).toBe(
			'June 15, 2030'
		);
	} );

	it( 'knows the two never-expiring markers and nothing else', () => {
		expect( NEVER_EXPIRES_MARKERS ).toEqual( [ 0, 100100 ] );
		expect(
			[ 0, 100100, 1, 100099, 100101 ].map( isNeverExpiring )
		).toEqual( [ true, true, false, false, false ] );
	} );
} );
