/**
 * Internal dependencies
 */
import { pageTokens, parsePage } from '../pagination';

describe( 'numbered pagination with ellipsis', () => {
	it( 'shows every page when there are few', () => {
		expect( pageTokens( 1, 1 ) ).toEqual( [ 1 ] );
		expect( pageTokens( 2, 4 ) ).toEqual( [ 1, 2, 3, 4 ] );
		expect( pageTokens( 1, 0 ) ).toEqual( [] );
	} );

	it( 'keeps the first, last, current and neighbours, with an ellipsis for a longer gap', () => {
		expect( pageTokens( 1, 10 ) ).toEqual( [ 1, 2, 'ellipsis', 10 ] );
		expect( pageTokens( 5, 10 ) ).toEqual( [
			1,
			'ellipsis',
			4,
			5,
			6,
			'ellipsis',
			10,
		] );
		expect( pageTokens( 10, 10 ) ).toEqual( [ 1, 'ellipsis', 9, 10 ] );
	} );

	it( 'shows a single missing page rather than an ellipsis', () => {
		expect( pageTokens( 4, 10 ) ).toEqual( [
			1,
			2,
			3,
			4,
			5,
			'ellipsis',
			10,
		] );
		expect( pageTokens( 3, 4 ) ).toEqual( [ 1, 2, 3, 4 ] );
	} );

	it( 'clamps a page outside the range', () => {
		expect( pageTokens( 99, 4 ) ).toEqual( [ 1, 2, 3, 4 ] );
		expect( pageTokens( -3, 6 ) ).toEqual( [ 1, 2, 'ellipsis', 6 ] );
	} );

	it( 'reads ?page= as a whole number from 1', () => {
		expect( parsePage( '3' ) ).toBe( 3 );
		expect(
			[ null, '', '0', '-2', '1.5', 'abc' ].map( parsePage )
		).toEqual( [ 1, 1, 1, 1, 1, 1 ] );
	} );
} );
