/**
 * The first screen's replies that the server printed into the page (config.initialReplies,
 * docs/contract.md): the first GET of each of those paths is answered from the page instead of
 * a second round trip. Later calls of the same path (Retry, a reload after a write) go to the
 * server.
 */

/**
 * Internal dependencies
 */
import { getConfig } from '../config';

const taken = new Set< string >();

/**
 * The printed reply body for a path, once; undefined when there is none (or it was used).
 *
 * @param path REST path as the client asks for it, e.g. 'library/v2/items/'.
 */
export function takeInitialReply( path: string ): unknown {
	const replies = getConfig().initialReplies;
	if (
		taken.has( path ) ||
		! Object.prototype.hasOwnProperty.call( replies, path )
	) {
		return undefined;
	}
	taken.add( path );
	return replies[ path ];
}

/**
 * Forgets which replies were used (tests).
 */
export function resetInitialReplies(): void {
	taken.clear();
}
