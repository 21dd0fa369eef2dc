/**
 * External dependencies
 */
import { render, screen } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { makeItem } from '../../../test-utils/fixtures';
import { LicenseLines } from '..';

describe( 'LicenseLines', () => {
	it( 'says the count once, in words: available of total minus expired', () => {
		const { container } = render(
			<LicenseLines
				item={ makeItem( {
					available_licenses: 1,
					total_licenses: 4,
					expired_licenses: 1,
				} ) }
			/>
		);
		expect(
			container.querySelector( '.lp-item__licenses' )
		).toHaveTextContent( /^1 of 3 licenses available$/ );
		expect( screen.getByText( '1 of 3 licenses available' ) ).toBeVisible();
		expect( screen.queryByText( /1\/3/ ) ).toBeNull();
	} );

	it( 'says beside the seats how many invitations the server counts as pending', () => {
		const { container, rerender } = render(
			<LicenseLines
				item={ makeItem( {
					available_licenses: 3,
					total_licenses: 3,
					pending_invites: 2,
				} ) }
			/>
		);
		expect(
			container.querySelector( '.lp-item__licenses' )
		).toHaveTextContent(
			/^3 of 3 licenses available · 2 invitations pending$/
		);
		rerender(
			<LicenseLines
				item={ makeItem( {
					available_licenses: 3,
					total_licenses: 3,
					pending_invites: 1,
				} ) }
			/>
		);
		expect( screen.getByText( '1 invitation pending' ) ).toBeVisible();
	} );

	it( 'gives an e-manual the spec’s own words, once', () => {
		const { container } = render(
			<LicenseLines
				item={ makeItem( {
					content_type: 'e-manual',
					available_licenses: 2,
					total_licenses: 3,
				} ) }
			/>
		);
		expect(
			container.querySelector( '.lp-item__licenses' )
		).toHaveTextContent( /^Available Licenses: 2$/ );
		expect( screen.queryByText( /licenses available/ ) ).toBeNull();
	} );

	it( 'tells a team member who shared the row instead of the owner’s counts', () => {
		render(
			<LicenseLines
				item={ makeItem( {
					viewer: 'team_member',
					shared_by: 'Olivia Owner',
					available_licenses: 0,
					total_licenses: 1,
				} ) }
			/>
		);
		expect(
			screen.getByText( 'Shared with you by Olivia Owner' )
		).toBeInTheDocument();
		expect( screen.queryByText( /licenses available|0\/1/ ) ).toBeNull();
	} );

	it( 'leaves texts that say what they are without words', () => {
		render(
			<LicenseLines item={ makeItem( { content_type: 'membership' } ) } />
		);
		expect( screen.getByText( 'Unlimited Access' ) ).toBeInTheDocument();
		expect( screen.queryByText( /licenses available/ ) ).toBeNull();
	} );
} );
