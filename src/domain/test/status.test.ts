/**
 * Internal dependencies
 */
import { ITEM_STATUS_KEYS } from '../../types/library';
import { makeItem, watched } from '../../test-utils/fixtures';
import { inTranslation } from '../../test-utils/translations';
import { getItemStatus, watchedPercent } from '../status';

describe( 'getItemStatus shows the status the server decided', () => {
	it.each( [
		[ 'shared', 'Shared' ],
		[ 'purchased', 'Purchased' ],
		[ 'expired', 'Expired' ],
		[ 'completed', 'Completed' ],
		[ 'take-test', 'Take Test' ],
		[ 'member-product', 'Member Product' ],
		[ 'membership', 'Membership' ],
		[ 'not-started', 'Not Started' ],
	] as const )( '%s reads %s', ( key, label ) => {
		expect( getItemStatus( makeItem( { status: key } ) ) ).toEqual( {
			key,
			label,
		} );
	} );

	it( "in-progress reads '{n}% Watched' with the rounded watched percent", () => {
		expect( getItemStatus( watched( 42.4 ) ) ).toEqual( {
			key: 'in-progress',
			label: '42% Watched',
		} );
	} );

	it( 'never overrides the server: a fully watched item the server calls expired stays expired', () => {
		const item = watched( 100, { status: 'expired', expired_licenses: 3 } );
		expect( getItemStatus( item ).key ).toBe( 'expired' );
	} );

	it( 'has a label for every status key', () => {
		for ( const key of ITEM_STATUS_KEYS ) {
			expect( getItemStatus( makeItem( { status: key } ) ).key ).toBe(
				key
			);
		}
	} );
} );

describe( 'watchedPercent', () => {
	it( 'rounds and clamps to 0-100', () => {
		expect( watchedPercent( watched( 49.6 ) ) ).toBe( 50 );
		expect( watchedPercent( watched( 140 ) ) ).toBe( 100 );
		expect( watchedPercent( watched( -3 ) ) ).toBe( 0 );
	} );
} );

describe( 'status labels in the portal’s language', () => {
	it( 'reads every status translated, In Progress with its percent', () => {
		const labels = inTranslation(
			{
				Shared: 'Geteilt',
				Purchased: 'Gekauft',
				Expired: 'Abgelaufen',
				Completed: 'Abgeschlossen',
				'Take Test': 'Zum Test',
				'%d%% Watched': '%d%% angesehen',
				'Member Product': 'Mitgliederprodukt',
				Membership: 'Mitgliedschaft',
				'Not Started': 'Nicht begonnen',
			},
			() =>
				ITEM_STATUS_KEYS.map(
					( key ) =>
						getItemStatus( watched( 30, { status: key } ) ).label
				)
		);
		expect( labels ).toEqual(
			ITEM_STATUS_KEYS.map(
				( key ) =>
					( {
						shared: 'Geteilt',
						purchased: 'Gekauft',
						expired: 'Abgelaufen',
						completed: 'Abgeschlossen',
						'take-test': 'Zum Test',
						'in-progress': '30% angesehen',
						'member-product': 'Mitgliederprodukt',
						membership: 'Mitgliedschaft',
						'not-started': 'Nicht begonnen',
					} )[ key ]
			)
		);
	} );
} );
