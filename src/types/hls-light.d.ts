/**
 * hls.js's light build (`hls.js/light`, dist/hls.light.mjs) ships no type file of its own; it
 * has the full build's API without alternate audio, in-manifest subtitles, EME and CMCD.
 */
declare module 'hls.js/light' {
	export * from 'hls.js';
	export { default } from 'hls.js';
}
