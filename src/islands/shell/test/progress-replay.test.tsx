/**
 * External dependencies
 */
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

/**
 * Internal dependencies
 */
import { fetchItems } from '../../../api/items';
import { fetchUnreadCount } from '../../../api/notifications';
import { sendProgress } from '../../../api/progress';
import { QUEUE_STORAGE_KEY } from '../../../api/progress-queue';
import { fetchUser } from '../../../api/user';
import {
	makeUser,
	setPortalConfig,
	watched,
} from '../../../test-utils/fixtures';
import { ROUTER_FUTURE } from '../../../lib/router-future';
import { PortalRoutes } from '../routes';

jest.mock( '../../../api/items', () => ( {
	...jest.requireActual( '../../../api/items' ),
	fetchItems: jest.fn(),
} ) );
jest.mock( '../../../api/user', () => ( { fetchUser: jest.fn() } ) );
jest.mock( '../../../api/notifications', () => ( {
	fetchUnreadCount: jest.fn(),
} ) );
jest.mock( '../../../api/progress', () => ( {
	...jest.requireActual( '../../../api/progress' ),
	sendProgress: jest.fn(),
} ) );

const mockedSend = jest.mocked( sendProgress );

beforeEach( () => {
	setPortalConfig();
	window.localStorage.clear();
	jest.mocked( fetchItems )
		.mockResolvedValueOnce( [
			watched( 5, { product_id: 5, title: 'Alpha Workshop' } ),
		] )
		.mockResolvedValue( [
			watched( 55, { product_id: 5, title: 'Alpha Workshop' } ),
		] );
	jest.mocked( fetchUser ).mockResolvedValue( makeUser() );
	jest.mocked( fetchUnreadCount ).mockResolvedValue( 0 );
} );

describe( 'Shell: progress measured on an earlier page', () => {
	it( 'is sent on page load, and the items are loaded again after it', async () => {
		window.localStorage.setItem(
			QUEUE_STORAGE_KEY,
			JSON.stringify( [
				{ productId: 5, part: 0, progress: 55, userId: 7 },
				{ productId: 5, part: 0, progress: 40, userId: 8 },
			] )
		);
		mockedSend.mockResolvedValue( {
			product_id: 5,
			item: watched( 55, { product_id: 5, title: 'Alpha Workshop' } ),
			progress: { count: 55, time: 1, parts: [ { count: 55, time: 1 } ] },
			test: {
				available: false,
				ready: false,
				incomplete_parts: [],
				message: '',
			},
			activated: false,
		} );
		render(
			<MemoryRouter
				initialEntries={ [ '/my-account/library/videos' ] }
				future={ ROUTER_FUTURE }
			>
				<PortalRoutes />
			</MemoryRouter>
		);
		await waitFor( () =>
			expect( mockedSend ).toHaveBeenCalledWith(
				{ productId: 5, part: 0, progress: 55 },
				false
			)
		);
		// Only the logged-in user's (7) report; user 8's stays for their next page.
		expect( mockedSend ).toHaveBeenCalledTimes( 1 );
		await waitFor( () =>
			expect(
				JSON.parse(
					window.localStorage.getItem( QUEUE_STORAGE_KEY ) ?? '[]'
				)
			).toEqual( [ { productId: 5, part: 0, progress: 40, userId: 8 } ] )
		);
		expect(
			await screen.findByText( '55% Watched', {}, { timeout: 3000 } )
		).toBeInTheDocument();
		expect( fetchItems ).toHaveBeenCalledTimes( 2 );
	} );
} );
