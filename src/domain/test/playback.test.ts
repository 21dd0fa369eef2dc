/**
 * Internal dependencies
 */
import { SEEK_BAND_MAX, SEEK_BAND_MIN } from '../learning-rules';
import {
	initialPart,
	playbackRates,
	progressStep,
	resumeTime,
} from '../playback';

describe( 'initialPart', () => {
	it( 'opens the first part below 100%', () => {
		expect( initialPart( [ 100, 40, 0 ], 3 ) ).toBe( 1 );
		expect( initialPart( [], 3 ) ).toBe( 0 );
		expect( initialPart( [ 100 ], 3 ) ).toBe( 1 );
	} );

	it( 'opens the last part when all are done', () => {
		expect( initialPart( [ 100, 100, 100 ], 3 ) ).toBe( 2 );
	} );
} );

describe( 'resumeTime', () => {
	it( 'resumes strictly inside the seek band', () => {
		expect( resumeTime( 50, 200 ) ).toBe( 100 );
		expect( resumeTime( SEEK_BAND_MIN + 1, 100 ) ).toBe(
			SEEK_BAND_MIN + 1
		);
	} );

	it.each( [ 0, SEEK_BAND_MIN, SEEK_BAND_MAX, 100 ] )(
		'starts from the beginning at %d%%',
		( percent ) => {
			expect( resumeTime( percent, 200 ) ).toBeNull();
		}
	);

	it( 'does not resume without a duration', () => {
		expect( resumeTime( 50, NaN ) ).toBeNull();
		expect( resumeTime( 50, 0 ) ).toBeNull();
	} );
} );

describe( 'progressStep', () => {
	it( 'floors to the 5% step', () => {
		expect( progressStep( 9.9, 100 ) ).toBe( 5 );
		expect( progressStep( 10, 100 ) ).toBe( 10 );
		expect( progressStep( 99.9, 100 ) ).toBe( 95 );
	} );

	it( 'an ended video is complete', () => {
		expect( progressStep( 99.9, 100, true ) ).toBe( 100 );
	} );

	it( 'is 0 without a duration', () => {
		expect( progressStep( 10, Infinity ) ).toBe( 0 );
	} );

	it( 'is 0 while the media does not know its length yet (NaN before its metadata, or 0)', () => {
		expect( progressStep( 10, NaN ) ).toBe( 0 );
		expect( progressStep( 10, 0 ) ).toBe( 0 );
		expect( progressStep( 0, 0 ) ).toBe( 0 );
	} );
} );

describe( 'playbackRates', () => {
	it( 'never offers more than the server allows', () => {
		expect( playbackRates( 2 ) ).toEqual( [ 0.75, 1, 1.25, 1.5, 2 ] );
		expect( playbackRates( 1.5 ) ).toEqual( [ 0.75, 1, 1.25, 1.5 ] );
		expect( playbackRates( 0 ) ).toEqual( [ 0.75, 1 ] );
	} );
} );
