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

	it( 'has two samples with nothing to hide on the server', () => {
		const samples = sampleNotifications( 100 );
		expect( samples ).toHaveLength( 2 );
		expect( samples.map( ( n ) => n.id ) ).toEqual( [ 0, 0 ] );
		expect( samples.every( ( n ) => n.read_status ) ).toBe( true );
	} );
} );
