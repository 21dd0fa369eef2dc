/**
 * External dependencies
 */
import { screen } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { setPortalConfig } from '../../../test-utils/fixtures';
import { renderScreen } from '../../../test-utils/render';
import { ShareInvite } from '..';

beforeEach( () => setPortalConfig() );

describe( 'share invite page', () => {
	it( 'the invite page says what was shared, that every license is taken, or that the link cannot be used', () => {
		setPortalConfig( {
			shareData: {
				product_title: 'Alpha',
				sharer_name: 'Olivia',
				available_licenses: 2,
				encoded: 'abc',
			},
		} );
		const valid = renderScreen( <ShareInvite />, {
			url: '/x',
			path: '/x',
		} );
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Shared training' } )
		).toBeInTheDocument();
		expect(
			screen.getByText( /Olivia shared "Alpha" with you/ )
		).toBeInTheDocument();
		expect( screen.queryByText( /not available yet/ ) ).toBeNull();
		valid.unmount();
		setPortalConfig( {
			shareData: {
				product_title: 'Alpha',
				sharer_name: 'Olivia',
				available_licenses: 0,
				encoded: 'abc',
			},
		} );
		const noneLeft = renderScreen( <ShareInvite />, {
			url: '/x',
			path: '/x',
		} );
		expect(
			screen.getByText(
				'Olivia shared "Alpha" with you, and every license has been taken. Use Notify in the message above to ask Olivia for one.'
			)
		).toBeInTheDocument();
		noneLeft.unmount();
		setPortalConfig( {
			shareData: {
				product_title: '',
				sharer_name: '',
				available_licenses: 0,
				encoded: '',
				error: 'This share link has expired.',
			},
		} );
		renderScreen( <ShareInvite />, { url: '/x', path: '/x' } );
		expect(
			screen.getByText(
				'This invitation cannot be used. The message above says why.'
			)
		).toBeInTheDocument();
	} );
} );
