/**
 * External dependencies
 */
import { act, fireEvent, screen, within } from '@testing-library/react';

/**
 * Internal dependencies
 */
import {
	fetchNotifications,
	hideNotification,
	markAllNotificationsRead,
} from '../../../api/notifications';
import { setPortalConfig } from '../../../test-utils/fixtures';
import { renderScreen } from '../../../test-utils/render';
import type {
	NotificationsPage,
	PortalNotification,
} from '../../../types/library';
import { Notifications } from '../notifications-page';

jest.mock( '../../../api/notifications', () => ( {
	...jest.requireActual( '../../../api/notifications' ),
	fetchNotifications: jest.fn(),
	hideNotification: jest.fn(),
	markAllNotificationsRead: jest.fn(),
} ) );

const load = jest.mocked( fetchNotifications );
const hide = jest.mocked( hideNotification );
const readAll = jest.mocked( markAllNotificationsRead );
const path = '/my-account/library/notifications';

const notification = ( id: number ): PortalNotification => ( {
	id,
	message: `<em>Note ${ id }</em>`,
	hide_status: false,
	read_status: id % 2 === 0,
	timestamp: Math.floor( Date.now() / 1000 ) - 3 * 86400,
	type: 'team_completed',
	related_product_id: 0,
	related_user_id: 0,
	link: '',
	date: '',
} );

/**
 * Page n of 35 notifications, 10 per page, newest (35) first.
 * @param n
 */
const pageOf35 = ( n: number ): NotificationsPage => {
	const ids = Array.from( { length: 35 }, ( _, i ) => 35 - i ).slice(
		( n - 1 ) * 10,
		n * 10
	);
	return {
		notifications: ids.map( notification ),
		total: 35,
		page: n,
		per_page: 10,
		total_pages: 4,
		unread: 18,
	};
};

beforeEach( () => {
	setPortalConfig();
	load.mockReset();
	hide.mockReset();
	readAll.mockReset();
	load.mockImplementation( async ( page ) => pageOf35( page ) );
} );

const items = () =>
	within(
		screen.getByRole( 'region', { name: /Page \d of 4/ } )
	).getAllByRole( 'listitem' );

