/**
 * External dependencies
 */
import { screen } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { makeItem, setPortalConfig } from '../../../test-utils/fixtures';
import { renderScreen } from '../../../test-utils/render';
import { ItemDetail } from '..';

const path = '/my-account/library/videos/:productId';

beforeEach( () => setPortalConfig() );

describe( 'ItemDetail (placeholder)', () => {
	it( "shows the item's title and license line from the loaded list", () => {
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/5',
			path,
			data: {
				items: [
					makeItem( {
						product_id: 5,
						title: 'Alpha',
						available_licenses: 2,
						total_licenses: 4,
					} ),
				],
			},
		} );
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Alpha' } )
		).toBeInTheDocument();
		expect( screen.getByText( '2/4' ) ).toBeInTheDocument();
	} );

	it( 'takes the member version with ?tag=member', () => {
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/5?tag=member',
			path,
			data: {
				items: [
					makeItem( { product_id: 5, title: 'Own' } ),
					makeItem( {
						product_id: 5,
						title: 'Member',
						tag: 'member',
					} ),
				],
			},
		} );
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Member' } )
		).toBeInTheDocument();
		expect( screen.getByText( 'Unlimited Access' ) ).toBeInTheDocument();
	} );

	it( 'shows an error and goes back to the list when the item is not in the library', () => {
		const showError = jest.fn();
		renderScreen( <ItemDetail />, {
			url: '/my-account/library/videos/99',
			path,
			data: { items: [], showError },
		} );
		expect( showError ).toHaveBeenCalledWith(
			'Item with ID 99 was not found in your library.'
		);
		expect( screen.getByTestId( 'location' ) ).toHaveTextContent(
			'/my-account/library/videos'
		);
	} );
} );
