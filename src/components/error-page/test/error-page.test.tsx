/**
 * External dependencies
 */
import { render, screen } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { ErrorPage, errorPageDetail } from '..';

describe( 'ErrorPage', () => {
	it( "is titled 'Unexpected Application Error!' with a status line", () => {
		render( <ErrorPage status={ 404 } statusText="Not Found" /> );
		expect(
			screen.getByRole( 'heading', {
				level: 1,
				name: 'Unexpected Application Error!',
			} )
		).toBeInTheDocument();
		expect( screen.getByText( '404 Not Found' ) ).toBeInTheDocument();
	} );

	it( 'shows the error message without a status', () => {
		expect(
			errorPageDetail( { error: new Error( 'Loading chunk failed' ) } )
		).toBe( 'Loading chunk failed' );
		expect( errorPageDetail( {} ) ).toBe( '' );
	} );
} );
