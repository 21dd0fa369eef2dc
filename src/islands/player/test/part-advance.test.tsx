/**
 * When a part ends: 'Next part in 1 s', then the next part starts by itself;
 * where the browser refuses to start it, a Play button takes focus. And the error's Retry hands
 * focus to the video it loads again.
 */

/**
 * External dependencies
 */
import { act, fireEvent, render, screen } from '@testing-library/react';

/**
 * WordPress dependencies
 */
import { useState } from '@wordpress/element';

/**
 * Internal dependencies
 */
import { VideoPlayer } from '..';
import { sendProgress } from '../../../api/progress';
import { setPortalConfig } from '../../../test-utils/fixtures';
import type { VideoDetails } from '../../../types/library';

let reportFatal: () => void = () => undefined;
const mockLoaded: string[] = [];
jest.mock( '../../../lib/hls-attach', () => ( {
	attachHls: (
		_element: HTMLVideoElement,
		src: string,
		options: { onFatal: () => void }
	) => {
		mockLoaded.push( src );
		reportFatal = options.onFatal;
		return () => undefined;
	},
} ) );
jest.mock( '../../../api/progress', () => ( {
	...jest.requireActual( '../../../api/progress' ),
	sendProgress: jest.fn(),
} ) );

const mockedSend = sendProgress as jest.MockedFunction< typeof sendProgress >;

const part = ( index: number ) => ( {
	index,
	title: `Part ${ index + 1 }`,
	url: `https://example.test/part-${ index + 1 }.m3u8`,
	thumb: '',
	duration: 16,
} );

const video: VideoDetails = {
	product_id: 7,
	hss_video_id: '',
	type: 'on-demand-workshop',
	title: 'Workshop',
	subtitle: '',
	url: '',
	thumb: '',
	parts: [ part( 0 ), part( 1 ) ],
	subtitles: [],
	has_test: false,
	quiz_link: '',
	certificate: null,
	attachment: '',
	progress: {
		count: 0,
		time: 0,
		parts: [
			{ count: 0, time: 0 },
			{ count: 0, time: 0 },
		],
	},
	test: { available: false, ready: false, incomplete_parts: [], message: '' },
	access: 'activated',
	max_playback_rate: 2,
};

/**
 * The parts as Training Details holds them: the part moves on when the player says so.
 * @param root0
 * @param root0.first
 */
function Parts( { first = 0 }: { first?: number } ) {
	const [ current, setCurrent ] = useState( first );
	return (
		<VideoPlayer
			video={ video }
			part={ current }
			saved={ 0 }
			scope={ {} }
			onReply={ jest.fn() }
			onPartEnded={ () =>
				setCurrent( ( now ) =>
					now < video.parts.length - 1 ? now + 1 : now
				)
			}
		/>
	);
}

const currentVideo = () =>
	screen.getByTestId( 'lp-player-video' ) as HTMLVideoElement;

let playSpy: jest.SpyInstance< Promise< void >, [] >;

beforeEach( () => {
	jest.useFakeTimers();
	setPortalConfig();
	window.localStorage.clear();
	mockedSend.mockReset();
	mockedSend.mockRejectedValue( new TypeError( 'offline in this test' ) );
	playSpy = jest
		.spyOn( window.HTMLMediaElement.prototype, 'play' )
		.mockResolvedValue( undefined );
	jest.spyOn( window.HTMLMediaElement.prototype, 'pause' ).mockReturnValue(
		undefined
	);
} );

afterEach( () => {
	jest.useRealTimers();
	jest.restoreAllMocks();
} );

/**
 * Ends the current part and lets PART_ADVANCE_DELAY_MS pass; the next part's metadata arrives.
 */
async function endPartAndWait(): Promise< void > {
	await act( async () => {
		fireEvent.loadedData( currentVideo() );
		fireEvent.ended( currentVideo() );
	} );
	expect( screen.getByText( 'Next part in 1 s' ) ).toHaveAttribute(
		'role',
		'status'
	);
	await act( async () => {
		jest.advanceTimersByTime( 1000 );
	} );
	await act( async () => {
		fireEvent.loadedMetadata( currentVideo() );
	} );
}

