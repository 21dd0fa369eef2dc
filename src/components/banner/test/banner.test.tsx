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

describe( 'Banner focus', () => {
	it( 'hands focus to the region it stood in when its close button goes', () => {
		function Page() {
			return (
				<main tabIndex={ -1 } aria-label="Content">
					<Banner tone="info" onClose={ () => undefined }>
						Hello
					</Banner>
				</main>
			);
		}
		render( <Page /> );
		const close = screen.getByRole( 'button', { name: 'Close' } );
		close.focus();
		fireEvent.click( close );
		expect( screen.getByRole( 'main' ) ).toHaveFocus();
	} );
} );
