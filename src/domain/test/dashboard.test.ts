/**
 * Internal dependencies
 */
import { makeItem, makeUser } from '../../test-utils/fixtures';
import {
	completionRate,
	computeLibraryStats,
	countExpiringLicensesThisMonth,
	membershipExpiry,
} from '../dashboard';

const at = ( month: number, day: number ) =>
	new Date( 2031, month, day, 12 ).getTime() / 1000;

describe( "'Expiring Licenses This Month'", () => {
	it( "adds up the server's per-row counts", () => {
		const items = [
			makeItem( { expiring_licenses: 2 } ),
			makeItem( { product_id: 102, expiring_licenses: 1 } ),
			makeItem( { product_id: 103 } ),
		];
		expect( countExpiringLicensesThisMonth( items ) ).toBe( 3 );
	} );

	it( 'is 0 when the server counts none', () => {
		expect( countExpiringLicensesThisMonth( [ makeItem() ] ) ).toBe( 0 );
	} );
} );

describe( 'dashboard stats', () => {
	const pdf = {
		progress: { count: 100, time: 0, parts: [] },
		pdf: 'https://x.test/c.pdf',
	};
	const items = [
		makeItem( {
			product_id: 1,
			content_type: 'on-demand-workshop',
			video_data: pdf,
		} ),
		makeItem( {
			product_id: 1,
			content_type: 'on-demand-workshop',
			tag: 'member',
		} ),
		makeItem( { product_id: 2, content_type: 'workshop' } ),
		makeItem( { product_id: 3, content_type: 'on-demand' } ),
		makeItem( { product_id: 4, content_type: 'webinar', video_data: pdf } ),
		makeItem( { product_id: 5, content_type: 'on-demand-webinar' } ),
		makeItem( { product_id: 6, content_type: 'e-manual' } ),
		makeItem( {
			product_id: 7,
			content_type: 'membership',
			expiry: at( 11, 31 ),
		} ),
	];

	it( 'counts distinct products per type, completed trainings and videos', () => {
		expect( computeLibraryStats( items, null ) ).toEqual( {
			onDemandWorkshops: 3,
			webinars: 2,
			eManuals: 1,
			completedTrainings: 2,
			membershipExpiry: at( 11, 31 ),
			expiringLicensesThisMonth: 0,
			completedVideos: 2,
			totalVideos: 5,
		} );
	} );

	it( "membership expiry prefers the user's member_expiry, else N/A (null)", () => {
		expect(
			membershipExpiry( items, makeUser( { member_expiry: at( 5, 1 ) } ) )
		).toBe( at( 5, 1 ) );
		expect( membershipExpiry( [ makeItem() ], makeUser() ) ).toBeNull();
		expect(
			membershipExpiry(
				[ makeItem( { content_type: 'membership', expiry: 100100 } ) ],
				null
			)
		).toBeNull();
	} );

	it( 'completion rate is completed over total shared, rounded', () => {
		expect( completionRate( 1, 3 ) ).toBe( 33 );
		expect( completionRate( 2, 3 ) ).toBe( 67 );
		expect( completionRate( 0, 0 ) ).toBe( 0 );
	} );
} );
