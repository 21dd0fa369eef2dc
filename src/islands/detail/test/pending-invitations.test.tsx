/**
 * Pending invitations: the server's list, warning and Resend permission are shown as sent;
 * Resend and Cancel report the server's answers and reload the share data.
 */

/**
 * External dependencies
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';

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
			<PendingInvitations
				pending={ pending() }
				retryAfter={ 0 }
				onChanged={ jest.fn() }
			/>
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
				retryAfter={ 0 }
				onChanged={ jest.fn() }
			/>
		);
		expect( container ).toBeEmptyDOMElement();
	} );

	it( 'lists each invitation; the warning and Resend follow the server', () => {
		const { rerender } = render(
			<PendingInvitations
				pending={ pending() }
				retryAfter={ 0 }
				onChanged={ jest.fn() }
			/>
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
				retryAfter={ 0 }
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
			// No cooldown on this site: Resend stays open.
			retryAfter: 0,
			mailHistory: [],
		} );
		render(
			<PendingInvitations
				pending={ pending() }
				retryAfter={ 0 }
				onChanged={ onChanged }
			/>
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
				{
					code: 'share_cooldown',
					data: { status: 429, retry_after: 42 },
				},
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
			<PendingInvitations
				pending={ pending() }
				retryAfter={ 0 }
				onChanged={ onChanged }
			/>
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
	it( 'keeps focus on the outcome below the list after Resend, and counts down the cooldown the reply gave', async () => {
		jest.useFakeTimers();
		try {
			jest.mocked( resendInvitation ).mockResolvedValueOnce( {
				message: 'The invitation was sent again to ann@example.com.',
				dailyRemaining: 98,
				retryAfter: 60,
				mailHistory: [],
			} );
			render(
				<PendingInvitations
					pending={ pending() }
					retryAfter={ 0 }
					onChanged={ jest.fn() }
				/>
			);
			const resend = screen.getByRole( 'button', {
				name: 'Resend ann@example.com',
			} );
			resend.focus();
			await act( async () => {
				fireEvent.click( resend );
			} );
			const outcome = screen.getByTestId( 'lp-pending-outcome' );
			expect( outcome ).toHaveFocus();
			expect( outcome ).toHaveTextContent(
				'The invitation was sent again to ann@example.com.'
			);
			// Below the list: nothing above the rows grew.
			expect( screen.getByRole( 'list' ).nextElementSibling ).toBe(
				outcome
			);
			expect( outcome ).toHaveTextContent(
				'Please wait 60 seconds before sending more emails'
			);
			expect( resend ).toBeDisabled();
			await act( async () => {
				jest.advanceTimersByTime( 3000 );
			} );
			expect( outcome ).toHaveTextContent(
				'Please wait 57 seconds before sending more emails'
			);
			await act( async () => {
				jest.advanceTimersByTime( 57000 );
			} );
			expect( outcome ).not.toHaveTextContent( 'Please wait' );
			expect( resend ).toBeEnabled();
		} finally {
			jest.useRealTimers();
		}
	} );

	it( 'a refused Resend counts down the seconds of the refusal instead of a fixed text', async () => {
		jest.useFakeTimers();
		try {
			jest.mocked( resendInvitation ).mockRejectedValueOnce(
				new ApiError(
					'Please wait 42 seconds before sending more emails',
					429,
					'share_cooldown',
					{
						code: 'share_cooldown',
						data: { status: 429, retry_after: 42 },
					},
					true
				)
			);
			render(
				<PendingInvitations
					pending={ pending() }
					retryAfter={ 0 }
					onChanged={ jest.fn() }
				/>
			);
			await act( async () => {
				fireEvent.click(
					screen.getByRole( 'button', {
						name: 'Resend ann@example.com',
					} )
				);
			} );
			const outcome = screen.getByTestId( 'lp-pending-outcome' );
			expect( outcome ).toHaveFocus();
			expect( outcome ).toHaveTextContent(
				'Please wait 42 seconds before sending more emails'
			);
			await act( async () => {
				jest.advanceTimersByTime( 2000 );
			} );
			expect( outcome ).toHaveTextContent(
				'Please wait 40 seconds before sending more emails'
			);
		} finally {
			jest.useRealTimers();
		}
	} );

	it( 'waits out the cooldown the share data gave before a Resend is offered', () => {
		render(
			<PendingInvitations
				pending={ pending() }
				retryAfter={ 30 }
				onChanged={ jest.fn() }
			/>
		);
		expect(
			screen.getByRole( 'button', { name: 'Resend ann@example.com' } )
		).toBeDisabled();
		expect( screen.getByTestId( 'lp-pending-outcome' ) ).toHaveTextContent(
			'Please wait 30 seconds before sending more emails'
		);
	} );

	it( 'after confirming Cancel invitation, focus is on the outcome, not on the page', async () => {
		jest.mocked( cancelInvitation ).mockResolvedValueOnce( {
			message:
				'The invitation to ann@example.com was canceled. Its link no longer works.',
		} );
		render(
			<PendingInvitations
				pending={ pending() }
				retryAfter={ 0 }
				onChanged={ jest.fn() }
			/>
		);
		const cancel = screen.getByRole( 'button', {
			name: 'Cancel ann@example.com',
		} );
		cancel.focus();
		fireEvent.click( cancel );
		await act( async () => {
			fireEvent.click(
				within(
					screen.getByRole( 'dialog', {
						name: 'Cancel the invitation?',
					} )
				).getByRole( 'button', { name: 'Cancel invitation' } )
			);
		} );
		expect( screen.getByTestId( 'lp-pending-outcome' ) ).toHaveFocus();
	} );
} );
