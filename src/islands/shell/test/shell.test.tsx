/**
 * External dependencies
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

/**
 * Internal dependencies
 */
import { fetchItems } from '../../../api/items';
import { fetchUnreadCount } from '../../../api/notifications';
import { fetchUser } from '../../../api/user';
import {
	makeItem,
	makeUser,
	setPortalConfig,
} from '../../../test-utils/fixtures';
import { LocationProbe } from '../../../test-utils/render';
import { externalNavigation } from '../external';
import { ROUTER_FUTURE } from '../../../lib/router-future';
import { PortalRoutes } from '../routes';

jest.mock( '../../../api/items', () => ( { fetchItems: jest.fn() } ) );
jest.mock( '../../../api/user', () => ( { fetchUser: jest.fn() } ) );
jest.mock( '../../../api/dashboard', () => ( {
	fetchDashboard: jest.fn( () =>
		Promise.resolve(
			jest
				.requireActual( '../../../test-utils/fixtures' )
				.makeDashboardStats()
		)
	),
} ) );
jest.mock( '../../../api/team', () => ( {
	fetchTeam: jest.fn().mockResolvedValue( [] ),
	teamExportUrl: () => '/export',
} ) );
jest.mock( '../../../api/notifications', () => ( {
	fetchUnreadCount: jest.fn(),
} ) );
jest.mock( '../../../api/share', () => ( {
	acceptShare: jest.fn(),
	dismissShare: jest.fn().mockResolvedValue( { success: true } ),
	requestLicense: jest.fn(),
} ) );

const mockedItems = jest.mocked( fetchItems );
const mockedUser = jest.mocked( fetchUser );
const mockedUnread = jest.mocked( fetchUnreadCount );

function renderApp( url: string ) {
	return render(
		<MemoryRouter initialEntries={ [ url ] } future={ ROUTER_FUTURE }>
			<PortalRoutes />
			<LocationProbe />
		</MemoryRouter>
	);
}

const location = () => screen.getByTestId( 'location' ).textContent;
const sidebar = () =>
	screen.getByRole( 'navigation', { name: 'Library menu' } );
const sidebarLinks = () =>
	within( sidebar() )
		.getAllByRole( 'link' )
		.map( ( link ) => link.textContent );

beforeEach( () => {
	setPortalConfig();
	mockedItems.mockResolvedValue( [
		makeItem( { title: 'Alpha Workshop' } ),
	] );
	mockedUser.mockResolvedValue( makeUser() );
	mockedUnread.mockResolvedValue( 3 );
	window.innerWidth = 1024;
} );

afterEach( () => {
	jest.useRealTimers();
	jest.restoreAllMocks();
} );