describe( 'the end of a part', () => {
	it( 'says the next part comes in 1 s, then starts it, keeping focus on the video', async () => {
		render( <Parts /> );
		const first = currentVideo();
		first.focus();
		await endPartAndWait();
		const second = currentVideo();
		expect( second ).not.toBe( first );
		expect( second ).toHaveAccessibleName( 'Part 2' );
		expect( playSpy ).toHaveBeenCalledTimes( 1 );
		expect( playSpy.mock.contexts[ 0 ] ).toBe( second );
		expect( second ).toHaveFocus();
		expect(
			screen.queryByText( 'Next part in 1 s' )
		).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Play' } )
		).not.toBeInTheDocument();
	} );

	it( 'where the browser refuses to start it, Play takes focus and starts it', async () => {
		playSpy.mockRejectedValueOnce(
			new DOMException( 'no gesture', 'NotAllowedError' )
		);
		render( <Parts /> );
		currentVideo().focus();
		await endPartAndWait();
		const playButton = screen.getByRole( 'button', { name: 'Play' } );
		expect( playButton ).toHaveFocus();

		fireEvent.click( playButton );
		expect( playSpy ).toHaveBeenCalledTimes( 2 );
		expect( playSpy.mock.contexts[ 1 ] ).toBe( currentVideo() );
		await act( async () => {
			fireEvent.play( currentVideo() );
		} );
		expect(
			screen.queryByRole( 'button', { name: 'Play' } )
		).not.toBeInTheDocument();
		expect( currentVideo() ).toHaveFocus();
	} );

	it( 'an aborted start (a new load) asks for nothing', async () => {
		playSpy.mockRejectedValueOnce(
			new DOMException( 'new load', 'AbortError' )
		);
		render( <Parts /> );
		await endPartAndWait();
		expect(
			screen.queryByRole( 'button', { name: 'Play' } )
		).not.toBeInTheDocument();
	} );

	it( 'the last part ends without a next part to announce or start', async () => {
		render( <Parts first={ 1 } /> );
		await act( async () => {
			fireEvent.ended( currentVideo() );
		} );
		expect(
			screen.queryByText( 'Next part in 1 s' )
		).not.toBeInTheDocument();
		await act( async () => {
			jest.advanceTimersByTime( 1000 );
		} );
		await act( async () => {
			fireEvent.loadedMetadata( currentVideo() );
		} );
		expect( playSpy ).not.toHaveBeenCalled();
	} );

	it( 'a part opened with its button does not start by itself', async () => {
		const { rerender } = render(
			<VideoPlayer
				video={ video }
				part={ 0 }
				saved={ 0 }
				scope={ {} }
				onReply={ jest.fn() }
				onPartEnded={ jest.fn() }
			/>
		);
		rerender(
			<VideoPlayer
				video={ video }
				part={ 1 }
				saved={ 0 }
				scope={ {} }
				onReply={ jest.fn() }
				onPartEnded={ jest.fn() }
			/>
		);
		await act( async () => {
			fireEvent.loadedMetadata( currentVideo() );
		} );
		expect( playSpy ).not.toHaveBeenCalled();
	} );
} );

/**
 * The learner's press on the player's Play (nothing loads before it); the source is attached.
 */
async function pressPlay(): Promise< void > {
	await act( async () => {
		fireEvent.click( screen.getByRole( 'button', { name: /^Play / } ) );
	} );
}

describe( 'Retry after a failed load', () => {
	it( 'hands focus to the video it loads again, and back to Retry when that fails too', async () => {
		render( <Parts /> );
		await pressPlay();
		currentVideo().focus();
		await act( async () => {
			reportFatal();
		} );
		const retry = screen.getByRole( 'button', { name: 'Retry' } );
		// The failed video had focus: Retry takes it.
		expect( retry ).toHaveFocus();

		fireEvent.click( retry );
		expect(
			screen.queryByRole( 'button', { name: 'Retry' } )
		).not.toBeInTheDocument();
		expect( currentVideo() ).toHaveFocus();
		expect( document.body ).not.toHaveFocus();

		// Retry loads at once (the learner asked for the video before); its source is attached.
		await act( async () => undefined );
		await act( async () => {
			reportFatal();
		} );
		expect( screen.getByRole( 'button', { name: 'Retry' } ) ).toHaveFocus();
	} );
} );

/**
 * A player whose item reply can be asked for again, as the item's page does.
 * @param root0
 * @param root0.fresh
 */
function Refreshing( { fresh }: { fresh: () => Promise< VideoDetails > } ) {
	const [ current, setCurrent ] = useState( video );
	return (
		<VideoPlayer
			video={ current }
			part={ 0 }
			saved={ 0 }
			scope={ {} }
			onReply={ jest.fn() }
			onPartEnded={ jest.fn() }
			onFreshAddresses={ () => fresh().then( setCurrent ) }
		/>
	);
}

describe( 'Retry with signed addresses', () => {
	it( 'asks the server for the addresses again and loads the new one (an expired address stays expired)', async () => {
		const renewed =
			'https://example.test/protected/new-token/9/7/part-1.m3u8';
		const fresh = jest.fn( async () => ( {
			...video,
			parts: [ { ...part( 0 ), url: renewed }, part( 1 ) ],
		} ) );
		render( <Refreshing fresh={ fresh } /> );
		await pressPlay();
		currentVideo().focus();
		await act( async () => {
			reportFatal();
		} );
		mockLoaded.length = 0;

		await act( async () => {
			fireEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		} );

		expect( fresh ).toHaveBeenCalledTimes( 1 );
		expect( mockLoaded[ mockLoaded.length - 1 ] ).toBe( renewed );
		expect( mockLoaded ).not.toContain( video.parts[ 0 ]?.url );
		expect( currentVideo() ).toHaveFocus();
	} );
} );
