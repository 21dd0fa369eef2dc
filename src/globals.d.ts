/**
 * Globals provided by WordPress (the localized page config) and by webpack.
 */
// eslint-disable-next-line camelcase
declare let __webpack_public_path__: string;

interface Window {
	libraryPortalConfig?: unknown;
}
