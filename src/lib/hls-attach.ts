/**
 * Attaches an HLS (.m3u8) source to a <video> (spec point 5): native playback on iOS, hls.js's
 * light build wherever Media Source Extensions exist, native again where only it can play.
 * Fatal hls.js errors: network → load again, media → recover, anything else → destroy and report.
 *
 * Only ever imported with `import( /* webpackChunkName: "player" *\/ … )`: hls.js lives in the
 * player chunk and nowhere else (tools/bundle-budget.mjs checks).
 */

/**
 * External dependencies
 */
import Hls from 'hls.js/light';

/** Fatal network errors are retried this many times before the player gives up. */
export const NETWORK_RETRIES = 3;

export const isHlsUrl = ( src: string ): boolean =>
	/\.m3u8(\?|#|$)/i.test( src );

/**
 * iPhone, iPad (also iPadOS reporting a Mac) and iPod.
 *
 * @param nav The navigator.
 */
export function isIOS( nav: Navigator = navigator ): boolean {
	return (
		/iPad|iPhone|iPod/.test( nav.userAgent ) ||
		( nav.platform === 'MacIntel' && nav.maxTouchPoints > 1 )
	);
}

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
	const native = video.canPlayType( 'application/vnd.apple.mpegurl' ) !== '';
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
}

/**
 * Starts loading `src` into `video`. Returns a function that detaches (destroys hls.js).
 *
 * @param video           The video element.
 * @param src             The .m3u8 address.
 * @param options         Callbacks.
 * @param options.onFatal The source cannot be played.
 */
export function attachHls(
	video: HTMLVideoElement,
	src: string,
	{ onFatal }: AttachOptions
): () => void {
	const engine = isHlsUrl( src ) ? chooseEngine( video ) : 'none';
	if ( engine === 'none' ) {
		onFatal();
		return () => undefined;
	}
	if ( engine === 'native' ) {
		// With hls.js a media error is recovered; natively the element's error is final.
		video.addEventListener( 'error', onFatal );
		video.src = src;
		return () => {
			video.removeEventListener( 'error', onFatal );
			video.removeAttribute( 'src' );
			video.load();
		};
	}
	const hls = new Hls( { enableWorker: true } );
	let destroyed = false;
	let networkRetries = 0;
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
			data.type === Hls.ErrorTypes.NETWORK_ERROR &&
			networkRetries < NETWORK_RETRIES
		) {
			networkRetries++;
			hls.startLoad();
			return;
		}
		if ( data.type === Hls.ErrorTypes.MEDIA_ERROR ) {
			hls.recoverMediaError();
			return;
		}
		destroy();
		onFatal();
	} );
	hls.on( Hls.Events.FRAG_LOADED, () => {
		networkRetries = 0;
	} );
	hls.loadSource( src );
	hls.attachMedia( video );
	return destroy;
}
