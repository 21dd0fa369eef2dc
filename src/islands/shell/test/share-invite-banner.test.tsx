/**
 * External dependencies
 */
import { act, fireEvent, render, screen } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { ApiError } from '../../../api/client';
import { acceptShare, dismissShare, requestLicense } from '../../../api/share';
import { externalNavigation } from '../external';
import { hoursFromMessage, ShareInviteBanner } from '../share-invite-banner';

jest.mock( '../../../api/share', () => ( {
	...jest.requireActual( '../../../api/share' ),
	acceptShare: jest.fn(),
	dismissShare: jest.fn(),
	requestLicense: jest.fn(),
} ) );

const share = {
	product_title: 'Alpha',
	sharer_name: 'Sam',
	available_licenses: 1,
	encoded: 'abc',
};

afterEach( () => {
	jest.useRealTimers();
	jest.restoreAllMocks();
} );

describe( 'ShareInviteBanner', () => {
	it( 'accepts, shows the success text and goes to the item the reply names after 2 s', async () => {
		jest.mocked( acceptShare ).mockResolvedValue( {
			success: true,
			data: {
				message: 'Successfully added to your library!',
				item_url: 'https://example.test/my-account/library/videos/5',
			},
		} );
		const go = jest
			.spyOn( externalNavigation, 'go' )
			.mockImplementation( () => undefined );
		const reload = jest
			.spyOn( externalNavigation, 'reload' )
			.mockImplementation( () => undefined );
		render( <ShareInviteBanner shareData={ share } /> );
		jest.useFakeTimers();
		fireEvent.click( screen.getByRole( 'button', { name: 'Accept' } ) );
		expect(
			await screen.findByText( 'Successfully added to your library!' )
		).toBeInTheDocument();
		act( () => jest.advanceTimersByTime( 1999 ) );
		expect( go ).not.toHaveBeenCalled();
		act( () => jest.advanceTimersByTime( 1 ) );
		expect( go ).toHaveBeenCalledWith(
			'https://example.test/my-account/library/videos/5'
		);
		expect( reload ).not.toHaveBeenCalled();
	} );

	it( 'shows Already in your library with Open for a visitor who holds the item', () => {
		render(
			<ShareInviteBanner
				shareData={ {
					...share,
					available_licenses: 0,
					held: true,
					item_url:
						'https://example.test/my-account/library/videos/5',
				} }
			/>
		);
		expect(
			screen.getByText( 'Already in your library' )
		).toBeInTheDocument();
		expect( screen.getByRole( 'link', { name: 'Open' } ) ).toHaveAttribute(
			'href',
			'https://example.test/my-account/library/videos/5'
		);
		expect(
			screen.queryByRole( 'button', { name: /Accept|Notify/ } )
		).not.toBeInTheDocument();
		expect(
			screen.queryByText(
				'Sorry, all licenses have been claimed for this training.'
			)
		).not.toBeInTheDocument();
	} );

	it( 'shows the reply message on failure, or the generic texts', async () => {
		jest.mocked( acceptShare ).mockResolvedValueOnce( {
			success: false,
			message: 'Link expired.',
		} );
		render( <ShareInviteBanner shareData={ share } /> );
		fireEvent.click( screen.getByRole( 'button', { name: 'Accept' } ) );
		expect(
			await screen.findByText( 'Link expired.' )
		).toBeInTheDocument();

		jest.mocked( acceptShare ).mockResolvedValueOnce( { success: false } );
		fireEvent.click( screen.getByRole( 'button', { name: 'Accept' } ) );
		expect(
			await screen.findByText(
				'Something went wrong. Please try again later.'
			)
		).toBeInTheDocument();

		jest.mocked( acceptShare ).mockRejectedValueOnce(
			new TypeError( 'network' )
		);
		fireEvent.click( screen.getByRole( 'button', { name: 'Accept' } ) );
		expect(
			await screen.findByText(
				'Unable to process your request at this time.'
			)
		).toBeInTheDocument();
	} );

	it( 'offers Notify when no licenses are left and handles request_too_soon', async () => {
		const first = render(
			<ShareInviteBanner
				shareData={ { ...share, available_licenses: 0 } }
			/>
		);
		expect(
			screen.getByText(
				'Sorry, all licenses have been claimed for this training.'
			)
		).toBeInTheDocument();

		jest.mocked( requestLicense ).mockResolvedValueOnce( {
			success: true,
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Notify' } ) );
		expect(
			await screen.findByText( 'Notification sent to Sam' )
		).toBeInTheDocument();
		first.unmount();

		render(
			<ShareInviteBanner
				shareData={ { ...share, available_licenses: 0 } }
			/>
		);

		jest.mocked( requestLicense ).mockRejectedValueOnce(
			new ApiError(
				'Try again in 5 hours',
				429,
				'request_too_soon',
				{},
				true
			)
		);
		fireEvent.click( screen.getByRole( 'button', { name: 'Notify' } ) );
		expect(
			await screen.findByText(
				"You've already sent a request. Please try again in 5 hours."
			)
		).toBeInTheDocument();
	} );

	it( 'says Not now for an invitation e-mailed to the viewer (the server says so), Dismiss otherwise', async () => {
		jest.mocked( dismissShare ).mockResolvedValue( {
			success: true,
			data: { message: 'The invitation was dismissed.' },
		} );
		const { unmount } = render(
			<ShareInviteBanner shareData={ { ...share, addressed: true } } />
		);
		expect(
			screen.getByText( 'Sam shared "Alpha" with you.' )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Dismiss' } )
		).not.toBeInTheDocument();
		fireEvent.click( screen.getByRole( 'button', { name: 'Not now' } ) );
		expect( dismissShare ).toHaveBeenCalledWith( 'abc' );
		expect(
			screen.queryByText( 'Sam shared "Alpha" with you.' )
		).not.toBeInTheDocument();
		unmount();

		render( <ShareInviteBanner shareData={ share } /> );
		expect(
			screen.getByRole( 'button', { name: 'Dismiss' } )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Not now' } )
		).not.toBeInTheDocument();
	} );

	it( 'parses the hours to wait, 24 by default', () => {
		expect( hoursFromMessage( 'wait 3 hours' ) ).toBe( 3 );
		expect( hoursFromMessage( 'soon' ) ).toBe( 24 );
		expect( hoursFromMessage( undefined ) ).toBe( 24 );
	} );
} );
