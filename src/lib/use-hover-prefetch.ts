/**
 * Prefetch a route's island after the pointer (or focus) rests on a link for 100 ms.
 */

/**
 * WordPress dependencies
 */
import { useCallback, useEffect, useRef } from '@wordpress/element';

/**
 * Internal dependencies
 */
import { islandForPath, type IslandName } from '../domain/paths';
import { PREFETCH_DELAY_MS, prefetchIsland } from './prefetch';

export interface HoverPrefetchHandlers {
	onMouseEnter: () => void;
	onMouseLeave: () => void;
	onFocus: () => void;
	onBlur: () => void;
}

/**
 * Event handlers for a link to `target` (a router-relative path, or null for external links).
 *
 * @param target   Router-relative path (query allowed) or null.
 * @param prefetch Prefetch function (tests).
 */
export function useHoverPrefetch(
	target: string | null,
	prefetch: ( name: IslandName ) => void = prefetchIsland
): HoverPrefetchHandlers {
	const timer = useRef< number | undefined >( undefined );
	const cancel = useCallback( () => {
		window.clearTimeout( timer.current );
		timer.current = undefined;
	}, [] );
	const start = useCallback( () => {
		const island =
			target === null
				? null
				: islandForPath( target.split( '?' )[ 0 ] ?? '' );
		if ( island === null ) {
			return;
		}
		cancel();
		timer.current = window.setTimeout(
			() => prefetch( island ),
			PREFETCH_DELAY_MS
		);
	}, [ target, prefetch, cancel ] );
	useEffect( () => cancel, [ cancel ] );
	return {
		onMouseEnter: start,
		onMouseLeave: cancel,
		onFocus: start,
		onBlur: cancel,
	};
}
