/**
 * Internal dependencies
 */
import { handlePlayerKey, SEEK_STEP_SECONDS } from '..';

jest.mock( '../../../lib/hls-attach', () => ( {
	attachHls: () => () => undefined,
} ) );

function fakeVideo() {
	const video = document.createElement( 'video' );
	let paused = true;
	Object.defineProperty( video, 'paused', { get: () => paused } );
	Object.defineProperty( video, 'duration', { value: 100 } );
	video.play = jest.fn( () => {
		paused = false;
		return Promise.resolve();
	} );
	video.pause = jest.fn( () => {
		paused = true;
	} );
	return video;
}

describe( 'player keys', () => {
	it( 'Space and k toggle play/pause', () => {
		const video = fakeVideo();
		expect( handlePlayerKey( video, ' ' ) ).toBe( true );
		expect( video.play ).toHaveBeenCalled();
		expect( handlePlayerKey( video, 'k' ) ).toBe( true );
		expect( video.pause ).toHaveBeenCalled();
	} );

	it( 'arrows seek 5 s within the video, j/l 10 s', () => {
		const video = fakeVideo();
		video.currentTime = 50;
		handlePlayerKey( video, 'ArrowRight' );
		expect( video.currentTime ).toBe( 50 + SEEK_STEP_SECONDS );
		handlePlayerKey( video, 'j' );
		expect( video.currentTime ).toBe( 45 );
		video.currentTime = 2;
		handlePlayerKey( video, 'ArrowLeft' );
		expect( video.currentTime ).toBe( 0 );
	} );

	it( 'm mutes; other keys are left to the browser', () => {
		const video = fakeVideo();
		handlePlayerKey( video, 'm' );
		expect( video.muted ).toBe( true );
		expect( handlePlayerKey( video, 'Tab' ) ).toBe( false );
	} );
} );
