/**
 * External dependencies
 */
import { render, screen } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { ScreenTitle } from '..';
import { noteRouteChange } from '../../../lib/route-focus';
import { setPortalConfig } from '../../../test-utils/fixtures';

// @wordpress/a11y's own live region, where speak() writes.
const politeRegion = () => document.getElementById( 'a11y-speak-polite' );

describe( 'ScreenTitle', () => {
	beforeEach( () => {
		setPortalConfig( { brandName: 'Harbor Learning' } );
		politeRegion()?.replaceChildren();
	} );

	it( 'names the document after the screen and the site', () => {
		const { rerender } = render( <ScreenTitle title="Library" /> );
		expect( document.title ).toBe( 'Library – Harbor Learning' );

		rerender( <ScreenTitle title="Dashboard" /> );
		expect( document.title ).toBe( 'Dashboard – Harbor Learning' );
	} );

	it( 'leaves focus alone on the first screen of a page load', () => {
		render( <ScreenTitle title="Dashboard" /> );
		expect( screen.getByRole( 'heading', { level: 1 } ) ).not.toHaveFocus();
		expect( politeRegion()?.textContent ?? '' ).toBe( '' );
	} );

	it( 'takes focus and is announced after a route change, once', () => {
		noteRouteChange();
		const { unmount } = render( <ScreenTitle title="Library" /> );
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Library' } )
		).toHaveFocus();
		expect( politeRegion() ).toHaveTextContent( 'Library' );
		expect( politeRegion() ).toHaveAttribute( 'aria-live', 'polite' );
		unmount();

		render( <ScreenTitle title="Dashboard" /> );
		expect( screen.getByRole( 'heading', { level: 1 } ) ).not.toHaveFocus();
		expect( politeRegion() ).not.toHaveTextContent( 'Dashboard' );
	} );
} );
