/**
 * External dependencies
 */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

/**
 * Internal dependencies
 */
import { ROUTER_FUTURE } from '../../../lib/router-future';
import { NotAvailable } from '..';

describe( 'NotAvailable', () => {
	it( 'says so and links back', () => {
		render(
			<MemoryRouter future={ ROUTER_FUTURE }>
				<NotAvailable
					title="Team"
					backTo="/my-account/library/videos"
				/>
			</MemoryRouter>
		);
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Team' } )
		).toBeInTheDocument();
		expect( screen.getByText( /not available yet/ ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Back to the library' } )
		).toHaveAttribute( 'href', '/my-account/library/videos' );
	} );
} );
