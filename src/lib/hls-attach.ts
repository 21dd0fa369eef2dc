/**
 * Attaches an HLS (.m3u8) source to a <video>: native playback on iOS, hls.js's
 * light build wherever Media Source Extensions exist, native again where only it can play.
 * hls.js retries a failed load itself, briefly (LOAD_POLICIES), so the learner hears of a missing or
 * broken source within seconds: a fatal network error is reported (the player's Retry loads the
 * source again), a fatal media error is recovered once, a second one and anything else is reported.
 *
 * Only ever imported with `import( /* webpackChunkName: "player" *\/ … )`: hls.js lives in the
 * player chunk and nowhere else (tools/bundle-budget.mjs checks).
 */

/**
 * External dependencies
 */
import Hls from 'hls.js/light';

/**
 * Internal dependencies
 */
import { attachNative, isHlsUrl, isIOS, playsHlsItself } from './hls-source';

/** A fatal media error is recovered this many times before the player gives up. */
export const MEDIA_RECOVERIES = 1;

const retry = ( maxNumRetry: number, retryDelayMs: number ) => ( {
	maxNumRetry,
	retryDelayMs,
	maxRetryDelayMs: retryDelayMs * 2,
} );

/**
 * How long and how often hls.js tries each load before its error is fatal. Its defaults retry a
 * segment six times with backoff up to 8 s (about 30 s of 'Loading video...'); these keep a
 * 5xx or a refused connection under 10 s. A 4xx is never retried (hls.js: it will not change).
 */
const playlistPolicy = {
	default: {
		maxTimeToFirstByteMs: 8000,
		maxLoadTimeMs: 8000,
		timeoutRetry: null,
		errorRetry: retry( 1, 1000 ),
	},
};
export const LOAD_POLICIES = {
	manifestLoadPolicy: playlistPolicy,
	playlistLoadPolicy: playlistPolicy,
	fragLoadPolicy: {
		default: {
			maxTimeToFirstByteMs: 8000,
			// A long segment on a slow connection may take a while once it is coming.
			maxLoadTimeMs: 60000,
			timeoutRetry: retry( 1, 0 ),
			errorRetry: retry( 2, 1000 ),
		},
	},
};

export { isHlsUrl, isIOS };

export type PlaybackEngine = 'native' | 'hls.js' | 'none';

/**
 * Which engine plays an .m3u8 here.
 *
 * @param video The video element.
 * @param nav   The navigator.
 */
export function chooseEngine(
	video: HTMLVideoElement,
	nav: Navigator = navigator
): PlaybackEngine {
	const native = playsHlsItself( video );
	if ( isIOS( nav ) && native ) {
		return 'native';
	}
	if ( Hls.isSupported() ) {
		return 'hls.js';
	}
	return native ? 'native' : 'none';
}

export interface AttachOptions {
	/** The source cannot be played (shown as the spec's error text). */
	onFatal: () => void;
	/**
	 * Seconds to start loading at (the resume point), so hls.js fetches that segment first
	 * instead of the part's opening ones. Unset: from the start.
	 */
	startPosition?: number | undefined;
}

/**
 * Starts loading `src` into `video`. Returns a function that detaches (destroys hls.js).
 *
 * @param video                 The video element.
 * @param src                   The .m3u8 address.
 * @param options               Callbacks.
 * @param options.onFatal       The source cannot be played.
 * @param options.startPosition Seconds to start loading at.
 */
export function attachHls(
	video: HTMLVideoElement,
	src: string,
	{ onFatal, startPosition }: AttachOptions
): () => void {
	const engine = isHlsUrl( src ) ? chooseEngine( video ) : 'none';
	if ( engine === 'none' ) {
		onFatal();
		return () => undefined;
	}
	if ( engine === 'native' ) {
		// With hls.js a media error is recovered; natively the element's error is final.
		return attachNative( video, src, onFatal );
	}
	const hls = new Hls( {
		enableWorker: true,
		...LOAD_POLICIES,
		...( startPosition !== undefined && startPosition > 0
			? { startPosition }
			: {} ),
	} );
	let destroyed = false;
	let mediaRecoveries = 0;
	const destroy = () => {
		if ( ! destroyed ) {
			destroyed = true;
			hls.destroy();
		}
	};
	hls.on( Hls.Events.ERROR, ( _event, data ) => {
		if ( ! data.fatal ) {
			return;
		}
		if (
			data.type === Hls.ErrorTypes.MEDIA_ERROR &&
			mediaRecoveries < MEDIA_RECOVERIES
		) {
			mediaRecoveries++;
			hls.recoverMediaError();
			return;
		}
		// A fatal network error comes after hls.js's own retries: loading again by itself
		// would leave 'Loading video...' up for good (a 404 playlist never loads).
		destroy();
		onFatal();
	} );
	hls.loadSource( src );
	hls.attachMedia( video );
	return destroy;
}
