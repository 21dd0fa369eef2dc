/**
 * Internal dependencies
 */
import { normalizeItem } from '../items';

describe( 'normalizeItem keeps the server’s decisions', () => {
	it( 'keeps status, access and expiring_licenses as sent', () => {
		const item = normalizeItem( {
			product_id: 5,
			status: 'take-test',
			access: 'can_activate',
			expiring_licenses: 2,
		} );
		expect( item.status ).toBe( 'take-test' );
		expect( item.access ).toBe( 'can_activate' );
		expect( item.expiring_licenses ).toBe( 2 );
	} );

	it( 'never turns an unknown decision into access', () => {
		const item = normalizeItem( {
			product_id: 5,
			status: 'almost-done',
			access: 'admin',
		} );
		expect( item.status ).toBe( 'not-started' );
		expect( item.access ).toBe( 'no_license' );
		expect( normalizeItem( {} ).access ).toBe( 'no_license' );
	} );
} );
