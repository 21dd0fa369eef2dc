/**
 * Island prefetching as seen from links: the islands' loader registers itself here, so
 * components and lib can prefetch a route without importing islands (no import cycle).
 */

/**
 * Internal dependencies
 */
import type { IslandName } from '../domain/paths';

export const PREFETCH_DELAY_MS = 100;

let prefetcher: ( name: IslandName ) => void = () => undefined;

/**
 * Sets the function that starts loading an island (islands/loaders.ts calls it once).
 *
 * @param fn Prefetch function.
 */
export function setIslandPrefetcher( fn: ( name: IslandName ) => void ): void {
	prefetcher = fn;
}

/**
 * Starts loading an island's chunk through the registered prefetcher (none: nothing happens).
 *
 * @param name Island name.
 */
export function prefetchIsland( name: IslandName ): void {
	prefetcher( name );
}
