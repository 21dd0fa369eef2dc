/**
 * External dependencies
 */
import { act, fireEvent, render, screen } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { VideoPlayer } from '..';
import { sendProgress } from '../../../api/progress';
import { ApiError } from '../../../api/client';
import { progressQueue } from '../../../api/progress-queue';
import { makeItem, setPortalConfig } from '../../../test-utils/fixtures';
import type { VideoDetails } from '../../../types/library';

jest.mock( '../../../lib/hls-attach', () => ( {
	attachHls: () => () => undefined,
} ) );
jest.mock( '../../../api/progress', () => ( {
	...jest.requireActual( '../../../api/progress' ),
	sendProgress: jest.fn(),
} ) );

const mockedSend = sendProgress as jest.MockedFunction< typeof sendProgress >;

const video: VideoDetails = {
	product_id: 5,
	hss_video_id: '',
	type: 'webinar',
	title: 'Alpha',
	subtitle: '',
	url: 'https://example.test/a.m3u8',
	thumb: '',
	parts: [
		{
			index: 0,
			title: 'Alpha',
			url: 'https://example.test/a.m3u8',
			thumb: '',
			duration: 100,
		},
	],
	subtitles: [
		{
			part: 0,
			url: 'https://example.test/wp-json/library/v2/subtitles/5/0',
			language: 'en',
		},
		{
			part: 0,
			url: 'https://example.test/wp-json/library/v2/subtitles/5/1',
			language: 'de',
		},
		{
			part: 1,
			url: 'https://example.test/wp-json/library/v2/subtitles/5/2',
			language: 'fr',
		},
	],
	has_test: false,
	quiz_link: '',
	certificate: null,
	attachment: '',
	progress: { count: 0, time: 0, parts: [ { count: 0, time: 0 } ] },
	test: { available: false, ready: false, incomplete_parts: [], message: '' },
	access: 'activated',
	max_playback_rate: 1.5,
};

beforeEach( () => {
	setPortalConfig();
	window.localStorage.clear();
	mockedSend.mockReset();
} );

function mediaAt( element: HTMLVideoElement, time: number, paused = true ) {
	Object.defineProperty( element, 'duration', {
		value: 100,
		configurable: true,
	} );
	Object.defineProperty( element, 'paused', {
		value: paused,
		configurable: true,
	} );
	element.currentTime = time;
}

describe( 'VideoPlayer', () => {
	it( "draws this part's subtitle tracks (English default) and the allowed speeds", () => {
		const { container } = render(
			<VideoPlayer
				video={ video }
				part={ 0 }
				saved={ 0 }
				scope={ {} }
				onReply={ jest.fn() }
				onPartEnded={ jest.fn() }
			/>
		);
		const tracks = container.querySelectorAll( 'track' );
		expect( tracks ).toHaveLength( 2 );
		expect( tracks[ 0 ] ).toHaveAttribute( 'srclang', 'en' );
		// A <track> sends no X-WP-Nonce header: its address carries the nonce.
		expect( tracks[ 0 ] ).toHaveAttribute(
			'src',
			'https://example.test/wp-json/library/v2/subtitles/5/0?_wpnonce=rest-nonce'
		);
		expect( tracks[ 0 ] ).toHaveAttribute( 'kind', 'subtitles' );
		expect( ( tracks[ 0 ] as HTMLTrackElement ).default ).toBe( true );
		expect( ( tracks[ 1 ] as HTMLTrackElement ).default ).toBe( false );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading video...'
		);
		const speed = screen.getByRole( 'combobox', {
			name: 'Playback speed',
		} );
		expect(
			[ ...( speed as HTMLSelectElement ).options ].map(
				( o ) => o.value
			)
		).toEqual( [ '0.75', '1', '1.25', '1.5' ] );
		fireEvent.change( speed, { target: { value: '1.5' } } );
		expect( screen.getByTestId( 'lp-player-video' ) ).toHaveProperty(
			'playbackRate',
			1.5
		);
	} );

	it( 'hands each accepted reply on; a pause sends the step at once', async () => {
		const onReply = jest.fn();
		const reply = {
			product_id: 5,
			item: makeItem( { product_id: 5, status: 'in-progress' } ),
			progress: { count: 10, time: 1, parts: [ { count: 10, time: 1 } ] },
			test: video.test,
			activated: false,
		};
		mockedSend.mockResolvedValue( reply );
		render(
			<VideoPlayer
				video={ video }
				part={ 0 }
				saved={ 0 }
				scope={ { tag: 'member' } }
				onReply={ onReply }
				onPartEnded={ jest.fn() }
			/>
		);
		const element = screen.getByTestId(
			'lp-player-video'
		) as HTMLVideoElement;
		mediaAt( element, 12 );
		await act( async () => {
			fireEvent.pause( element );
		} );
		expect( mockedSend ).toHaveBeenCalledWith(
			{ tag: 'member', productId: 5, part: 0, progress: 10 },
			true
		);
		expect( onReply ).toHaveBeenCalledWith( reply );
	} );

	it( 'a refused jump is not queued when no report of the part was lost', async () => {
		mockedSend.mockRejectedValue(
			new ApiError( 'Too fast', 409, 'progress_too_fast', {}, true )
		);
		render(
			<VideoPlayer
				video={ video }
				part={ 0 }
				saved={ 0 }
				scope={ {} }
				onReply={ jest.fn() }
				onPartEnded={ jest.fn() }
			/>
		);
		const element = screen.getByTestId(
			'lp-player-video'
		) as HTMLVideoElement;
		mediaAt( element, 90 );
		await act( async () => {
			fireEvent.pause( element );
		} );
		expect( mockedSend ).toHaveBeenCalledTimes( 1 );
		expect( progressQueue().pending() ).toEqual( [] );
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
	} );

	it( 'queues a report that cannot reach the server, and holds a jump refused after it (the server may not have heard of the watching behind it)', async () => {
		mockedSend.mockRejectedValueOnce( new TypeError( 'Failed to fetch' ) );
		render(
			<VideoPlayer
				video={ video }
				part={ 0 }
				saved={ 0 }
				scope={ {} }
				onReply={ jest.fn() }
				onPartEnded={ jest.fn() }
			/>
		);
		const element = screen.getByTestId(
			'lp-player-video'
		) as HTMLVideoElement;
		mediaAt( element, 20 );
		await act( async () => {
			fireEvent.pause( element );
		} );
		expect( progressQueue().pending() ).toEqual( [
			{ productId: 5, part: 0, progress: 20 },
		] );

		mockedSend.mockRejectedValue(
			new ApiError( 'Too fast', 409, 'progress_too_fast', {}, true )
		);
		mediaAt( element, 90 );
		await act( async () => {
			fireEvent.pause( element );
		} );
		expect( progressQueue().pending() ).toEqual( [
			{ productId: 5, part: 0, progress: 90 },
		] );
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
		progressQueue().stopRetrying();
	} );
} );
