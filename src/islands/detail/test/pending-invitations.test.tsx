/**
 * Pending invitations: the server's list, warning and Resend permission are shown as sent;
 * Resend and Cancel report the server's answers and reload the share data.
 */

/**
 * External dependencies
 */
import { fireEvent, render, screen, within } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { ApiError } from '../../../api/client';
import {
	cancelInvitation,
	resendInvitation,
	type PendingInvitations as PendingInvitationsData,
} from '../../../api/share';
import { PendingInvitations } from '../pending-invitations';

jest.mock( '../../../api/share', () => ( {
	...jest.requireActual( '../../../api/share' ),
	resendInvitation: jest.fn(),
	cancelInvitation: jest.fn(),
} ) );

const pending = (
	overrides: Partial< PendingInvitationsData > = {}
): PendingInvitationsData => ( {
	invitations: [
		{
			id: 31,
			email: 'ann@example.com',
			sentAt: 1_700_000_000,
			sentDate: '14/11/2023',
			expiresAt: 1_702_592_000,
			expiresDate: '14/12/2023',
		},
	],
	total: 1,
	canResend: true,
	moreThanAvailable: false,
	...overrides,
} );

describe( 'PendingInvitations', () => {
	it( "shows the server's dates as they are (the site's format)", () => {
		render(
			<PendingInvitations pending={ pending() } onChanged={ jest.fn() } />
		);
		expect(
			screen.getByText( /Sent 14\/11\/2023, works until 14\/12\/2023/ )
		).toBeInTheDocument();
	} );

	beforeEach( () => jest.clearAllMocks() );

	it( 'shows nothing without pending invitations', () => {
		const { container } = render(
			<PendingInvitations
				pending={ pending( { invitations: [], total: 0 } ) }
				onChanged={ jest.fn() }
			/>
		);
		expect( container ).toBeEmptyDOMElement();
	} );

	it( 'lists each invitation; the warning and Resend follow the server', () => {
		const { rerender } = render(
			<PendingInvitations pending={ pending() } onChanged={ jest.fn() } />
		);
		const block = screen.getByRole( 'region', {
			name: 'Pending invitations',
		} );
		expect( block ).toHaveTextContent( 'ann@example.com' );
		expect(
			screen.getByRole( 'button', { name: 'Resend ann@example.com' } )
		).toBeTruthy();
		expect( screen.queryByTestId( 'lp-pending-warning' ) ).toBeNull();

		rerender(
			<PendingInvitations
				pending={ pending( {
					canResend: false,
					moreThanAvailable: true,
				} ) }
				onChanged={ jest.fn() }
			/>
		);
		expect(
			screen.queryByRole( 'button', { name: /^Resend/ } )
		).toBeNull();
		expect( screen.getByTestId( 'lp-pending-warning' ) ).toHaveTextContent(
			'More invitations are pending than licenses are left.'
		);
	} );

	it( 'Resend shows the server message, or its refusal, and reloads', async () => {
		const onChanged = jest.fn();
		jest.mocked( resendInvitation ).mockResolvedValueOnce( {
			message: 'The invitation was sent again to ann@example.com.',
			dailyRemaining: 98,
			retryAfter: 60,
			mailHistory: [],
		} );
		render(
			<PendingInvitations pending={ pending() } onChanged={ onChanged } />
		);
		const resend = screen.getByRole( 'button', {
			name: 'Resend ann@example.com',
		} );
		fireEvent.click( resend );
		expect(
			await screen.findByText(
				'The invitation was sent again to ann@example.com.'
			)
		).toBeTruthy();
		expect( resendInvitation ).toHaveBeenCalledWith( 31 );
		expect( onChanged ).toHaveBeenCalledTimes( 1 );

		jest.mocked( resendInvitation ).mockRejectedValueOnce(
			new ApiError(
				'Please wait 42 seconds before sending more emails',
				429,
				'share_cooldown',
				{ retry_after: 42 },
				true
			)
		);
		fireEvent.click( resend );
		expect(
			await screen.findByText(
				'Please wait 42 seconds before sending more emails'
			)
		).toBeTruthy();
	} );

	it( 'Cancel asks first, then withdraws and reloads', async () => {
		const onChanged = jest.fn();
		jest.mocked( cancelInvitation ).mockResolvedValueOnce( {
			message:
				'The invitation to ann@example.com was canceled. Its link no longer works.',
		} );
		render(
			<PendingInvitations pending={ pending() } onChanged={ onChanged } />
		);
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Cancel ann@example.com' } )
		);
		const dialog = screen.getByRole( 'dialog', {
			name: 'Cancel the invitation?',
		} );
		fireEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Keep it' } )
		);
		expect( cancelInvitation ).not.toHaveBeenCalled();

		fireEvent.click(
			screen.getByRole( 'button', { name: 'Cancel ann@example.com' } )
		);
		fireEvent.click(
			within(
				screen.getByRole( 'dialog', { name: 'Cancel the invitation?' } )
			).getByRole( 'button', { name: 'Cancel invitation' } )
		);
		expect(
			await screen.findByText(
				'The invitation to ann@example.com was canceled. Its link no longer works.'
			)
		).toBeTruthy();
		expect( cancelInvitation ).toHaveBeenCalledWith( 31 );
		expect( onChanged ).toHaveBeenCalledTimes( 1 );
	} );
} );
