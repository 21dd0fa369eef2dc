/**
 * Internal dependencies
 */
import { makeItem, watched } from '../../test-utils/fixtures';
import { inTranslation } from '../../test-utils/translations';
import {
	compareLabels,
	contentTypeOptions,
	parseContentTypes,
	DEFAULT_FILTERS,
	filterLibrary,
	matchesSearch,
	PAGE_SIZE,
	parseStatusFilter,
	SEARCH_DEBOUNCE_MS,
	STATUS_FILTERS,
	statusFilterLabel,
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

	it( 'names each status in the dropdown, in the portal’s language', () => {
		expect( STATUS_FILTERS.map( statusFilterLabel ) ).toEqual( [
			'All Statuses',
			'Purchased',
			'In Progress',
			'Completed',
			'Not Started',
			'Expired',
			'Member Product',
		] );
		expect(
			inTranslation(
				{
					'All Statuses': 'Alle Status',
					Purchased: 'Gekauft',
					'In Progress': 'Begonnen',
					Completed: 'Abgeschlossen',
					'Not Started': 'Nicht begonnen',
					Expired: 'Abgelaufen',
					'Member Product': 'Mitgliederprodukt',
				},
				() => STATUS_FILTERS.map( statusFilterLabel )
			)
		).toEqual( [
			'Alle Status',
			'Gekauft',
			'Begonnen',
			'Abgeschlossen',
			'Nicht begonnen',
			'Abgelaufen',
			'Mitgliederprodukt',
		] );
	} );

	it( 'keeps Take Test under In Progress and completed items under Completed', () => {
		const items = [
			makeItem( { product_id: 1, status: 'take-test' } ),
			makeItem( { product_id: 2, status: 'completed' } ),
			makeItem( { product_id: 3, status: 'in-progress' } ),
			makeItem( { product_id: 4, status: 'shared' } ),
		];
		const active = ( status: ( typeof STATUS_FILTERS )[ number ] ) =>
			filterLibrary( items, { ...DEFAULT_FILTERS, status } ).active.map(
				( item ) => item.product_id
			);
		expect( active( 'in-progress' ) ).toEqual( [ 1, 3 ] );
		expect( active( 'completed' ) ).toEqual( [ 2 ] );
	} );

	it( 'with Expired, lists above the expired items those with licenses ending this month', () => {
		const items = [
			makeItem( { product_id: 1, expiring_licenses: 2 } ),
			makeItem( { product_id: 2 } ),
			makeItem( {
				product_id: 3,
				status: 'expired',
				expired_licenses: 1,
				expiring_licenses: 1,
			} ),
			makeItem( {
				product_id: 4,
				title: 'Other',
				expiring_licenses: 1,
			} ),
		];
		const ids = ( list: ReturnType< typeof filterLibrary > ) => ( {
			active: list.active.map( ( item ) => item.product_id ),
			expiring: list.expiring.map( ( item ) => item.product_id ),
			expired: list.expired.map( ( item ) => item.product_id ),
		} );
		expect(
			ids(
				filterLibrary( items, {
					...DEFAULT_FILTERS,
					status: 'expired',
				} )
			)
		).toEqual( { active: [], expiring: [ 1, 4 ], expired: [ 3 ] } );
		// The search narrows the expiring ones too; other filters show none.
		expect(
			ids(
				filterLibrary( items, {
					...DEFAULT_FILTERS,
					status: 'expired',
					search: 'other',
				} )
			)
		).toEqual( { active: [], expiring: [ 4 ], expired: [] } );
		expect(
			ids(
				filterLibrary( items, {
					...DEFAULT_FILTERS,
					status: 'not-started',
				} )
			)
		).toEqual( { active: [ 1, 2, 4 ], expiring: [], expired: [] } );
	} );

	it( 'names a content type by its code when the server sent no label, and skips items without a type', () => {
		expect(
			contentTypeOptions( [
				makeItem( { content_type: 'webinar', content_type_label: '' } ),
				makeItem( { content_type: '', content_type_label: 'None' } ),
			] )
		).toEqual( [ { value: 'webinar', label: 'webinar' } ] );
	} );

	it( 'names the first label the server gave a type', () => {
		expect(
			contentTypeOptions( [
				makeItem( {
					content_type: 'webinar',
					content_type_label: 'Webinar',
				} ),
				makeItem( {
					content_type: 'webinar',
					content_type_label: 'Live Webinar',
				} ),
			] )
		).toEqual( [ { value: 'webinar', label: 'Webinar' } ] );
	} );
} );

describe( 'compareLabels', () => {
	it( 'orders labels as localeCompare does, with and without the collator', () => {
		const labels = [
			'Webinar',
			'e-Manual',
			'E-Course',
			'On-Demand Workshop',
			'on demand',
			'Ondemand',
			'2 Day Course',
			'10 Day Course',
			'Certificate Program',
			'certificate',
			'Membership',
			'Écoute',
			'Zeta',
			'Webinar Series',
			'Webinar-Series',
		];
		for ( const a of labels ) {
			for ( const b of labels ) {
				expect( Math.sign( compareLabels( a, b ) ) ).toBe(
					Math.sign( a.localeCompare( b ) )
				);
			}
		}
	} );
} );
