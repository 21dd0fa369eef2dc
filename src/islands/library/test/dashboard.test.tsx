/**
 * External dependencies
 */
import { screen, within } from '@testing-library/react';

/**
 * Internal dependencies
 */
import {
	makeItem,
	makeUser,
	setPortalConfig,
} from '../../../test-utils/fixtures';
import { renderScreen } from '../../../test-utils/render';
import { Dashboard } from '../dashboard';

const route = { url: '/my-account/library', path: '/my-account/library' };

beforeEach( () =>
	setPortalConfig( { walkthroughVideo: 'https://cdn.test/harbor.mp4' } )
);

describe( 'Dashboard', () => {
	it( 'says the library could not be loaded and retries through the hook', () => {
		const reloadItems = jest.fn();
		renderScreen( <Dashboard />, {
			...route,
			data: { itemsError: true, reloadItems },
		} );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			"We couldn't load your library."
		);
		expect(
			screen.queryByRole( 'heading', {
				name: 'Your Library at a Glance',
			} )
		).not.toBeInTheDocument();
		screen.getByRole( 'button', { name: 'Retry' } ).click();
		expect( reloadItems ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'shows the loading animation while items load', () => {
		renderScreen( <Dashboard />, {
			...route,
			data: { itemsLoading: true },
		} );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading your dashboard…'
		);
		expect(
			screen.queryByRole( 'heading', {
				name: 'Your Library at a Glance',
			} )
		).not.toBeInTheDocument();
	} );

	it( 'shows the welcome card with the walkthrough video and Contact Us', () => {
		renderScreen( <Dashboard />, { ...route, data: { user: makeUser() } } );
		expect(
			screen.getByRole( 'heading', {
				level: 2,
				name: 'Welcome, Dana Reader!',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Play the walkthrough video' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Contact Us' } )
		).toHaveAttribute( 'href', 'http://example.test/contact-us/' );
	} );

	it( "shows 'Your Library at a Glance' linking to the list", () => {
		const items = [
			makeItem( { product_id: 1, content_type: 'on-demand-workshop' } ),
			makeItem( { product_id: 2, content_type: 'webinar' } ),
			makeItem( { product_id: 3, content_type: 'e-manual' } ),
		];
		renderScreen( <Dashboard />, { ...route, data: { items } } );
		const card = screen.getByRole( 'region', {
			name: 'Your Library at a Glance',
		} );
		expect(
			within( card ).getByRole( 'link', {
				name: 'Your Library at a Glance',
			} )
		).toHaveAttribute( 'href', '/my-account/library/videos' );
		const value = ( term: string ) =>
			within( card ).getByText( term ).nextElementSibling?.textContent;
		expect( value( 'On-Demand Workshops' ) ).toBe( '1' );
		expect( value( 'Webinars' ) ).toBe( '1' );
		expect( value( 'E-Manuals' ) ).toBe( '1' );
		expect( value( 'Trainings Completed' ) ).toBe( '0' );
		expect( value( 'Membership Expiry' ) ).toBe( 'N/A' );
	} );

	it( "shows 'Expiring Licenses This Month' only when the count is above 0, linking to ?status=expired", () => {
		const now = new Date();
		const soon = Math.floor( now.getTime() / 1000 ) + 60;
		const endOfMonth =
			new Date( now.getFullYear(), now.getMonth() + 1, 1 ).getTime() /
			1000;
		const { unmount } = renderScreen( <Dashboard />, {
			...route,
			data: { items: [ makeItem() ] },
		} );
		expect(
			screen.queryByRole( 'region', {
				name: 'Expiring Licenses This Month',
			} )
		).not.toBeInTheDocument();
		unmount();

		if ( soon >= endOfMonth ) {
			return; // The test runs in the last minute of a month.
		}
		renderScreen( <Dashboard />, {
			...route,
			data: {
				items: [
					makeItem( {
						licenses: [
							{
								license_id: 1,
								user_id: 7,
								expiry: soon,
								shared: false,
								activated: false,
							},
						],
						expiring_licenses: 1,
					} ),
				],
			},
		} );
		const card = screen.getByRole( 'region', {
			name: 'Expiring Licenses This Month',
		} );
		expect( within( card ).getByRole( 'link' ) ).toHaveAttribute(
			'href',
			'/my-account/library/videos?status=expired'
		);
		expect(
			within( card ).getByText( '1 license expires this month.' )
		).toBeInTheDocument();
	} );
} );
