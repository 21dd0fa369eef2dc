/**
 * Internal dependencies
 */
import { makeItem, watched } from '../../test-utils/fixtures';
import { getItemStatus, TAKE_TEST_THRESHOLD, watchedPercent } from '../status';

describe( 'getItemStatus (spec point 4, first matching meaning)', () => {
	it( 'is Shared: not activated, has licenses, none available, not all expired, not received by share', () => {
		const item = makeItem( {
			activated: false,
			total_licenses: 2,
			available_licenses: 0,
			expired_licenses: 1,
		} );
		expect( getItemStatus( item ) ).toEqual( {
			key: 'shared',
			label: 'Shared',
		} );
	} );

	it( 'is not Shared when the row was received by share, when activated, when licenses remain or all expired', () => {
		const shared = {
			activated: false,
			total_licenses: 2,
			available_licenses: 0,
		};
		expect(
			getItemStatus( makeItem( { ...shared, share_user_id: 9 } ) ).key
		).toBe( 'not-started' );
		expect(
			getItemStatus( makeItem( { ...shared, activated: true } ) ).key
		).toBe( 'not-started' );
		expect(
			getItemStatus( makeItem( { ...shared, available_licenses: 1 } ) )
				.key
		).toBe( 'not-started' );
		expect(
			getItemStatus( makeItem( { ...shared, expired_licenses: 2 } ) ).key
		).toBe( 'expired' );
		expect(
			getItemStatus( makeItem( { ...shared, total_licenses: 0 } ) ).key
		).toBe( 'not-started' );
	} );

	it( 'is Purchased for e-courses and e-manuals (before Expired and Completed)', () => {
		expect(
			getItemStatus( makeItem( { content_type: 'e-course' } ) )
		).toEqual( {
			key: 'purchased',
			label: 'Purchased',
		} );
		expect(
			getItemStatus(
				makeItem( { content_type: 'e-manual', expired_licenses: 3 } )
			).key
		).toBe( 'purchased' );
	} );

	it( 'Shared wins over Purchased', () => {
		const item = makeItem( {
			content_type: 'e-manual',
			activated: false,
			available_licenses: 0,
		} );
		expect( getItemStatus( item ).key ).toBe( 'shared' );
	} );

	it( 'is Expired when all licenses expired and the item is not a member item', () => {
		expect( getItemStatus( makeItem( { expired_licenses: 3 } ) ) ).toEqual(
			{
				key: 'expired',
				label: 'Expired',
			}
		);
		expect(
			getItemStatus( makeItem( { expired_licenses: 3, tag: 'member' } ) )
				.key
		).toBe( 'member-product' );
	} );

	it( 'Expired wins over Completed', () => {
		const item = makeItem( {
			expired_licenses: 3,
			video_data: {
				progress: { count: 100, time: 0, parts: [] },
				pdf: 'https://x.test/c.pdf',
			},
		} );
		expect( getItemStatus( item ).key ).toBe( 'expired' );
	} );

	it( 'is Completed when a certificate link is present', () => {
		const item = makeItem( {
			video_data: {
				progress: { count: 40, time: 0, parts: [] },
				pdf: 'https://x.test/c.pdf',
			},
		} );
		expect( getItemStatus( item ) ).toEqual( {
			key: 'completed',
			label: 'Completed',
		} );
	} );

	it( 'is Take Test from 95% watched without a certificate', () => {
		expect( TAKE_TEST_THRESHOLD ).toBe( 95 );
		expect( getItemStatus( watched( 95 ) ) ).toEqual( {
			key: 'take-test',
			label: 'Take Test',
		} );
		expect( getItemStatus( watched( 100 ) ).key ).toBe( 'take-test' );
		expect( getItemStatus( watched( 94 ) ).key ).toBe( 'in-progress' );
	} );

	it( "is In Progress as '{n}% Watched'", () => {
		expect( getItemStatus( watched( 40 ) ) ).toEqual( {
			key: 'in-progress',
			label: '40% Watched',
		} );
		expect( getItemStatus( watched( 5 ) ).label ).toBe( '5% Watched' );
	} );

	it( 'then Member Product, Membership, Not Started', () => {
		expect( getItemStatus( makeItem( { tag: 'member' } ) ) ).toEqual( {
			key: 'member-product',
			label: 'Member Product',
		} );
		expect(
			getItemStatus( makeItem( { content_type: 'membership' } ) )
		).toEqual( {
			key: 'membership',
			label: 'Membership',
		} );
		expect(
			getItemStatus(
				makeItem( { tag: 'member', content_type: 'membership' } )
			).key
		).toBe( 'member-product' );
		expect( getItemStatus( makeItem() ) ).toEqual( {
			key: 'not-started',
			label: 'Not Started',
		} );
	} );

	it( 'watched percent is rounded and clamped to 0-100', () => {
		expect( watchedPercent( watched( 150 ) ) ).toBe( 100 );
		expect( watchedPercent( watched( -3 ) ) ).toBe( 0 );
		expect( watchedPercent( watched( 42.6 ) ) ).toBe( 43 );
	} );
} );
