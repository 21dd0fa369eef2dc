/**
 * Internal dependencies
 */
import { setPortalConfig } from '../../test-utils/fixtures';
import { request } from '../client';
import { fetchItems } from '../items';
import { resetInitialReplies } from '../initial-replies';

const PRINTED = {
	success: true,
	data: [
		{ product_id: 7, title: 'Printed Training', status: 'in-progress' },
	],
};

let fetchMock: jest.Mock;

beforeEach( () => {
	resetInitialReplies();
	setPortalConfig( { initialReplies: { 'library/v2/items/': PRINTED } } );
	fetchMock = jest.fn().mockResolvedValue( {
		ok: true,
		status: 200,
		statusText: 'OK',
		headers: { get: () => 'application/json' },
		json: () => Promise.resolve( { success: true, data: [] } ),
	} );
	( globalThis as { fetch?: unknown } ).fetch = fetchMock;
} );

afterAll( () => setPortalConfig() );

describe( 'replies printed into the page', () => {
	it( 'answer the first GET of their path without a call, later ones go to the server', async () => {
		const first = await fetchItems();
		expect( first.map( ( item ) => item.title ) ).toEqual( [
			'Printed Training',
		] );
		expect( fetchMock ).not.toHaveBeenCalled();

		await expect( fetchItems() ).resolves.toEqual( [] );
		expect( fetchMock ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'never answer another path or a write', async () => {
		await request( { path: 'library/v2/items/', method: 'POST' } );
		await request( { path: 'library/v2/user/', method: 'GET' } );

		expect( fetchMock ).toHaveBeenCalledTimes( 2 );
	} );
} );
