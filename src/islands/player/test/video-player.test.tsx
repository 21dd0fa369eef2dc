/**
 * External dependencies
 */
import { act, fireEvent, render, screen } from '@testing-library/react';

/**
 * Internal dependencies
 */
import { VideoPlayer } from '..';
import { attachHls } from '../../../lib/hls-attach';
import { sendProgress } from '../../../api/progress';
import { ApiError } from '../../../api/client';
import { progressQueue } from '../../../api/progress-queue';
import { makeItem, setPortalConfig } from '../../../test-utils/fixtures';
import type { VideoDetails } from '../../../types/library';

jest.mock( '../../../lib/hls-attach', () => ( {
	attachHls: jest.fn( () => () => undefined ),
} ) );
jest.mock( '../../../api/progress', () => ( {
	...jest.requireActual( '../../../api/progress' ),
	sendProgress: jest.fn(),
} ) );

const mockedSend = sendProgress as jest.MockedFunction< typeof sendProgress >;
const mockedAttach = attachHls as jest.MockedFunction< typeof attachHls >;

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
	mockedAttach.mockClear();
	jest.spyOn( window.HTMLMediaElement.prototype, 'play' ).mockResolvedValue(
		undefined
	);
} );

afterEach( () => {
	jest.restoreAllMocks();
} );

const playerVideo = () =>
	screen.getByTestId( 'lp-player-video' ) as HTMLVideoElement;

/**
 * The learner's press on the player's Play; the source is attached once it returns.
 *
 * @param name The button's name.
 */
async function pressPlay( name = 'Play Alpha' ): Promise< void > {
	await act( async () => {
		fireEvent.click( screen.getByRole( 'button', { name } ) );
	} );
}

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

describe( 'VideoPlayer before Play', () => {
	const twoParts: VideoDetails = {
		...video,
		parts: [
			{ ...( video.parts[ 0 ] as VideoDetails[ 'parts' ][ 0 ] ) },
			{
				index: 1,
				title: 'Beta',
				url: 'https://example.test/b.m3u8',
				thumb: 'https://example.test/b.jpg',
				duration: 100,
			},
		],
		progress: {
			count: 0,
			time: 0,
			parts: [
				{ count: 30, time: 0 },
				{ count: 0, time: 0 },
			],
		},
	};

	it( 'shows the poster and a Play button, and attaches nothing until Play is pressed', async () => {
		render(
			<VideoPlayer
				video={ twoParts }
				part={ 1 }
				saved={ 0 }
				scope={ {} }
				onReply={ jest.fn() }
				onPartEnded={ jest.fn() }
			/>
		);
		const element = playerVideo();
		expect( element ).toHaveAttribute( 'preload', 'none' );
		expect( element ).toHaveAttribute(
			'poster',
			'https://example.test/b.jpg'
		);
		expect( element ).not.toHaveAttribute( 'src' );
		expect( screen.queryByRole( 'status' ) ).not.toBeInTheDocument();
		// Focus (e.g. from the keyboard) loads no video either.
		await act( async () => {
			element.focus();
		} );
		expect( mockedAttach ).not.toHaveBeenCalled();

		await pressPlay( 'Play Beta' );
		expect( mockedAttach ).toHaveBeenCalledTimes( 1 );
		expect( mockedAttach.mock.calls[ 0 ]?.[ 0 ] ).toBe( element );
		expect( mockedAttach.mock.calls[ 0 ]?.[ 1 ] ).toBe(
			'https://example.test/b.m3u8'
		);
		// The press plays the video it goes with, which keeps focus.
		expect( window.HTMLMediaElement.prototype.play ).toHaveBeenCalled();
		expect( element ).toHaveFocus();
		expect(
			screen.queryByRole( 'button', { name: 'Play Beta' } )
		).not.toBeInTheDocument();
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading video...'
		);
	} );

	it( "the video's own play (its controls or a key) is the ask too", async () => {
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
		expect( mockedAttach ).not.toHaveBeenCalled();
		await act( async () => {
			fireEvent.play( playerVideo() );
		} );
		expect( mockedAttach ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'hls.js starts loading at the resume point', async () => {
		render(
			<VideoPlayer
				video={ twoParts }
				part={ 0 }
				saved={ 30 }
				scope={ {} }
				onReply={ jest.fn() }
				onPartEnded={ jest.fn() }
			/>
		);
		await pressPlay();
		expect( mockedAttach.mock.calls[ 0 ]?.[ 2 ] ).toMatchObject( {
			startPosition: 30,
		} );
	} );

	it( 'once Play was pressed, another part loads at once without starting', async () => {
		const { rerender } = render(
			<VideoPlayer
				video={ twoParts }
				part={ 0 }
				saved={ 0 }
				scope={ {} }
				onReply={ jest.fn() }
				onPartEnded={ jest.fn() }
			/>
		);
		await pressPlay();
		const presses = ( window.HTMLMediaElement.prototype.play as jest.Mock )
			.mock.calls.length;
		await act( async () => {
			rerender(
				<VideoPlayer
					video={ twoParts }
					part={ 1 }
					saved={ 0 }
					scope={ {} }
					onReply={ jest.fn() }
					onPartEnded={ jest.fn() }
				/>
			);
		} );
		expect( mockedAttach ).toHaveBeenCalledTimes( 2 );
		expect( mockedAttach.mock.calls[ 1 ]?.[ 1 ] ).toBe(
			'https://example.test/b.m3u8'
		);
		expect(
			screen.queryByRole( 'button', { name: 'Play Beta' } )
		).not.toBeInTheDocument();
		await act( async () => {
			fireEvent.loadedMetadata( playerVideo() );
		} );
		expect(
			( window.HTMLMediaElement.prototype.play as jest.Mock ).mock.calls
		).toHaveLength( presses );
	} );
} );

describe( 'VideoPlayer', () => {
	it( "draws this part's subtitle tracks (English default) once Play is pressed, and the allowed speeds", async () => {
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
		// Not even a subtitle file before the learner asks for the video.
		expect( container.querySelectorAll( 'track' ) ).toHaveLength( 0 );
		await pressPlay();
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
