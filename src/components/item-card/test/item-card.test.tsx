/**
 * External dependencies
 */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

/**
 * Internal dependencies
 */
import { ROUTER_FUTURE } from '../../../lib/router-future';
import { makeItem, watched } from '../../../test-utils/fixtures';
import { ItemCard } from '..';

const renderCard = ( item = makeItem() ) =>
	render(
		<MemoryRouter future={ ROUTER_FUTURE }>
			<ItemCard item={ item } to="/my-account/library/videos/101" />
		</MemoryRouter>
	);

describe( 'ItemCard', () => {
	it( 'is an article named by its title link, with type, subtitle, status and license text', () => {
		renderCard( watched( 30, { expiry: 100100 } ) );
		const card = screen.getByRole( 'article', {
			name: 'Leadership Essentials',
		} );
		expect(
			within( card ).getByRole( 'link', {
				name: 'Leadership Essentials',
			} )
		).toHaveAttribute( 'href', '/my-account/library/videos/101' );
		expect(
			within( card ).getByText( 'On-Demand Workshop' )
		).toBeInTheDocument();
		expect( within( card ).getByText( 'Part one' ) ).toBeInTheDocument();
		expect( within( card ).getByText( '30% Watched' ) ).toBeInTheDocument();
		expect(
			within( card ).getByText( '1 of 3 licenses available' )
		).toBeInTheDocument();
		expect(
			within( card ).queryByText( /^Expire/ )
		).not.toBeInTheDocument();
	} );

	it( 'shows the expired line and no license text for contract items', () => {
		renderCard(
			makeItem( {
				tag: 'contract',
				expiry: Date.UTC( 2020, 0, 10, 12 ) / 1000,
				expiry_date: 'January 10, 2020',
			} )
		);
		expect(
			screen.getByText( 'Expired: January 10, 2020' )
		).toBeInTheDocument();
		expect( screen.queryByText( '1/3' ) ).not.toBeInTheDocument();
	} );

	it( 'shows the image, or a drawn panel of its kind when there is none', () => {
		const { container, unmount } = renderCard(
			makeItem( { img: 'https://x.test/thumb.jpg' } )
		);
		expect(
			container.querySelector( 'img.lp-item__image' )
		).toHaveAttribute( 'src', 'https://x.test/thumb.jpg' );
		unmount();

		const manual = renderCard(
			makeItem( { img: '', content_type: 'e-manual' } )
		).container;
		expect( manual.querySelector( 'img' ) ).toBeNull();
		expect(
			manual.querySelector(
				'.lp-item__image--empty.lp-item__image--manual svg'
			)
		).not.toBeNull();
	} );
} );
