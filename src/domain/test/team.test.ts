/**
 * Internal dependencies
 */
import {
	HIDDEN_USERS_KEY,
	matchesMember,
	readHiddenUsers,
	writeHiddenUsers,
} from '../team';

describe( 'hidden users in browser storage', () => {
	beforeEach( () => window.localStorage.clear() );

	it( 'reads a clean list of ids and survives anything else', () => {
		expect( readHiddenUsers( null ) ).toEqual( [] );
		expect( readHiddenUsers( window.localStorage ) ).toEqual( [] );
		window.localStorage.setItem( HIDDEN_USERS_KEY, '{not json' );
		expect( readHiddenUsers( window.localStorage ) ).toEqual( [] );
		window.localStorage.setItem( HIDDEN_USERS_KEY, '{"a":1}' );
		expect( readHiddenUsers( window.localStorage ) ).toEqual( [] );
		window.localStorage.setItem( HIDDEN_USERS_KEY, '[3,"4",3,-1,"x",0]' );
		expect( readHiddenUsers( window.localStorage ) ).toEqual( [ 3, 4 ] );
	} );

	it( 'writes each id once and tolerates a refusing storage', () => {
		writeHiddenUsers( window.localStorage, [ 5, 5, 6 ] );
		expect( window.localStorage.getItem( HIDDEN_USERS_KEY ) ).toBe(
			'[5,6]'
		);
		const refusing = {
			setItem: () => {
				throw new Error( 'quota' );
			},
		} as unknown as Storage;
		expect( () => writeHiddenUsers( refusing, [ 1 ] ) ).not.toThrow();
	} );

	it( 'matches name or e-mail, case-insensitively', () => {
		const member = {
			id: 1,
			name: 'Theo Member',
			email: 'theo@example.com',
			shared_licenses: 0,
			completed_count: 0,
			total_count: 0,
			completed_percent: 0,
			products: [],
			revocable_share_ids: [],
		};
		expect( matchesMember( member, '' ) ).toBe( true );
		expect( matchesMember( member, 'THEO M' ) ).toBe( true );
		expect( matchesMember( member, '@example' ) ).toBe( true );
		expect( matchesMember( member, 'mia' ) ).toBe( false );
		expect( matchesMember( member, '  theo  ' ) ).toBe( true );
	} );
} );

describe( 'the hidden users of an earlier visit', () => {
	beforeEach( () => window.localStorage.clear() );

	it( 'are read from where earlier versions stored them', () => {
		window.localStorage.setItem( 'library-portal:hidden-users', '[8]' );
		expect( readHiddenUsers( window.localStorage ) ).toEqual( [ 8 ] );
		writeHiddenUsers( window.localStorage, [ 9 ] );
		expect(
			window.localStorage.getItem( 'library-portal:hidden-users' )
		).toBe( '[9]' );
	} );
} );
