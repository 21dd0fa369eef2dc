/**
 * External dependencies
 */
import {
	act,
	fireEvent,
	render,
	screen,
	waitFor,
	within,
} from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { useState } from '@wordpress/element';

/**
 * Internal dependencies
 */
import {
	fetchNotifications,
	hideNotification,
	markAllNotificationsRead,
} from '../../../api/notifications';
import { ROUTER_FUTURE } from '../../../lib/router-future';
import { setPortalConfig } from '../../../test-utils/fixtures';
import { LocationProbe } from '../../../test-utils/render';
import type { PortalNotification } from '../../../types/library';
import { TopBar } from '../top-bar';

jest.mock( '../../../api/notifications', () => ( {
	...jest.requireActual( '../../../api/notifications' ),
	fetchNotifications: jest.fn(),
	hideNotification: jest.fn(),
	markAllNotificationsRead: jest.fn(),
} ) );

const load = jest.mocked( fetchNotifications );
const hide = jest.mocked( hideNotification );
const readAll = jest.mocked( markAllNotificationsRead );

const notification = ( id: number, read = false ): PortalNotification => ( {
	id,
	message: `<b>Message ${ id }</b>`,
	hide_status: false,
	read_status: read,
	timestamp: Math.floor( Date.now() / 1000 ) - 120,
	type: 'share_accepted',
	related_product_id: 0,
	related_user_id: 0,
	link: '',
	date: '',
} );

const page = (
	list: PortalNotification[],
	unread: number,
	total: number = list.length
) => ( {
	notifications: list,
	total,
	page: 1,
	per_page: 6,
	total_pages: Math.ceil( total / 6 ),
	unread,
} );

/**
 * The top bar with the shell's unread count.
 * @param root0
 * @param root0.initial
 */
function Bar( { initial }: { initial: number } ) {
	const [ unread, setUnread ] = useState( initial );
	return (
		<MemoryRouter
			initialEntries={ [ '/my-account/library/videos' ] }
			future={ ROUTER_FUTURE }
		>
			<TopBar
				menuOpen={ false }
				onToggleMenu={ () => undefined }
				contractMode={ false }
				contractId={ null }
				unreadCount={ unread }
				onUnreadChange={ setUnread }
			/>
			<LocationProbe />
		</MemoryRouter>
	);
}

const bell = () => screen.getByRole( 'button', { name: /^Notifications, / } );

beforeEach( () => {
	setPortalConfig();
	load.mockReset();
	hide.mockReset();
	readAll.mockReset();
	readAll.mockResolvedValue( 0 );
} );

