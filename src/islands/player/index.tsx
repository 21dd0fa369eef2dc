/**
 * The video player (part of the detail island): one part at a time, resume inside the seek band,
 * progress reports through ProgressTracker, subtitles as text tracks, speeds up to the server's
 * max_playback_rate and the keys a learner expects.
 *
 * Nothing of the video is fetched until the learner asks for it: the poster and the controls show
 * at once, but the source (and with it hls.js, the lazy `player` chunk, the only one with hls.js)
 * is attached only when Play is pressed, in the player or on the video itself (its controls, a
 * key). A phone on a data plan pays for no video nobody watches. Keyboard focus on the player
 * fetches the chunk ahead (no media). Once the learner pressed Play, later parts load at once.
 *
 * Subtitle URLs are the server's proxy (GET subtitles/{id}/{n}); the spec's rule that a subtitle
 * file must match the subtitles path pattern is applied there, so the browser never names a path.
 */

/**
 * External dependencies
 */
import type { KeyboardEvent, MutableRefObject } from 'react';

/**
 * WordPress dependencies
 */
import { useEffect, useId, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { PROGRESS_TOO_FAST } from '../../api/progress';
import { progressQueue } from '../../api/progress-queue';
import { currentNonce } from '../../api/keepalive';
import type { ItemScope } from '../../api/video';
import { ApiError } from '../../api/client';
import {
	PART_ADVANCE_DELAY_MS,
	playbackRates,
	resumeTime,
} from '../../domain/playback';
import { attachNative, usesNativeHls } from '../../lib/hls-source';
import { withPreloadError } from '../../lib/preload-error';
import type {
	ProgressReply,
	VideoDetails,
	VideoSubtitle,
} from '../../types/library';
import { ProgressTracker, type ReportOutcome } from './progress-tracker';

export interface VideoPlayerProps {
	video: VideoDetails;
	/** Position of the part in video.parts. */
	part: number;
	/** The part's saved percent when it was opened. */
	saved: number;
	scope: ItemScope;
	/** Every accepted report's reply (the updated item, progress and test readiness). */
	onReply: ( reply: ProgressReply ) => void;
	/** Called PART_ADVANCE_DELAY_MS after the part ended. */
	onPartEnded: () => void;
	/**
	 * Asks the server for the item's video again; settles once the new reply is in `video`.
	 * Retry calls it first: a signed address expires (docs/rules/learning-and-progress.md, "Signed video addresses").
	 */
	onFreshAddresses?: ( () => Promise< unknown > ) | undefined;
}

/** hls.js and the code that attaches it: fetched on the learner's first intent to watch. */
const loadHlsAttach = () =>
	import( /* webpackChunkName: "player" */ '../../lib/hls-attach' );

/**
 * Fetches the `player` chunk ahead of the press (keyboard focus on the player); no media. A
 * failure stays quiet here: the press loads it again and reports it.
 */
function prefetchHlsAttach(): void {
	loadHlsAttach().catch( () => undefined );
}

/** HTMLMediaElement.HAVE_METADATA: the duration (and so the resume point) is known. */
const HAVE_METADATA = 1;

/** Seconds an arrow key moves; j / l move twice as far. */
export const SEEK_STEP_SECONDS = 5;

const play = ( video: HTMLVideoElement ) => {
	try {
		void Promise.resolve( video.play() ).catch( () => undefined );
	} catch {
		// Refused (no user gesture): the controls are there.
	}
};

/**
 * Whether focus is on the part's video or elsewhere in its frame (an overlay's button).
 *
 * @param video The part's video element.
 */
function focusInPlayer( video: HTMLVideoElement | null ): boolean {
	const active = video?.ownerDocument.activeElement ?? null;
	return !! active && ( video?.parentElement?.contains( active ) ?? false );
}

function languageName( code: string ): string {
	try {
		const names = new Intl.DisplayNames(
			[ document.documentElement.lang || 'en' ],
			{ type: 'language' }
		);
		return names.of( code ) ?? code;
	} catch {
		return code;
	}
}

/**
 * A <track> cannot send the X-WP-Nonce header, and without a nonce WordPress treats a cookie
 * request to REST as logged out (401): the proxy's address carries the live nonce instead.
 *
 * @param url Subtitle address from the video reply.
 */
export function trackSource( url: string ): string {
	const nonce = currentNonce();
	if ( nonce === '' ) {
		return url;
	}
	const address = new URL( url, window.location.href );
	address.searchParams.set( '_wpnonce', nonce );
	return address.toString();
}

/**
 * The player's keys on the focused video. Returns whether the key was handled.
 *
 * @param video The video element.
 * @param key   KeyboardEvent.key.
 */
export function handlePlayerKey(
	video: HTMLVideoElement,
	key: string
): boolean {
	const seek = ( seconds: number ) => {
		const end = Number.isFinite( video.duration )
			? video.duration
			: Infinity;
		video.currentTime = Math.min(
			end,
			Math.max( 0, video.currentTime + seconds )
		);
	};
	switch ( key ) {
		case ' ':
		case 'k':
		case 'K':
			if ( video.paused ) {
				play( video );
			} else {
				video.pause();
			}
			return true;
		case 'ArrowLeft':
			seek( -SEEK_STEP_SECONDS );
			return true;
		case 'ArrowRight':
			seek( SEEK_STEP_SECONDS );
			return true;
		case 'j':
		case 'J':
			seek( -2 * SEEK_STEP_SECONDS );
			return true;
		case 'l':
		case 'L':
			seek( 2 * SEEK_STEP_SECONDS );
			return true;
		case 'ArrowUp':
			video.volume = Math.min( 1, video.volume + 0.1 );
			return true;
		case 'ArrowDown':
			video.volume = Math.max( 0, video.volume - 0.1 );
			return true;
		case 'm':
		case 'M':
			video.muted = ! video.muted;
			return true;
		case 'Home':
			video.currentTime = 0;
			return true;
		case 'f':
		case 'F':
			if ( document.fullscreenElement ) {
				void document.exitFullscreen?.().catch( () => undefined );
			} else {
				void video.requestFullscreen?.().catch( () => undefined );
			}
			return true;
		default:
			return false;
	}
}

/**
 * Starts a part the learner did not press Play on (the next part). Resolves false
 * when the browser's autoplay rules refuse it (NotAllowedError); any other failure (an aborted
 * load, an error the player reports itself) is not the learner's to fix with Play.
 *
 * @param video The part's video element.
 */
export async function startPlaying(
	video: HTMLVideoElement
): Promise< boolean > {
	try {
		await video.play();
		return true;
	} catch ( error: unknown ) {
		return ! ( error instanceof Error && error.name === 'NotAllowedError' );
	}
}

interface PartPlayerProps extends VideoPlayerProps {
	rate: number;
	/** Loads the source again from scratch (the error's Retry). */
	onRetry: () => void;
	/** Shared with the next part: whether the video had focus when this part closed. */
	focusNext: MutableRefObject< boolean >;
	/** Shared with the next part: whether it opens because this part ended (and so starts). */
	startNext: MutableRefObject< boolean >;
	/** Shared by the parts: the learner pressed Play in this player, so a part loads at once. */
	engaged: MutableRefObject< boolean >;
}

function PartPlayer( {
	video,
	part,
	saved,
	scope,
	onReply,
	onPartEnded,
	rate,
	focusNext,
	startNext,
	engaged,
	onRetry,
}: PartPlayerProps ) {
	const info = video.parts[ part ];
	const src = info?.url ?? '';
	const partIndex = info?.index ?? part;
	const ref = useRef< HTMLVideoElement >( null );
	// Whether the source is attached: a part the learner has not asked for shows its poster only.
	const [ wanted, setWanted ] = useState(
		() => startNext.current || engaged.current
	);
	const [ state, setState ] = useState<
		'idle' | 'loading' | 'ready' | 'failed'
	>( wanted ? 'loading' : 'idle' );
	// Play was pressed before the source was there: it starts once the metadata is in.
	const playOnLoad = useRef( false );
	// This part ended and the next one opens in PART_ADVANCE_DELAY_MS: said on the video.
	const [ advancing, setAdvancing ] = useState( false );
	// The next part opened but the browser refused to start it: a Play button takes focus.
	const [ startRefused, setStartRefused ] = useState( false );
	const playButton = useRef< HTMLButtonElement >( null );
	const retryButton = useRef< HTMLButtonElement >( null );
	const hasNextPart = part < video.parts.length - 1;
	// The latest callbacks, without restarting the tracker when the parent re-renders.
	const replyRef = useRef( onReply );
	replyRef.current = onReply;
	const endedRef = useRef( onPartEnded );
	endedRef.current = onPartEnded;

	useEffect( () => {
		const element = ref.current;
		if ( ! element ) {
			return undefined;
		}
		if ( focusNext.current ) {
			element.focus();
			focusNext.current = false;
		}
		// Opened because the part before ended: it starts by itself.
		const autoStart = startNext.current;
		startNext.current = false;
		let unmounted = false;

		// Written ahead into the progress queue, then sent (docs/rules/learning-and-progress.md, "Watching: progress, activation, subtitles, media").
		const send = async (
			progress: number,
			final: boolean
		): Promise< ReportOutcome > => {
			const delivery = await progressQueue().deliver(
				{
					...scope,
					productId: video.product_id,
					part: partIndex,
					progress,
				},
				final
			);
			if ( delivery.outcome === 'accepted' ) {
				replyRef.current( delivery.reply );
			}
			// A jump the server refused keeps the last accepted value, quietly: the next step is
			// reported when enough time has passed.
			if (
				delivery.outcome === 'refused' &&
				! (
					delivery.error instanceof ApiError &&
					delivery.error.code === PROGRESS_TOO_FAST
				)
			) {
				// eslint-disable-next-line no-console
				console.warn(
					'library-portal: progress not saved',
					delivery.error
				);
			}
			return delivery.outcome;
		};
		const tracker = new ProgressTracker( { media: element, saved, send } );
		let resumed = false;
		let advance: ReturnType< typeof setTimeout > | undefined;

		const onMetadata = () => {
			if ( resumed ) {
				return;
			}
			resumed = true;
			const at = resumeTime( saved, element.duration );
			if ( at !== null ) {
				element.currentTime = at;
			}
			// Started once the source is there: a play() before hls.js sets it would be aborted.
			if ( autoStart ) {
				void startPlaying( element ).then( ( started ) => {
					if ( ! started && ! unmounted ) {
						setStartRefused( true );
					}
				} );
			} else if ( playOnLoad.current && element.paused ) {
				// The press came before the source: if loading it cut that play() short, go on.
				play( element );
			}
			playOnLoad.current = false;
		};
		const onReady = () =>
			setState( ( s ) => ( s === 'failed' ? s : 'ready' ) );
		const onPause = () => void tracker.flush();
		const onPlay = () => {
			setStartRefused( false );
			engaged.current = true;
			if ( element.readyState < HAVE_METADATA ) {
				// The controls' own play or a key, before anything loaded: that is the ask.
				playOnLoad.current = true;
				setWanted( true );
			}
		};
		const onEnded = () => {
			void tracker.complete();
			const next = part < video.parts.length - 1;
			setAdvancing( next );
			advance = setTimeout( () => {
				// Read while this part's video is still in the page: once it is replaced, the
				// focus it had is gone to the page.
				focusNext.current =
					element.parentElement?.contains(
						element.ownerDocument.activeElement
					) ?? false;
				startNext.current = next;
				endedRef.current();
			}, PART_ADVANCE_DELAY_MS );
		};
		const onHide = () => {
			if ( document.visibilityState === 'hidden' ) {
				void tracker.flush();
			}
		};
		const onPageHide = () => void tracker.flush();

		element.addEventListener( 'loadedmetadata', onMetadata );
		element.addEventListener( 'loadeddata', onReady );
		element.addEventListener( 'pause', onPause );
		element.addEventListener( 'play', onPlay );
		element.addEventListener( 'ended', onEnded );
		document.addEventListener( 'visibilitychange', onHide );
		window.addEventListener( 'pagehide', onPageHide );
		tracker.start();

		return () => {
			unmounted = true;
			clearTimeout( advance );
			// Part change or leaving the screen: the final report.
			tracker.stop( true );
			element.removeEventListener( 'loadedmetadata', onMetadata );
			element.removeEventListener( 'loadeddata', onReady );
			element.removeEventListener( 'pause', onPause );
			element.removeEventListener( 'play', onPlay );
			element.removeEventListener( 'ended', onEnded );
			document.removeEventListener( 'visibilitychange', onHide );
			window.removeEventListener( 'pagehide', onPageHide );
		};
		// One tracker per mounted part (the parent keys this component by part).
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [] );

	// The source, once asked for: natively on iOS, else through hls.js (the `player` chunk),
	// which starts loading at the resume point rather than at the part's first segment.
	useEffect( () => {
		const element = ref.current;
		if ( ! wanted || ! element ) {
			return undefined;
		}
		setState( ( s ) => ( s === 'idle' ? 'loading' : s ) );
		const onFatal = () => setState( 'failed' );
		if ( usesNativeHls( element, src ) ) {
			return attachNative( element, src, onFatal );
		}
		let cancelled = false;
		let detach: ( () => void ) | undefined;
		withPreloadError( loadHlsAttach, 'player' ).then(
			( { attachHls } ) => {
				if ( ! cancelled ) {
					detach = attachHls( element, src, {
						onFatal,
						startPosition:
							resumeTime( saved, info?.duration ?? NaN ) ??
							undefined,
					} );
				}
			},
			() => {
				if ( ! cancelled ) {
					onFatal();
				}
			}
		);
		return () => {
			cancelled = true;
			detach?.();
		};
		// The part's source is fixed for this mounted part (the parent keys it by part).
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ wanted ] );

	useEffect( () => {
		if ( ref.current ) {
			ref.current.playbackRate = rate;
		}
	}, [ rate ] );

	// Focus follows the person: to Play when the next part could not start (from the video, or
	// from nowhere), to Retry when the video they were on failed. Never taken from elsewhere.
	useEffect( () => {
		const button = startRefused ? playButton.current : null;
		const nowhere =
			button?.ownerDocument.activeElement === button?.ownerDocument.body;
		if ( button && ( nowhere || focusInPlayer( ref.current ) ) ) {
			button.focus();
		}
	}, [ startRefused ] );
	useEffect( () => {
		if ( state === 'failed' && focusInPlayer( ref.current ) ) {
			retryButton.current?.focus();
		}
	}, [ state ] );

	const tracks: VideoSubtitle[] = video.subtitles.filter(
		( subtitle ) => subtitle.part === partIndex
	);
	const english = tracks.findIndex( ( track ) => track.language === 'en' );

	const title = info?.title || video.title;

	return (
		<div
			className="lp-player__frame"
			onFocus={ () => {
				const element = ref.current;
				if ( ! wanted && element && ! usesNativeHls( element, src ) ) {
					prefetchHlsAttach();
				}
			} }
		>
			<video
				ref={ ref }
				className="lp-player__video"
				data-testid="lp-player-video"
				controls
				// Focusable as the controls make it in browsers, said outright: focus is handed to it
				// after a part change and a Retry.
				tabIndex={ 0 }
				playsInline
				preload="none"
				poster={ info?.thumb || video.thumb || undefined }
				aria-label={ title }
				onKeyDown={ ( event: KeyboardEvent< HTMLVideoElement > ) => {
					if (
						! event.altKey &&
						! event.ctrlKey &&
						! event.metaKey &&
						handlePlayerKey( event.currentTarget, event.key )
					) {
						event.preventDefault();
					}
				} }
				onKeyUpCapture={ (
					event: KeyboardEvent< HTMLVideoElement >
				) => {
					// Chromium's own controls toggle play on Space's key up, after the key down
					// above already did: stopped before it reaches the video, Space toggles once.
					if ( event.key === ' ' ) {
						event.preventDefault();
						event.stopPropagation();
					}
				} }
				onRateChange={ ( event ) => {
					// The browser's own menu may offer more than the server allows.
					const element = event.currentTarget;
					if ( element.playbackRate > video.max_playback_rate ) {
						element.playbackRate = video.max_playback_rate;
					}
				} }
			>
				{ ( wanted ? tracks : [] ).map( ( track, position ) => (
					<track
						key={ track.url }
						kind="subtitles"
						src={ trackSource( track.url ) }
						srcLang={ track.language }
						label={ languageName( track.language ) }
						default={ position === english }
					/>
				) ) }
			</video>
			{ state === 'idle' ? (
				<div className="lp-player__overlay lp-player__overlay--start">
					<button
						type="button"
						className="lp-player__start"
						onClick={ () => {
							const element = ref.current;
							if ( element ) {
								// The button goes with the press: focus stays in the player.
								element.focus();
								playOnLoad.current = true;
								play( element );
							}
							engaged.current = true;
							setWanted( true );
						} }
					>
						<svg
							viewBox="0 0 24 24"
							aria-hidden="true"
							focusable="false"
						>
							<path d="M8 5v14l11-7z" />
						</svg>
						<span className="lp-visually-hidden">
							{ sprintf(
								/* translators: %s: title of the video or part. */
								__( 'Play %s', 'library-portal' ),
								title
							) }
						</span>
					</button>
				</div>
			) : null }
			{ state === 'loading' ? (
				<p className="lp-player__overlay" role="status">
					{
						// eslint-disable-next-line @wordpress/i18n-ellipsis -- the spec's exact text.
						__( 'Loading video...', 'library-portal' )
					}
				</p>
			) : null }
			{ advancing && hasNextPart ? (
				<p
					className="lp-player__overlay lp-player__overlay--next"
					role="status"
				>
					{ sprintf(
						/* translators: %d: seconds until the next part starts. */
						__( 'Next part in %d s', 'library-portal' ),
						Math.round( PART_ADVANCE_DELAY_MS / 1000 )
					) }
				</p>
			) : null }
			{ startRefused && state !== 'failed' ? (
				<div className="lp-player__overlay lp-player__overlay--action">
					<button
						ref={ playButton }
						type="button"
						className="lp-button"
						onClick={ () => {
							if ( ref.current ) {
								play( ref.current );
								ref.current.focus();
							}
						} }
					>
						{ __( 'Play', 'library-portal' ) }
					</button>
				</div>
			) : null }
			{ state === 'failed' ? (
				<div
					className="lp-player__overlay lp-player__overlay--error"
					role="alert"
				>
					<p>
						{ __(
							'Unable to load video. Please try again or contact support.',
							'library-portal'
						) }
					</p>
					<button
						ref={ retryButton }
						type="button"
						className="lp-button"
						onClick={ onRetry }
					>
						{ __( 'Retry', 'library-portal' ) }
					</button>
				</div>
			) : null }
		</div>
	);
}

export function VideoPlayer( props: VideoPlayerProps ) {
	const [ rate, setRate ] = useState( 1 );
	// Each Retry mounts the part afresh: a new player, a new load of its playlist.
	const [ attempt, setAttempt ] = useState( 0 );
	const focusNext = useRef( false );
	const startNext = useRef( false );
	const engaged = useRef( false );
	const speedId = useId();
	const rates = playbackRates( props.video.max_playback_rate );
	const { onReply } = props;
	const replyRef = useRef( onReply );
	replyRef.current = onReply;

	// Replies to queued reports (sent by the shell on page load, on 'online' and on retry) update
	// the screens; opening a player sends what waits.
	useEffect( () => {
		const queue = progressQueue();
		const off = queue.onReply( ( reply ) => replyRef.current( reply ) );
		void queue.flush();
		return off;
	}, [] );

	return (
		<div className="lp-player" data-testid="lp-player">
			<PartPlayer
				key={ `${ props.video.product_id }-${ props.part }-${ attempt }` }
				{ ...props }
				rate={ rate }
				focusNext={ focusNext }
				startNext={ startNext }
				engaged={ engaged }
				onRetry={ () => {
					// Retry's button goes with the error: focus goes to the video it loads again.
					focusNext.current = true;
					engaged.current = true;
					const loadAgain = () => setAttempt( ( n ) => n + 1 );
					if ( props.onFreshAddresses ) {
						// The address may have expired: load what the server hands out now.
						props.onFreshAddresses().then( loadAgain, loadAgain );
					} else {
						loadAgain();
					}
				} }
			/>
			<div className="lp-player__bar">
				<div className="lp-player__speed">
					<label htmlFor={ speedId }>
						{ __( 'Playback speed', 'library-portal' ) }
					</label>
					<select
						id={ speedId }
						className="lp-select"
						value={ String( rate ) }
						onChange={ ( event ) =>
							setRate( Number( event.target.value ) )
						}
					>
						{ rates.map( ( option ) => (
							<option key={ option } value={ String( option ) }>
								{ option === 1
									? __( 'Normal', 'library-portal' )
									: sprintf(
											/* translators: %s: playback speed, e.g. 1.5. */
											__( '%s×', 'library-portal' ),
											String( option )
										) }
							</option>
						) ) }
					</select>
				</div>
				<p className="lp-player__keys" id="lp-player-keys">
					{ __(
						'Keys on the video: Space or K play/pause, arrows seek 5 s and change volume, J/L seek 10 s, M mute, F full screen.',
						'library-portal'
					) }
				</p>
			</div>
		</div>
	);
}
