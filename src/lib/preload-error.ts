/**
 * A failed chunk load raises a cancelable `library-portal:preload-error` CustomEvent on window (the
 * error in `detail.error` and, as in Vite's `vite:preloadError`, in `payload`). Unless a listener
 * calls preventDefault(), the error is rethrown (the router error page shows it); when cancelled
 * the load stays pending, so the listener can e.g. reload the page.
 *
 * Lives below components/ (components and islands both use it; lib never imports islands).
 */

export const PRELOAD_ERROR_EVENT = 'library-portal:preload-error';

export interface PreloadErrorDetail {
	error: unknown;
	chunk: string;
}

export type PreloadErrorEvent = CustomEvent< PreloadErrorDetail > & {
	payload: unknown;
};

/**
 * Runs a chunk loader; on failure raises the preload-error event and rethrows unless cancelled.
 *
 * @param load  Loader (a dynamic import).
 * @param chunk Name of the chunk, for the event detail.
 */
export function withPreloadError< T >(
	load: () => Promise< T >,
	chunk: string
): Promise< T > {
	return load().catch( ( error: unknown ) => {
		const event = new CustomEvent< PreloadErrorDetail >(
			PRELOAD_ERROR_EVENT,
			{
				cancelable: true,
				detail: { error, chunk },
			}
		) as PreloadErrorEvent;
		event.payload = error;
		window.dispatchEvent( event );
		if ( ! event.defaultPrevented ) {
			throw error;
		}
		return new Promise< T >( () => undefined );
	} );
}
