/**
 * External dependencies
 */
import { fireEvent, render, screen } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { isHlsSource, WalkthroughVideo } from '..';

describe( 'WalkthroughVideo', () => {
	it( 'loads nothing until play is pressed, then shows a labelled video', () => {
		const { container } = render(
			<WalkthroughVideo
				src="https://cdn.test/intro.mp4"
				title="Walkthrough"
			/>
		);
		expect( container.querySelector( 'video' ) ).toBeNull();
		jest.spyOn(
			window.HTMLMediaElement.prototype,
			'play'
		).mockImplementation( () => Promise.resolve() );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Play the walkthrough video' } )
		);
		const video = container.querySelector( 'video' );
		expect( video ).toHaveAttribute( 'aria-label', 'Walkthrough' );
		expect( video?.getAttribute( 'src' ) ).toBe(
			'https://cdn.test/intro.mp4'
		);
	} );

	it( 'gives the video its captions track, on by default', () => {
		const { container } = render(
			<WalkthroughVideo
				src="https://cdn.test/intro.mp4"
				title="Walkthrough"
				captions="https://cdn.test/intro/captions/en.vtt"
			/>
		);
		jest.spyOn(
			window.HTMLMediaElement.prototype,
			'play'
		).mockImplementation( () => Promise.resolve() );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Play the walkthrough video' } )
		);
		const track = container.querySelector( 'video track' );
		expect( track ).toHaveAttribute( 'kind', 'captions' );
		expect( track ).toHaveAttribute(
			'src',
			'https://cdn.test/intro/captions/en.vtt'
		);
		expect( track ).toHaveAttribute( 'srclang', 'en' );
		expect( track ).toHaveAttribute( 'default' );
	} );

	it( 'renders nothing without a source and recognises HLS sources', () => {
		const { container } = render(
			<WalkthroughVideo src="" title="Walkthrough" />
		);
		expect( container ).toBeEmptyDOMElement();
		expect( isHlsSource( 'https://cdn.test/a/master.m3u8?token=1' ) ).toBe(
			true
		);
		expect( isHlsSource( 'https://cdn.test/a.mp4' ) ).toBe( false );
	} );
} );