describe( 'Shell', () => {
	it( 'has the landmarks, the sidebar entries and loads items and user at start', async () => {
		renderApp( '/my-account/library/videos' );
		expect(
			await screen.findByRole( 'heading', { level: 1, name: 'Library' } )
		).toBeInTheDocument();
		expect(
			await screen.findByRole( 'link', { name: 'Alpha Workshop' } )
		).toBeInTheDocument();
		expect( screen.getByRole( 'main' ) ).toBeInTheDocument();
		expect( sidebarLinks() ).toEqual( [
			'Dashboard',
			'Library',
			'My Progress',
			'Certificate Program',
			'Orders',
			'Subscriptions',
			'Addresses',
			'Payment Methods',
			'Wallet Balance',
			'Logout',
		] );
		expect(
			within( sidebar() ).getByRole( 'link', { name: 'Orders' } )
		).toHaveAttribute( 'href', 'http://example.test/my-account/orders/' );
		expect(
			within( sidebar() ).getByRole( 'link', { name: 'Logout' } )
		).toHaveAttribute(
			'href',
			'http://example.test/wp-login.php?action=logout'
		);
		expect( mockedItems ).toHaveBeenCalledTimes( 1 );
		expect( mockedUser ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'shows the account entries the page configuration gives an address, at that address', async () => {
		setPortalConfig( {
			accountLinks: {
				orders: 'http://example.test/shop/account/orders/',
				addresses: 'http://example.test/shop/account/edit-address/',
			},
		} );
		renderApp( '/my-account/library/videos' );
		await screen.findByRole( 'heading', { level: 1, name: 'Library' } );
		expect( sidebarLinks() ).toEqual( [
			'Dashboard',
			'Library',
			'My Progress',
			'Orders',
			'Addresses',
			'Logout',
		] );
		expect(
			within( sidebar() ).getByRole( 'link', { name: 'Orders' } )
		).toHaveAttribute( 'href', 'http://example.test/shop/account/orders/' );
	} );

	it( 'opens the dashboard at the address of a page holding the portal the server names', async () => {
		setPortalConfig( { entryPath: '/members-area' } );
		renderApp( '/members-area' );
		await screen.findByRole( 'heading', { level: 1, name: 'Dashboard' } );
		expect( location() ).toBe( '/my-account/library' );
	} );

	it( 'shows its own not-found screen at another page address', async () => {
		renderApp( '/members-area' );
		expect(
			await screen.findByRole( 'heading', { level: 1 } )
		).not.toHaveTextContent( 'Dashboard' );
		expect( location() ).toBe( '/members-area' );
	} );

	it( 'marks the entry whose target equals the current path as active', async () => {
		renderApp( '/my-account/library/videos' );
		await screen.findByRole( 'heading', { level: 1, name: 'Library' } );
		expect(
			within( sidebar() ).getByRole( 'link', { name: 'Library' } )
		).toHaveAttribute( 'aria-current', 'page' );
		expect(
			within( sidebar() ).getByRole( 'link', { name: 'Dashboard' } )
		).not.toHaveAttribute( 'aria-current' );
	} );

	it( 'shows Manage My Team only with the share-users flag or on a local host', async () => {
		setPortalConfig( { shareUsers: true } );
		const { unmount } = renderApp( '/my-account/library' );
		await screen.findByRole( 'heading', { level: 1, name: 'Dashboard' } );
		expect(
			within( sidebar() ).getByRole( 'link', { name: 'Manage My Team' } )
		).toHaveAttribute( 'href', '/my-account/library/users' );
		unmount();

		setPortalConfig( { shareUsers: false, isLocal: true } );
		const local = renderApp( '/my-account/library' );
		await screen.findByRole( 'heading', { level: 1, name: 'Dashboard' } );
		expect(
			within( sidebar() ).getByRole( 'link', { name: 'Manage My Team' } )
		).toBeInTheDocument();
		local.unmount();

		setPortalConfig( { shareUsers: false, isLocal: false } );
		renderApp( '/my-account/library' );
		await screen.findByRole( 'heading', { level: 1, name: 'Dashboard' } );
		expect(
			within( sidebar() ).queryByRole( 'link', {
				name: 'Manage My Team',
			} )
		).not.toBeInTheDocument();
	} );

	it( 'contract mode hides Dashboard, Manage My Team and the bell', async () => {
		setPortalConfig( {
			shareUsers: true,
			contractData: { id: 5, title: 'Acme Contract', organizer: {} },
		} );
		renderApp( '/contract/5' );
		expect(
			await screen.findByRole( 'heading', {
				level: 1,
				name: 'Acme Contract',
			} )
		).toBeInTheDocument();
		expect(
			within( sidebar() ).queryByRole( 'link', { name: 'Dashboard' } )
		).not.toBeInTheDocument();
		expect(
			within( sidebar() ).queryByRole( 'link', {
				name: 'Manage My Team',
			} )
		).not.toBeInTheDocument();
		expect(
			within( sidebar() ).getByRole( 'link', { name: 'Library' } )
		).toHaveAttribute( 'aria-current', 'page' );
		expect(
			screen.queryByRole( 'link', { name: /^Notifications/ } )
		).not.toBeInTheDocument();
	} );

	it( 'the bell has an accessible name with the unread count and an unread marker', async () => {
		renderApp( '/my-account/library/videos' );
		const bell = await screen.findByRole( 'button', {
			name: 'Notifications, 3 unread',
		} );
		expect( bell ).toHaveAttribute( 'aria-haspopup', 'dialog' );
		expect( bell ).toHaveAttribute( 'aria-expanded', 'false' );
		expect( bell.querySelector( '.lp-topbar__marker' ) ).toHaveTextContent(
			'3'
		);
	} );

	it( 'runs a sidebar entry after a 10 ms delay', async () => {
		renderApp( '/my-account/library/videos' );
		await screen.findByRole( 'heading', { level: 1, name: 'Library' } );
		jest.useFakeTimers();
		fireEvent.click(
			within( sidebar() ).getByRole( 'link', { name: 'Dashboard' } )
		);
		act( () => jest.advanceTimersByTime( 9 ) );
		expect( location() ).toBe( '/my-account/library/videos' );
		act( () => jest.advanceTimersByTime( 1 ) );
		expect( location() ).toBe( '/my-account/library' );
		jest.useRealTimers();
		// The dashboard loads its figures: let that finish inside the test.
		expect(
			await screen.findByRole( 'heading', {
				level: 1,
				name: 'Dashboard',
			} )
		).toBeInTheDocument();
	} );

	it( 'opens external entries after the 10 ms delay', async () => {
		const go = jest
			.spyOn( externalNavigation, 'go' )
			.mockImplementation( () => undefined );
		renderApp( '/my-account/library/videos' );
		await screen.findByRole( 'heading', { level: 1, name: 'Library' } );
		jest.useFakeTimers();
		fireEvent.click(
			within( sidebar() ).getByRole( 'link', { name: 'Orders' } )
		);
		act( () => jest.advanceTimersByTime( 9 ) );
		expect( go ).not.toHaveBeenCalled();
		act( () => jest.advanceTimersByTime( 1 ) );
		expect( go ).toHaveBeenCalledWith(
			'http://example.test/my-account/orders/'
		);
	} );

	it( 'toggles the mobile menu and closes it on an outside click at 768 px or less', async () => {
		renderApp( '/my-account/library/videos' );
		await screen.findByRole( 'heading', { level: 1, name: 'Library' } );
		const toggle = screen.getByRole( 'button', { name: 'Menu' } );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );

		fireEvent.click( toggle );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'true' );
		expect( sidebar() ).toHaveClass( 'is-open' );
		fireEvent.click( toggle );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );

		// Wider than 768 px: an outside click leaves it open.
		window.innerWidth = 769;
		fireEvent.click( toggle );
		fireEvent.mouseDown( screen.getByRole( 'main' ) );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'true' );

		// 768 px: a click inside the menu keeps it open, a click outside closes it.
		window.innerWidth = 768;
		fireEvent.mouseDown(
			within( sidebar() ).getByRole( 'link', { name: 'Library' } )
		);
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'true' );
		fireEvent.mouseDown( screen.getByRole( 'main' ) );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
		expect( sidebar() ).not.toHaveClass( 'is-open' );
	} );

	it( 'the top bar search goes to the library list when non-empty (input and Enter)', async () => {
		renderApp( '/my-account/library' );
		await screen.findByRole( 'heading', { level: 1, name: 'Dashboard' } );
		const search = screen.getByRole( 'searchbox', {
			name: 'Search the library',
		} );

		fireEvent.change( search, { target: { value: '   ' } } );
		expect( location() ).toBe( '/my-account/library' );

		fireEvent.change( search, { target: { value: 'alpha' } } );
		expect( location() ).toBe( '/my-account/library/videos?search=alpha' );
		expect(
			await screen.findByRole( 'heading', { level: 1, name: 'Library' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'searchbox', { name: 'Search items' } )
		).toHaveValue( 'alpha' );

		fireEvent.submit( screen.getByRole( 'search' ) );
		expect( location() ).toBe( '/my-account/library/videos?search=alpha' );
	} );

	it( "shows the portal's not-found screen with the way back for an unknown route", async () => {
		renderApp( '/my-account/library/nowhere/else' );
		expect(
			await screen.findByRole( 'heading', {
				level: 1,
				name: 'Page not found',
			} )
		).toBeInTheDocument();
		expect(
			screen.queryByText( 'Unexpected Application Error!' )
		).toBeNull();
		expect(
			screen.getByRole( 'link', { name: 'Go to the dashboard' } )
		).toHaveAttribute( 'href', '/my-account/library' );
		expect(
			screen.getByRole( 'link', { name: 'Go to the library' } )
		).toHaveAttribute( 'href', '/my-account/library/videos' );
	} );

	it( "routes the own user page to 'Your Progress'", async () => {
		renderApp( '/my-account/library/users/7' );
		expect(
			await screen.findByRole( 'heading', {
				level: 1,
				name: 'Your Progress',
			} )
		).toBeInTheDocument();
		expect(
			await screen.findByRole( 'searchbox', { name: 'Search courses' } )
		).toBeInTheDocument();
	} );

	it( 'shows the share-invite banner from the page config', async () => {
		setPortalConfig( {
			shareData: {
				product_title: 'Alpha Workshop',
				sharer_name: 'Sam',
				available_licenses: 2,
				encoded: 'abc',
			},
		} );
		renderApp( '/shareseats/abc' );
		expect(
			await screen.findByText( 'Sam shared "Alpha Workshop" with you.' )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Accept' } )
		).toBeInTheDocument();
		fireEvent.click( screen.getByRole( 'button', { name: 'Dismiss' } ) );
		expect(
			screen.queryByText( 'Sam shared "Alpha Workshop" with you.' )
		).not.toBeInTheDocument();
	} );
} );
