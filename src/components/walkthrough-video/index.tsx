/**
 * The welcome card's walkthrough video. Nothing loads until the visitor presses play; an .m3u8
 * source goes through the lazy `player` chunk (native HLS on iOS, hls.js elsewhere).
 */

/**
 * WordPress dependencies
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { withPreloadError } from '../../lib/preload-error';

export const isHlsSource = ( src: string ): boolean =>
	/\.m3u8(\?|#|$)/i.test( src );

const play = ( video: HTMLVideoElement ) => {
	try {
		void Promise.resolve( video.play() ).catch( () => undefined );
	} catch {
		// Autoplay refused: the controls are there.
	}
};

export interface WalkthroughVideoProps {
	src: string;
	title: string;
	/** WebVTT captions of the video ('' = none): a `<track kind="captions">`, on by default. */
	captions?: string;
}

export function WalkthroughVideo( {
	src,
	title,
	captions = '',
}: WalkthroughVideoProps ) {
	const [ started, setStarted ] = useState( false );
	const [ failed, setFailed ] = useState( false );
	const videoRef = useRef< HTMLVideoElement >( null );

	useEffect( () => {
		const video = videoRef.current;
		if ( ! started || ! video ) {
			return undefined;
		}
		// The play button it replaces had focus: the player takes it, so keys keep working.
		video.focus();
		let cancelled = false;
		let destroy: ( () => void ) | undefined;
		if ( isHlsSource( src ) ) {
			// The player chunk: native HLS on iOS, else hls.js (the only chunk that has it).
			withPreloadError(
				() =>
					import(
						/* webpackChunkName: "player" */ '../../lib/hls-attach'
					),
				'player'
			)
				.then( ( { attachHls } ) => {
					if ( cancelled ) {
						return;
					}
					destroy = attachHls( video, src, {
						onFatal: () => setFailed( true ),
					} );
					play( video );
				} )
				.catch( () => setFailed( true ) );
		} else {
			video.src = src;
			play( video );
		}
		return () => {
			cancelled = true;
			destroy?.();
		};
	}, [ started, src ] );

	if ( src === '' ) {
		return null;
	}
	if ( failed ) {
		return (
			<p className="lp-video-error" role="alert">
				{ __(
					'Unable to load video. Please try again or contact support.',
					'library-portal'
				) }
			</p>
		);
	}
	if ( ! started ) {
		return (
			<button
				type="button"
				className="lp-video-poster"
				onClick={ () => setStarted( true ) }
			>
				<svg
					className="lp-video-poster__icon"
					viewBox="0 0 24 24"
					aria-hidden="true"
					focusable="false"
				>
					<path d="M8 5v14l11-7z" />
				</svg>
				<span>
					{ __( 'Play the walkthrough video', 'library-portal' ) }
				</span>
			</button>
		);
	}
	return (
		<video
			ref={ videoRef }
			className="lp-video"
			controls
			playsInline
			preload="metadata"
			aria-label={ title }
			onError={ () => setFailed( true ) }
		>
			{ captions !== '' ? (
				<track
					kind="captions"
					src={ captions }
					srcLang="en"
					label={ __( 'English captions', 'library-portal' ) }
					default
				/>
			) : null }
		</video>
	);
}
