/**
 * External dependencies
 */
import { act, fireEvent, render, screen } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { fetchItems } from '../../api/items';
import { makeItem } from '../../test-utils/fixtures';
import { useItems } from '../use-items';

jest.mock( '../../api/items', () => ( { fetchItems: jest.fn() } ) );
const mockedFetch = jest.mocked( fetchItems );

function Probe() {
	const { items, loading, error, reload, replace } = useItems();
	return (
		<div>
			<p role="status">
				{ loading ? 'loading' : `${ items.length } items` }
				{ error ? ', failed' : '' }
			</p>
			<button type="button" onClick={ reload }>
				Retry
			</button>
			<button
				type="button"
				onClick={ () => replace( [ makeItem(), makeItem() ] ) }
			>
				Replace
			</button>
		</div>
	);
}

describe( 'useItems', () => {
	it( 'reports a failure, reloads on Retry, and replaces locally', async () => {
		mockedFetch
			.mockRejectedValueOnce( new Error( 'HTTP 500' ) )
			.mockResolvedValueOnce( [ makeItem() ] );
		render( <Probe /> );
		expect(
			await screen.findByText( '0 items, failed' )
		).toBeInTheDocument();

		fireEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		expect( await screen.findByText( '1 items' ) ).toBeInTheDocument();
		expect( mockedFetch ).toHaveBeenCalledTimes( 2 );

		act( () => {
			fireEvent.click(
				screen.getByRole( 'button', { name: 'Replace' } )
			);
		} );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent( '2 items' );
		expect( mockedFetch ).toHaveBeenCalledTimes( 2 );
	} );
} );
