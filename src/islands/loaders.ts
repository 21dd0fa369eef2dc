/**
 * Lazy islands: each one is a webpack chunk fetched from config.publicPath when its route renders
 * (or earlier, on a 100 ms hover of a link to it).
 *
 * A failed chunk load raises a cancelable `library-portal:preload-error` CustomEvent on window (the
 * error in `detail.error` and, as in Vite's `vite:preloadError`, in `payload`). Unless a listener
 * calls preventDefault(), the error is rethrown (the router error page shows it); when cancelled
 * the load stays pending, so the listener can e.g. reload the page.
 */

/**
 * Internal dependencies
 */
import type { IslandName } from '../domain/paths';
import { withPreloadError } from '../lib/preload-error';
import { setIslandPrefetcher } from '../lib/prefetch';

export {
	PRELOAD_ERROR_EVENT,
	withPreloadError,
	type PreloadErrorDetail,
	type PreloadErrorEvent,
} from '../lib/preload-error';
export { PREFETCH_DELAY_MS } from '../lib/prefetch';

const importers = {
	library: () =>
		import( /* webpackChunkName: "island-library" */ './library' ),
	detail: () => import( /* webpackChunkName: "island-detail" */ './detail' ),
	team: () => import( /* webpackChunkName: "island-team" */ './team' ),
	quiz: () => import( /* webpackChunkName: "island-quiz" */ './quiz' ),
};

type IslandModules = {
	[ K in IslandName ]: Awaited< ReturnType< ( typeof importers )[ K ] > >;
};

const pending = new Map< IslandName, Promise< unknown > >();

function rawLoad< K extends IslandName >(
	name: K
): Promise< IslandModules[ K ] > {
	let promise = pending.get( name ) as
		Promise< IslandModules[ K ] > | undefined;
	if ( ! promise ) {
		promise = importers[ name ]() as Promise< IslandModules[ K ] >;
		pending.set( name, promise );
		// A failed load may be retried later (webpack retries the chunk request).
		promise.catch( () => pending.delete( name ) );
	}
	return promise;
}

/**
 * Loads an island's chunk (with the preload-error event on failure).
 *
 * @param name Island name.
 */
export const loadIsland = < K extends IslandName >(
	name: K
): Promise< IslandModules[ K ] > =>
	withPreloadError( () => rawLoad( name ), `island-${ name }` );

/**
 * Starts loading an island's chunk ahead of navigation. Failures are ignored here: the real
 * navigation retries and reports them.
 *
 * @param name Island name.
 */
export function prefetchIsland( name: IslandName ): void {
	rawLoad( name ).catch( () => undefined );
}

// Links (components, lib) prefetch through lib/prefetch, which never imports islands.
setIslandPrefetcher( prefetchIsland );

/**
 * Test helper: forget loaded islands.
 */
export function resetIslandCache(): void {
	pending.clear();
}