describe( 'notifications modal', () => {
	it( "the bell's name holds the marker's text: the count, or '99+' past 99", () => {
		const { unmount } = render( <Bar initial={ 24 } /> );
		expect( bell() ).toHaveAccessibleName( 'Notifications, 24 unread' );
		expect( bell() ).toHaveTextContent( '24' );
		unmount();
		render( <Bar initial={ 120 } /> );
		expect( bell() ).toHaveAccessibleName( 'Notifications, 99+ unread' );
		expect( bell() ).toHaveTextContent( '99+' );
	} );

	it( 'opens from the bell as a labelled dialog with up to 6 notifications, text without markup', async () => {
		load.mockResolvedValue(
			page(
				[ 1, 2, 3, 4, 5, 6 ].map( ( id ) => notification( id ) ),
				8
			)
		);
		render( <Bar initial={ 8 } /> );
		expect( bell() ).toHaveAccessibleName( 'Notifications, 8 unread' );
		fireEvent.click( bell() );
		const dialog = screen.getByRole( 'dialog', { name: 'Notifications' } );
		expect( load ).toHaveBeenCalledWith( 1, 6 );
		const items = await within( dialog ).findAllByRole( 'listitem' );
		expect( items ).toHaveLength( 6 );
		expect( items[ 0 ] ).toHaveTextContent( 'Message 1' );
		expect( items[ 0 ] ).not.toHaveTextContent( '<b>' );
		expect( items[ 0 ] ).toHaveTextContent( '2 minutes ago' );
		expect(
			within( dialog ).getByRole( 'button', { name: 'Close' } )
		).toHaveFocus();
	} );

	it( "Escape closes it, marks all read, shows the server's count and gives focus back to the bell", async () => {
		load.mockResolvedValue( page( [ notification( 1 ) ], 1 ) );
		render( <Bar initial={ 1 } /> );
		bell().focus();
		fireEvent.click( bell() );
		const dialog = screen.getByRole( 'dialog' );
		await within( dialog ).findByText( 'Message 1' );
		fireEvent.keyDown( dialog, { key: 'Escape' } );
		expect( screen.queryByRole( 'dialog' ) ).toBeNull();
		expect( readAll ).toHaveBeenCalledTimes( 1 );
		await waitFor( () =>
			expect( bell() ).toHaveAccessibleName( 'Notifications, 0 unread' )
		);
		expect( bell() ).toHaveFocus();
	} );

	it( 'a press outside closes it; a press inside does not', async () => {
		load.mockResolvedValue( page( [ notification( 1 ) ], 1 ) );
		render( <Bar initial={ 1 } /> );
		fireEvent.click( bell() );
		const dialog = screen.getByRole( 'dialog' );
		await within( dialog ).findByText( 'Message 1' );
		fireEvent.mouseDown( dialog );
		expect( screen.getByRole( 'dialog' ) ).toBeInTheDocument();
		fireEvent.mouseDown( dialog.parentElement as HTMLElement );
		expect( screen.queryByRole( 'dialog' ) ).toBeNull();
		expect( readAll ).toHaveBeenCalledTimes( 1 );
		await waitFor( () =>
			expect( bell() ).toHaveAccessibleName( 'Notifications, 0 unread' )
		);
	} );

	it( "says 'No new notifications' and does not mark anything when nothing is unread", async () => {
		load.mockResolvedValue( page( [], 0 ) );
		render( <Bar initial={ 0 } /> );
		fireEvent.click( bell() );
		expect(
			await screen.findByText( 'No new notifications' )
		).toBeInTheDocument();
		fireEvent.click( screen.getByRole( 'button', { name: 'Close' } ) );
		expect( readAll ).not.toHaveBeenCalled();
	} );

	it( 'hides one, moves focus to the next, and reloads when none remain', async () => {
		load.mockResolvedValueOnce(
			page( [ notification( 1 ), notification( 2 ) ], 2 )
		);
		hide.mockResolvedValue( 1 );
		render( <Bar initial={ 2 } /> );
		fireEvent.click( bell() );
		const first = await screen.findByRole( 'button', {
			name: 'Hide notification: Message 1',
		} );
		await act( async () => fireEvent.click( first ) );
		expect( hide ).toHaveBeenCalledWith( 1 );
		expect( screen.queryByText( 'Message 1' ) ).toBeNull();
		expect(
			screen.getByRole( 'button', {
				name: 'Hide notification: Message 2',
			} )
		).toHaveFocus();
		expect( bell() ).toHaveAccessibleName( 'Notifications, 1 unread' );

		load.mockResolvedValueOnce( page( [ notification( 3, true ) ], 0 ) );
		await act( async () =>
			fireEvent.click(
				screen.getByRole( 'button', {
					name: 'Hide notification: Message 2',
				} )
			)
		);
		expect( await screen.findByText( 'Message 3' ) ).toBeInTheDocument();
		expect( load ).toHaveBeenCalledTimes( 2 );
	} );

	it( "offers no 'View Previous Notifications' when the server says every one is shown", async () => {
		load.mockResolvedValue( page( [ notification( 1 ) ], 1 ) );
		render( <Bar initial={ 1 } /> );
		fireEvent.click( bell() );
		expect( await screen.findByText( 'Message 1' ) ).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', {
				name: 'View Previous Notifications',
			} )
		).toBeNull();
	} );

	it( 'hiding the last one with no older ones moves focus to Close', async () => {
		load.mockResolvedValueOnce( page( [ notification( 1 ) ], 1 ) );
		load.mockResolvedValueOnce( page( [], 0 ) );
		hide.mockResolvedValue( 0 );
		render( <Bar initial={ 1 } /> );
		fireEvent.click( bell() );
		const only = await screen.findByRole( 'button', {
			name: 'Hide notification: Message 1',
		} );
		await act( async () => fireEvent.click( only ) );
		expect(
			await screen.findByText( 'No new notifications' )
		).toBeInTheDocument();
		expect( screen.getByRole( 'button', { name: 'Close' } ) ).toHaveFocus();
	} );

	it( "'View Previous Notifications' (older ones exist) closes it and opens the page", async () => {
		load.mockResolvedValue(
			page(
				[ 1, 2, 3, 4, 5, 6 ].map( ( id ) => notification( id ) ),
				1,
				9
			)
		);
		render( <Bar initial={ 1 } /> );
		fireEvent.click( bell() );
		fireEvent.click(
			await screen.findByRole( 'button', {
				name: 'View Previous Notifications',
			} )
		);
		expect( screen.queryByRole( 'dialog' ) ).toBeNull();
		expect( readAll ).toHaveBeenCalledTimes( 1 );
		expect( screen.getByTestId( 'location' ) ).toHaveTextContent(
			'/my-account/library/notifications'
		);
		await waitFor( () =>
			expect( bell() ).toHaveAccessibleName( 'Notifications, 0 unread' )
		);
	} );

	it( 'falls back to the two sample notifications only when the call fails', async () => {
		load.mockRejectedValueOnce( new Error( 'offline' ) );
		render( <Bar initial={ 0 } /> );
		fireEvent.click( bell() );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'could not be loaded'
		);
		expect( screen.getAllByRole( 'listitem' ) ).toHaveLength( 2 );
		expect( screen.queryByRole( 'button', { name: /^Hide/ } ) ).toBeNull();
		load.mockResolvedValueOnce( page( [ notification( 4 ) ], 1 ) );
		fireEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		expect( await screen.findByText( 'Message 4' ) ).toBeInTheDocument();
		expect( screen.queryByRole( 'alert' ) ).toBeNull();
		expect( console ).toHaveErrored();
	} );

	it( 'links a notification to the item it is about, as the server says', async () => {
		load.mockResolvedValue(
			page(
				[
					{
						...notification( 1 ),
						message:
							'Your 2 licenses of "Ethics" expire on 28/06/2030.',
						link: 'http://example.test/my-account/library/videos/41',
					},
				],
				1
			)
		);
		render( <Bar initial={ 1 } /> );
		fireEvent.click( bell() );
		expect(
			await screen.findByRole( 'link', {
				name: 'Your 2 licenses of "Ethics" expire on 28/06/2030.',
			} )
		).toHaveAttribute(
			'href',
			'http://example.test/my-account/library/videos/41'
		);
	} );
} );
