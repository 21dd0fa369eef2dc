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
	it( 'shows the bare "0/1" and names what the numbers are', () => {
		render(
			<LicenseLines
				item={ makeItem( {
					available_licenses: 0,
					total_licenses: 1,
					expired_licenses: 0,
				} ) }
			/>
		);
		const count = screen.getByRole( 'img', {
			name: '0 of 1 licenses available',
		} );
		expect( count ).toHaveTextContent( /^0\/1$/ );
		expect( count ).toHaveAttribute( 'title', '0 of 1 licenses available' );
	} );

	it( 'leaves texts that say what they are without a label', () => {
		render(
			<LicenseLines item={ makeItem( { content_type: 'membership' } ) } />
		);
		expect( screen.getByText( 'Unlimited Access' ) ).toBeInTheDocument();
		expect( screen.queryByRole( 'img' ) ).not.toBeInTheDocument();
	} );
} );
