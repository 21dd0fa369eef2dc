/**
 * Share Details tab and Share modal: what the server says is shown, revoke asks first, the
 * modal is a real dialog and the send button follows the server's cooldown.
 */

/**
 * External dependencies
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { ApiError } from '../../../api/client';
import { fetchItems } from '../../../api/items';
import {
	createShareLink,
	fetchShareData,
	revokeShare,
	sendShareEmails,
	type ShareDetailsData,
} from '../../../api/share';
import { makeItem } from '../../../test-utils/fixtures';
import { renderScreen } from '../../../test-utils/render';
import { ShareDetails } from '../share-details';
import { splitEmails } from '../share-modal';

// After a send or a cancel the header's counts (license count, pending invitations) are fetched again.
jest.mock( '../../../api/items', () => ( {
	...jest.requireActual( '../../../api/items' ),
	fetchItems: jest.fn( () => Promise.resolve( [] ) ),
} ) );

jest.mock( '../../../api/share', () => ( {
	...jest.requireActual( '../../../api/share' ),
	fetchShareData: jest.fn(),
	revokeShare: jest.fn(),
	sendShareEmails: jest.fn(),
	createShareLink: jest.fn(),
} ) );

const data = ( overrides: Partial< ShareDetailsData > = {} ) => ( {
	records: [
		{
			share_id: 11,
			user_id: 7,
			name: 'Max Member',
			email: 'max@example.com',
			expiry: 0,
			expired: false,
			activated: false,
			can_revoke: true,
			progress: 40,
			pdf: false as const,
			completed_at: 0,
		},
		{
			share_id: 12,
			user_id: 8,
			name: 'Ada Active',
			email: 'ada@example.com',
			expiry: 0,
			expired: false,
			activated: true,
			can_revoke: false,
			progress: 100,
			pdf: 'https://example.test/certificate/X/download/',
			completed_at: 1_700_000_000,
		},
	],
	mailHistory: [
		{
			email: 'new@example.com',
			timestamp: 1_700_000_000,
			accepted: false,
			canceled: false,
		},
	],
	availableLicenses: 2,
	canShare: true,
	dailyRemaining: 100,
	retryAfter: 0,
	maxRecipients: 20,
	pending: {
		invitations: [],
		total: 0,
		canResend: true,
		moreThanAvailable: false,
	},
	...overrides,
} );

const item = makeItem( {
	product_id: 5,
	title: 'Alpha',
	content_type: 'on-demand-workshop',
	can_share: true,
	available_licenses: 2,
	total_licenses: 4,
	product_link: 'https://example.test/buy/alpha',
} );

describe( 'ShareDetails', () => {
	beforeEach( () => {
		jest.clearAllMocks();
		( fetchShareData as jest.Mock ).mockResolvedValue( data() );
	} );

	it( 'shows the records, the history and revoke only where the server allows it', async () => {
		renderScreen( <ShareDetails item={ item } /> );
		expect( screen.getByText( 'Loading share data...' ) ).toBeTruthy();
		expect( await screen.findByText( 'Max Member' ) ).toBeTruthy();
		expect( screen.getByText( '40%' ) ).toBeTruthy();
		expect( screen.getAllByText( 'Never' ) ).toHaveLength( 2 );
		expect(
			screen.getAllByRole( 'button', { name: /^Revoke/ } )
		).toHaveLength( 1 );
		expect( screen.getByText( 'Email Send History' ) ).toBeTruthy();
		expect( screen.getByText( 'Failed' ) ).toBeTruthy();
		expect(
			screen
				.getByRole( 'link', { name: 'ADD LICENSES' } )
				.getAttribute( 'href' )
		).toBe( 'https://example.test/buy/alpha' );
	} );

	it( 'hides progress columns for e-manuals and the share button when the server says no', async () => {
		( fetchShareData as jest.Mock ).mockResolvedValue(
			data( { canShare: false } )
		);
		renderScreen(
			<ShareDetails item={ { ...item, content_type: 'e-manual' } } />
		);
		await screen.findByText( 'Max Member' );
		expect( screen.queryByText( 'Progress' ) ).toBeNull();
		expect( screen.queryByRole( 'button', { name: 'Share' } ) ).toBeNull();
	} );

	it( 'asks before revoking and says when the license was activated meanwhile', async () => {
		( revokeShare as jest.Mock ).mockRejectedValue(
			new ApiError( 'x', 409, 'license_activated', {}, true )
		);
		renderScreen( <ShareDetails item={ item } /> );
		fireEvent.click(
			await screen.findByRole( 'button', { name: /^Revoke/ } )
		);
		expect(
			screen.getByText(
				'Are you sure you want to revoke access for max@example.com?'
			)
		).toBeTruthy();
		fireEvent.click(
			screen.getAllByRole( 'button', { name: 'Revoke' } ).pop()!
		);
		expect(
			await screen.findByText(
				'Cannot revoke an activated license. The user must complete the content first.'
			)
		).toBeTruthy();
		expect( fetchShareData ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'the modal is a dialog; the send button counts the server cooldown down', async () => {
		( sendShareEmails as jest.Mock ).mockResolvedValue( {
			message: 'Invitations sent to 2 recipients.',
			dailyRemaining: 98,
			retryAfter: 60,
			mailHistory: [],
		} );
		renderScreen( <ShareDetails item={ item } /> );
		const opener = await screen.findByRole( 'button', { name: 'Share' } );
		opener.focus();
		fireEvent.click( opener );
		const dialog = screen.getByRole( 'dialog', { name: 'Share Licenses' } );
		expect( dialog.contains( dialog.ownerDocument.activeElement ) ).toBe(
			true
		);
		expect(
			screen.getByText(
				'Licenses will be filled automatically once share is accepted.'
			)
		).toBeTruthy();
		const send = screen.getAllByRole( 'button', { name: 'Share' } ).pop()!;
		expect( ( send as HTMLButtonElement ).disabled ).toBe( true );
		fireEvent.change( screen.getByLabelText( 'Email addresses' ), {
			target: { value: 'a@example.com\nb@example.com' },
		} );
		await act( async () => {
			fireEvent.click( send );
		} );
		expect(
			await screen.findByText( 'Invitations sent to 2 recipients.' )
		).toBeTruthy();
		expect( sendShareEmails ).toHaveBeenCalledWith(
			'a@example.com\nb@example.com',
			5
		);
		expect( fetchItems ).toHaveBeenCalled();
		await waitFor( () =>
			expect(
				screen.getByRole( 'button', { name: /^Wait \(\d+s\)$/ } )
			).toBeTruthy()
		);
		fireEvent.keyDown( dialog, { key: 'Escape' } );
		expect( screen.queryByRole( 'dialog' ) ).toBeNull();
		expect( opener.ownerDocument.activeElement ).toBe( opener );
	} );

	describe( 'copying the link', () => {
		const writeText = jest.fn();
		beforeEach( () => {
			( createShareLink as jest.Mock ).mockResolvedValue( {
				link: 'https://example.test/shareseats/abc',
				expiresDate: 'May 1, 2030',
			} );
			Object.defineProperty( window.navigator, 'clipboard', {
				value: { writeText },
				configurable: true,
			} );
		} );

		const copy = async () => {
			renderScreen( <ShareDetails item={ item } /> );
			fireEvent.click(
				await screen.findByRole( 'button', { name: 'Share' } )
			);
			await act( async () => {
				fireEvent.click(
					screen.getByRole( 'button', {
						name: 'Copy link with message',
					} )
				);
			} );
		};

		it( 'says COPIED! once the clipboard took the message', async () => {
			writeText.mockResolvedValue( undefined );
			await copy();
			expect( writeText ).toHaveBeenCalledWith(
				expect.stringContaining( 'https://example.test/shareseats/abc' )
			);
			expect(
				screen.getByRole( 'button', { name: 'COPIED!' } )
			).toBeTruthy();
			expect(
				screen.queryByText( /did not let the page copy/ )
			).toBeNull();
		} );

		it( 'where the browser refuses, selects the message and says how to copy it, never COPIED!', async () => {
			writeText.mockRejectedValue( new Error( 'NotAllowedError' ) );
			await copy();
			expect(
				screen.queryByRole( 'button', { name: 'COPIED!' } )
			).toBeNull();
			const message = screen.getByTestId(
				'lp-share-link-message'
			) as HTMLTextAreaElement;
			await waitFor( () =>
				expect( message.ownerDocument.activeElement ).toBe( message )
			);
			expect( message.selectionStart ).toBe( 0 );
			expect( message.selectionEnd ).toBe( message.value.length );
			expect(
				screen.getByText(
					'Your browser did not let the page copy. The message is selected above: copy it with Ctrl+C (⌘C on a Mac), or press and hold it on a phone and choose Copy.'
				)
			).toHaveAttribute( 'role', 'status' );
			expect( message ).toHaveAttribute(
				'aria-describedby',
				expect.stringContaining( 'copy-refused' )
			);
		} );
	} );

	it( 'a send the mailer refused shows the server message and starts no countdown', async () => {
		( sendShareEmails as jest.Mock ).mockRejectedValue(
			new ApiError(
				'The emails could not be sent. Please try again later.',
				502,
				'mail_failed',
				{
					code: 'mail_failed',
					data: { status: 502, retry_after: 0, daily_remaining: 100 },
				},
				true
			)
		);
		renderScreen( <ShareDetails item={ item } /> );
		fireEvent.click(
			await screen.findByRole( 'button', { name: 'Share' } )
		);
		fireEvent.change( screen.getByLabelText( 'Email addresses' ), {
			target: { value: 'a@example.com' },
		} );
		const send = screen.getAllByRole( 'button', { name: 'Share' } ).pop()!;
		await act( async () => {
			fireEvent.click( send );
		} );
		expect( ( await screen.findByRole( 'alert' ) ).textContent ).toContain(
			'The emails could not be sent. Please try again later.'
		);
		expect( screen.queryByRole( 'button', { name: /^Wait/ } ) ).toBeNull();
		expect( ( send as HTMLButtonElement ).disabled ).toBe( false );
	} );

	it( 'checks the spec limits before sending', () => {
		expect( splitEmails( ' a@x.com, b@x.com\nc@x.com ,, ' ) ).toEqual( [
			'a@x.com',
			'b@x.com',
			'c@x.com',
		] );
	} );
} );