describe( 'Notifications page', () => {
	it( 'shows 10 per page with the text stripped and a relative time, and tells the bell the count', async () => {
		const setUnreadCount = jest.fn();
		renderScreen( <Notifications />, {
			url: path,
			path,
			data: { setUnreadCount },
		} );
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Notifications' } )
		).toBeInTheDocument();
		expect(
			await screen.findByRole( 'heading', { name: 'Page 1 of 4' } )
		).toBeInTheDocument();
		expect( load ).toHaveBeenCalledWith( 1, 10 );
		expect( items() ).toHaveLength( 10 );
		expect( items()[ 0 ] ).toHaveTextContent( 'Note 35' );
		expect( items()[ 0 ] ).toHaveTextContent( '3 days ago' );
		expect( items()[ 0 ] ).not.toHaveTextContent( '<em>' );
		expect( setUnreadCount ).toHaveBeenCalledWith( 18 );
	} );

	it( 'pages with numbers, an ellipsis, Previous and Next in ?page=, and focuses the new page', async () => {
		renderScreen( <Notifications />, { url: `${ path }?page=1`, path } );
		const nav = await screen.findByRole( 'navigation', {
			name: 'Notification pages',
		} );
		expect( nav ).toHaveTextContent( 'Previous1234Next' );
		expect(
			within( nav ).getByRole( 'link', { name: 'Page 1' } )
		).toHaveAttribute( 'aria-current', 'page' );
		expect(
			within( nav ).queryByRole( 'link', { name: 'Previous' } )
		).toBeNull();
		fireEvent.click( within( nav ).getByRole( 'link', { name: 'Next' } ) );
		const heading = await screen.findByRole( 'heading', {
			name: 'Page 2 of 4',
		} );
		expect( screen.getByTestId( 'location' ) ).toHaveTextContent(
			`${ path }?page=2`
		);
		expect( heading ).toHaveFocus();
		expect( items()[ 0 ] ).toHaveTextContent( 'Note 25' );
		fireEvent.click(
			within( screen.getByRole( 'navigation' ) ).getByRole( 'link', {
				name: 'Page 4',
			} )
		);
		await screen.findByRole( 'heading', { name: 'Page 4 of 4' } );
		expect( items() ).toHaveLength( 5 );
		expect(
			within( screen.getByRole( 'navigation' ) ).queryByRole( 'link', {
				name: 'Next',
			} )
		).toBeNull();
	} );

	it( 'shows an ellipsis for the pages it leaves out', async () => {
		load.mockImplementation( async ( page ) => ( {
			...pageOf35( page ),
			total: 120,
			total_pages: 12,
		} ) );
		renderScreen( <Notifications />, { url: `${ path }?page=6`, path } );
		expect(
			await screen.findByRole( 'navigation', {
				name: 'Notification pages',
			} )
		).toHaveTextContent( 'Previous1…567…12Next' );
	} );

	it( 'hides one and reloads the page', async () => {
		hide.mockResolvedValue( 17 );
		renderScreen( <Notifications />, { url: path, path } );
		await screen.findByText( 'Note 35' );
		load.mockImplementation( async ( page ) => {
			const reply = pageOf35( page );
			return {
				...reply,
				notifications: reply.notifications.filter(
					( n ) => n.id !== 35
				),
			};
		} );
		await act( async () =>
			fireEvent.click(
				screen.getByRole( 'button', {
					name: 'Hide notification: Note 35',
				} )
			)
		);
		expect( hide ).toHaveBeenCalledWith( 35 );
		expect( screen.queryByText( 'Note 35' ) ).toBeNull();
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Notification hidden.'
		);
	} );

	it( 'marks all read', async () => {
		readAll.mockResolvedValue( 0 );
		const setUnreadCount = jest.fn();
		renderScreen( <Notifications />, {
			url: path,
			path,
			data: { setUnreadCount },
		} );
		const button = await screen.findByRole( 'button', {
			name: 'Mark all as read',
		} );
		load.mockImplementation( async ( page ) => ( {
			...pageOf35( page ),
			unread: 0,
		} ) );
		await act( async () => fireEvent.click( button ) );
		expect( setUnreadCount ).toHaveBeenLastCalledWith( 0 );
		expect(
			screen.queryByRole( 'button', { name: 'Mark all as read' } )
		).toBeNull();
	} );

	it( 'goes to the last page when asked for one past the end', async () => {
		renderScreen( <Notifications />, { url: `${ path }?page=9`, path } );
		expect(
			await screen.findByRole( 'heading', { name: 'Page 4 of 4' } )
		).toBeInTheDocument();
		expect( screen.getByTestId( 'location' ) ).toHaveTextContent(
			`${ path }?page=4`
		);
	} );

	it( 'shows the two samples only when the call fails', async () => {
		load.mockRejectedValue( new Error( 'offline' ) );
		renderScreen( <Notifications />, { url: path, path } );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'two sample notifications'
		);
		expect(
			within(
				screen.getByRole( 'region', { name: 'All notifications' } )
			).getAllByRole( 'listitem' )
		).toHaveLength( 2 );
		expect( screen.getAllByText( 'Sample' ) ).toHaveLength( 2 );
		expect( console ).toHaveErrored();
	} );

	it( 'says when there are none', async () => {
		load.mockResolvedValue( {
			notifications: [],
			total: 0,
			page: 1,
			per_page: 10,
			total_pages: 0,
			unread: 0,
		} );
		renderScreen( <Notifications />, { url: path, path } );
		expect(
			await screen.findByText( 'You have no notifications.' )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'navigation' ) ).toBeNull();
	} );
} );
