/**
 * WordPress dependencies
 */
import { resetLocaleData, setLocaleData } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { plainText, sampleNotifications } from '../notifications';

describe( 'notification texts', () => {
	it( 'strips markup and keeps the words', () => {
		expect(
			plainText( '<p>Theo <strong>completed</strong> "Alpha"</p>' )
		).toBe( 'Theo completed "Alpha"' );
		expect( plainText( 'Fish &amp; chips' ) ).toBe( 'Fish & chips' );
		expect( plainText( '<img src=x onerror="alert(1)">Hi' ) ).toBe( 'Hi' );
		expect( plainText( '  plain  ' ) ).toBe( 'plain' );
	} );

	it( 'keeps a message without markup as written, but for its ends', () => {
		expect( plainText( '  Theo  completed  "Alpha"\n' ) ).toBe(
			'Theo  completed  "Alpha"'
		);
	} );

	it( 'drops the spaces around the words of markup', () => {
		expect( plainText( '<p>  Hi there  </p>' ) ).toBe( 'Hi there' );
	} );

	it( 'translates the samples in the plugin’s own text domain', () => {
		setLocaleData(
			{
				'Welcome to your library: your workshops, webinars and e-manuals are under Library.':
					[ 'Willkommen' ],
				'Share a training with your team from its Share Details tab, and follow their progress here.':
					[ 'Teilen' ],
			},
			'library-portal'
		);
		try {
			expect(
				sampleNotifications( 1 ).map( ( n ) => n.message )
			).toEqual( [ 'Willkommen', 'Teilen' ] );
		} finally {
			resetLocaleData( undefined, 'library-portal' );
		}
	} );

	it( 'joins the words of separate paragraphs with one space', () => {
		expect( plainText( '<p>Theo completed</p>\n\n<p>"Alpha"</p>' ) ).toBe(
			'Theo completed "Alpha"'
		);
	} );

	it( 'has the spec’s two samples, read, with nothing to hide on the server and no link', () => {
		const sample = ( message: string ) => ( {
			id: 0,
			message,
			hide_status: false,
			read_status: true,
			timestamp: 100,
			type: 'sample',
			related_product_id: 0,
			related_user_id: 0,
			link: '',
			date: '',
		} );
		expect( sampleNotifications( 100 ) ).toEqual( [
			sample(
				'Welcome to your library: your workshops, webinars and e-manuals are under Library.'
			),
			sample(
				'Share a training with your team from its Share Details tab, and follow their progress here.'
			),
		] );
	} );
} );
