/**
 * External dependencies
 */
import { fireEvent, render, screen } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { Banner } from '..';

describe( 'Banner', () => {
	it( 'announces errors as alerts and has a close button', () => {
		const onClose = jest.fn();
		render(
			<Banner
				tone="error"
				onClose={ onClose }
				closeLabel="Close error message"
			>
				Broken
			</Banner>
		);
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent( 'Broken' );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Close error message' } )
		);
		expect( onClose ).toHaveBeenCalled();
	} );

	it( 'uses a polite status for other tones and no close button without onClose', () => {
		render( <Banner tone="info">Hello</Banner> );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent( 'Hello' );
		expect( screen.queryByRole( 'button' ) ).not.toBeInTheDocument();
	} );
} );
