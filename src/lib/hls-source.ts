/**
 * What the player needs to know about an HLS source before hls.js is on the page: whether the
 * browser plays it itself (iOS), and how to hand it the address then. Kept apart from
 * hls-attach.ts so an iPhone never downloads hls.js, and so the item page decides all this
 * without the `player` chunk (which only arrives when the learner asks for the video).
 */

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

/**
 * Whether the element can play an .m3u8 by itself.
 *
 * @param video The video element.
 */
export const playsHlsItself = ( video: HTMLVideoElement ): boolean =>
	video.canPlayType( 'application/vnd.apple.mpegurl' ) !== '';

/**
 * Whether this source goes straight to the element, without hls.js: an .m3u8 on iOS, where the
 * browser's own HLS is the one to use.
 *
 * @param video The video element.
 * @param src   The source address.
 * @param nav   The navigator.
 */
export function usesNativeHls(
	video: HTMLVideoElement,
	src: string,
	nav: Navigator = navigator
): boolean {
	return isHlsUrl( src ) && isIOS( nav ) && playsHlsItself( video );
}

/**
 * Hands the address to the element itself. Returns a function that takes it away again.
 *
 * @param video   The video element.
 * @param src     The .m3u8 address.
 * @param onFatal The source cannot be played (natively the element's error is final).
 */
export function attachNative(
	video: HTMLVideoElement,
	src: string,
	onFatal: () => void
): () => void {
	video.addEventListener( 'error', onFatal );
	video.src = src;
	return () => {
		video.removeEventListener( 'error', onFatal );
		video.removeAttribute( 'src' );
		video.load();
	};
}
