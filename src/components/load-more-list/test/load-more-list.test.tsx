/**
 * External dependencies
 */
import { fireEvent, render, screen, within } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { LoadMoreList } from '..';

const numbers = Array.from( { length: 25 }, ( _, index ) => index + 1 );

describe( 'LoadMoreList', () => {
	it( 'renders a page at a time with a visible load-more button', () => {
		render(
			<LoadMoreList
				items={ numbers }
				label="Numbers"
				moreLabel="More numbers"
				getKey={ String }
				renderItem={ ( n ) => <span>{ n }</span> }
				pageSize={ 10 }
			/>
		);
		const list = () => screen.getByRole( 'list', { name: 'Numbers' } );
		expect( within( list() ).getAllByRole( 'listitem' ) ).toHaveLength(
			10
		);
		fireEvent.click(
			screen.getByRole( 'button', { name: 'More numbers' } )
		);
		fireEvent.click(
			screen.getByRole( 'button', { name: 'More numbers' } )
		);
		expect( within( list() ).getAllByRole( 'listitem' ) ).toHaveLength(
			25
		);
		expect( screen.getByText( 'Showing 25 of 25' ) ).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'More numbers' } )
		).not.toBeInTheDocument();
	} );
	it( 'puts focus on the first card the button loaded, also when the button goes with the last page', () => {
		render(
			<LoadMoreList
				items={ numbers }
				label="Numbers"
				moreLabel="More numbers"
				getKey={ String }
				renderItem={ ( n ) => (
					<a href={ `#${ n }` }>{ `Item ${ n }` }</a>
				) }
				pageSize={ 20 }
			/>
		);
		const more = screen.getByRole( 'button', { name: 'More numbers' } );
		more.focus();
		fireEvent.click( more );
		expect( screen.getByRole( 'link', { name: 'Item 21' } ) ).toHaveFocus();
	} );
} );
