/**
 * Internal dependencies
 */
import { makeItem, watched } from '../../test-utils/fixtures';
import {
	contentTypeOptions,
	parseContentTypes,
	DEFAULT_FILTERS,
	filterLibrary,
	matchesSearch,
	PAGE_SIZE,
	parseStatusFilter,
	SEARCH_DEBOUNCE_MS,
	STATUS_FILTERS,
} from '../filters';

describe( 'library filters', () => {
	it( 'has the spec values and constants', () => {
		expect( STATUS_FILTERS ).toEqual( [
			'all',
			'purchased',
			'in-progress',
			'completed',
			'not-started',
			'expired',
			'member-product',
		] );
		expect( PAGE_SIZE ).toBe( 20 );
		expect( SEARCH_DEBOUNCE_MS ).toBe( 300 );
		expect( DEFAULT_FILTERS.status ).toBe( 'all' );
	} );

	it( 'reads ?status= and falls back to all', () => {
		expect( parseStatusFilter( 'expired' ) ).toBe( 'expired' );
		expect( parseStatusFilter( 'bogus' ) ).toBe( 'all' );
		expect( parseStatusFilter( null ) ).toBe( 'all' );
	} );

	it( 'searches title, subtitle and description, case-insensitively', () => {
		const item = makeItem( {
			title: 'Alpha',
			subtitle: 'Beta Part',
			description: 'Gamma notes',
		} );
		expect( matchesSearch( item, 'ALPHA' ) ).toBe( true );
		expect( matchesSearch( item, 'beta' ) ).toBe( true );
		expect( matchesSearch( item, 'gAmMa' ) ).toBe( true );
		expect( matchesSearch( item, 'delta' ) ).toBe( false );
		expect( matchesSearch( item, '  ' ) ).toBe( true );
	} );

	it( 'splits expired items into their own section and filters by status and type', () => {
		const items = [
			makeItem( { product_id: 1 } ),
			makeItem( {
				product_id: 2,
				expired_licenses: 3,
				status: 'expired',
			} ),
			watched( 50, { product_id: 3 } ),
			watched( 97, { product_id: 4 } ),
			makeItem( {
				product_id: 5,
				content_type: 'e-manual',
				content_type_label: 'E-Manual',
				status: 'purchased',
			} ),
			makeItem( {
				product_id: 6,
				tag: 'member',
				status: 'member-product',
			} ),
			makeItem( {
				product_id: 7,
				content_type: 'membership',
				content_type_label: 'Membership',
				status: 'membership',
			} ),
		];
		const ids = ( filter: ( typeof STATUS_FILTERS )[ number ] ) => {
			const { active, expired } = filterLibrary( items, {
				...DEFAULT_FILTERS,
				status: filter,
			} );
			return {
				active: active.map( ( i ) => i.product_id ),
				expired: expired.map( ( i ) => i.product_id ),
			};
		};
		expect( ids( 'all' ) ).toEqual( {
			active: [ 1, 3, 4, 5, 6, 7 ],
			expired: [ 2 ],
		} );
		expect( ids( 'expired' ) ).toEqual( { active: [], expired: [ 2 ] } );
		expect( ids( 'in-progress' ) ).toEqual( {
			active: [ 3, 4 ],
			expired: [],
		} );
		expect( ids( 'not-started' ) ).toEqual( {
			active: [ 1 ],
			expired: [],
		} );
		expect( ids( 'purchased' ) ).toEqual( { active: [ 5 ], expired: [] } );
		expect( ids( 'member-product' ) ).toEqual( {
			active: [ 6, 7 ],
			expired: [],
		} );
		expect(
			filterLibrary( items, {
				...DEFAULT_FILTERS,
				contentTypes: [ 'e-manual' ],
			} ).active.map( ( i ) => i.product_id )
		).toEqual( [ 5 ] );
		expect(
			filterLibrary( items, {
				...DEFAULT_FILTERS,
				contentTypes: [ 'e-manual', 'membership' ],
			} ).active.map( ( i ) => i.product_id )
		).toEqual( [ 5, 7 ] );
	} );

	it( 'reads ?type= as a set of content types', () => {
		expect( parseContentTypes( null ) ).toEqual( [] );
		expect( parseContentTypes( 'all' ) ).toEqual( [] );
		expect( parseContentTypes( 'workshop, on-demand,,workshop' ) ).toEqual(
			[ 'workshop', 'on-demand' ]
		);
	} );

	it( 'offers one option for the set a dashboard figure links to', () => {
		const items = [
			makeItem( {
				content_type: 'workshop',
				content_type_label: 'Workshop',
			} ),
			makeItem( {
				content_type: 'on-demand',
				content_type_label: 'On-Demand',
			} ),
		];
		expect(
			contentTypeOptions( items, [ 'workshop', 'on-demand', 'x' ] )[ 0 ]
		).toEqual( {
			value: 'workshop,on-demand,x',
			label: 'Workshop + On-Demand + x',
		} );
		expect( contentTypeOptions( items, [ 'webinar' ] )[ 0 ] ).toEqual( {
			value: 'webinar',
			label: 'webinar',
		} );
		expect( contentTypeOptions( items, [ 'workshop' ] ) ).toHaveLength( 2 );
	} );

	it( 'lists the content types present, sorted by label', () => {
		expect(
			contentTypeOptions( [
				makeItem( {
					content_type: 'webinar',
					content_type_label: 'Webinar',
				} ),
				makeItem( {
					content_type: 'e-manual',
					content_type_label: 'E-Manual',
				} ),
				makeItem( {
					content_type: 'webinar',
					content_type_label: 'Webinar',
				} ),
			] )
		).toEqual( [
			{ value: 'e-manual', label: 'E-Manual' },
			{ value: 'webinar', label: 'Webinar' },
		] );
	} );
} );
