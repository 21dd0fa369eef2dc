/**
 * Internal dependencies
 */
import { makeItem } from '../../test-utils/fixtures';
import { inTranslation } from '../../test-utils/translations';
import { isNeverExpiring, NEVER_EXPIRES_MARKERS } from '../dates';
import { expiryLine, licenseCountText } from '../license';

// Noon UTC, so the date is the same in every time zone from UTC-11 to UTC+11.
const JUNE_15_2030 = Date.UTC( 2030, 5, 15, 12 ) / 1000;
const JAN_10_2020 = Date.UTC( 2020, 0, 10, 12 ) / 1000;
const NOW = Date.UTC( 2025, 0, 1 ) / 1000;

describe( 'licenseCountText', () => {
	it( "is 'Unlimited Access' for members", () => {
		expect( licenseCountText( makeItem( { tag: 'member' } ) ) ).toBe(
			'Unlimited Access'
		);
		expect(
			licenseCountText( makeItem( { content_type: 'membership' } ) )
		).toBe( 'Unlimited Access' );
	} );

	it( "is 'Available Licenses: {available}' for e-manuals", () => {
		expect(
			licenseCountText(
				makeItem( { content_type: 'e-manual', available_licenses: 4 } )
			)
		).toBe( 'Available Licenses: 4' );
	} );

	it( "says '{available}/{total minus expired}' in words otherwise, once", () => {
		expect(
			licenseCountText(
				makeItem( {
					available_licenses: 2,
					total_licenses: 10,
					expired_licenses: 3,
				} )
			)
		).toBe( '2 of 7 licenses available' );
	} );

	it( 'is blank for the contract tag', () => {
		expect(
			licenseCountText(
				makeItem( { tag: 'contract', content_type: 'e-manual' } )
			)
		).toBe( '' );
	} );
} );

describe( 'expiryLine', () => {
	it( "is 'Expires: {date}' for a future expiry, the date as the server wrote it", () => {
		expect(
			expiryLine(
				{ expiry: JUNE_15_2030, expiry_date: '15/06/2030' },
				NOW
			)
		).toBe( 'Expires: 15/06/2030' );
	} );

	it( "is 'Expired: {date}' for a past expiry", () => {
		expect(
			expiryLine(
				{ expiry: JAN_10_2020, expiry_date: 'January 10, 2020' },
				NOW
			)
		).toBe( 'Expired: January 10, 2020' );
	} );

	it( 'is blank for the never-expiring markers 0 and 100100', () => {
		expect( NEVER_EXPIRES_MARKERS ).toEqual( [ 0, 100100 ] );
		expect( isNeverExpiring( 0 ) ).toBe( true );
		expect( isNeverExpiring( 100100 ) ).toBe( true );
		expect( isNeverExpiring( 100101 ) ).toBe( false );
		expect( expiryLine( { expiry: 0, expiry_date: '' }, NOW ) ).toBe( '' );
		expect( expiryLine( { expiry: 100100, expiry_date: '' }, NOW ) ).toBe(
			''
		);
	} );
} );

describe( 'license texts in the portal’s language', () => {
	it( 'reads the count and the expiry line translated', () => {
		const texts = inTranslation(
			{
				'Unlimited Access': 'Unbegrenzter Zugang',
				'Available Licenses: %d': 'Verfügbare Lizenzen: %d',
				'%1$d of %2$d licenses available':
					'%1$d von %2$d Lizenzen verfügbar',
				'Expired: %s': 'Abgelaufen: %s',
				'Expires: %s': 'Läuft ab: %s',
			},
			() => [
				licenseCountText( makeItem( { tag: 'member' } ) ),
				licenseCountText(
					makeItem( {
						content_type: 'e-manual',
						available_licenses: 4,
					} )
				),
				licenseCountText(
					makeItem( { available_licenses: 1, total_licenses: 3 } )
				),
				expiryLine(
					{ expiry: JAN_10_2020, expiry_date: '10.01.2020' },
					NOW
				),
				expiryLine(
					{ expiry: JUNE_15_2030, expiry_date: '15.06.2030' },
					NOW
				),
			]
		);
		expect( texts ).toEqual( [
			'Unbegrenzter Zugang',
			'Verfügbare Lizenzen: 4',
			'1 von 3 Lizenzen verfügbar',
			'Abgelaufen: 10.01.2020',
			'Läuft ab: 15.06.2030',
		] );
	} );
} );

describe( 'expiryLine at the moment of expiry', () => {
	it( 'still reads Expires in the second the licenses end, Expired the second after', () => {
		const line = { expiry: NOW, expiry_date: 'January 1, 2025' };
		expect( expiryLine( line, NOW ) ).toBe( 'Expires: January 1, 2025' );
		expect( expiryLine( line, NOW + 1 ) ).toBe(
			'Expired: January 1, 2025'
		);
	} );

	it( 'reads the clock when no time is given', () => {
		const now = Math.floor( Date.now() / 1000 );
		expect(
			expiryLine( { expiry: now - 3600, expiry_date: 'an hour ago' } )
		).toBe( 'Expired: an hour ago' );
		expect(
			expiryLine( { expiry: now + 3600, expiry_date: 'in an hour' } )
		).toBe( 'Expires: in an hour' );
	} );
} );
