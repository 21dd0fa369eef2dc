/**
 * External dependencies
 */
import { render, screen } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { LoadingIndicator } from '..';

describe( 'LoadingIndicator', () => {
	it( 'is a status with a readable label', () => {
		render( <LoadingIndicator /> );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent( 'Loading…' );
	} );
} );
