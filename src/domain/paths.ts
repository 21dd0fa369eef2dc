/**
 * Portal routes (the route table), relative to the router basename (config.basePath).
 */

/**
 * Internal dependencies
 */
import { getConfig } from '../config';

/**
 * The portal's root route, printed by PHP (config.portalPath).
 */
export const libraryRoot = (): string => getConfig().portalPath;

export type IslandName = 'library' | 'detail' | 'team' | 'quiz';

export const paths = {
	dashboard: () => libraryRoot(),
	list: ( status?: string ) =>
		`${ libraryRoot() }/videos${
			status && status !== 'all'
				? `?status=${ encodeURIComponent( status ) }`
				: ''
		}`,
	/**
	 * The list with a dashboard figure's filter: ?type=a,b&status=x.
	 * @param types
	 * @param status
	 */
	filteredList: ( types: readonly string[], status: string ) => {
		const query = new URLSearchParams();
		if ( types.length > 0 ) {
			query.set( 'type', types.join( ',' ) );
		}
		if ( status !== '' && status !== 'all' ) {
			query.set( 'status', status );
		}
		const search = query.toString().replace( /%2C/g, ',' );
		return `${ libraryRoot() }/videos${ search ? `?${ search }` : '' }`;
	},
	item: ( productId: number, tag?: string ) =>
		`${ libraryRoot() }/videos/${ productId }${ tag === 'member' ? '?tag=member' : '' }`,
	users: () => `${ libraryRoot() }/users`,
	user: ( userId: number ) => `${ libraryRoot() }/users/${ userId }`,
	notifications: () => `${ libraryRoot() }/notifications`,
	contract: ( contractId: number | string ) => `/contract/${ contractId }`,
	contractItem: ( contractId: number | string, productId: number ) =>
		`/contract/${ contractId }/${ productId }`,
	contractUsers: ( contractId: number | string ) =>
		`/contract/${ contractId }/users`,
	contractUser: ( contractId: number | string, userId: number ) =>
		`/contract/${ contractId }/users/${ userId }`,
	quiz: ( productId: number ) => `/quiz/${ productId }`,
	/**
	 * The test's full address, for links that open it in a new tab.
	 * @param productId
	 */
	quizHref: ( productId: number ) =>
		`${ getConfig().basePath }/quiz/${ productId }`,
};

/**
 * Contract mode: the path starts with /contract/.
 *
 * @param pathname Router-relative path.
 */
export const isContractPath = ( pathname: string ): boolean =>
	pathname.startsWith( '/contract/' );

/**
 * The contract id of a /contract/{id}... path, else null.
 *
 * @param pathname Router-relative path.
 */
export function contractIdFromPath( pathname: string ): string | null {
	const match = /^\/contract\/([^/]+)/.exec( pathname );
	return match?.[ 1 ] ? decodeURIComponent( match[ 1 ] ) : null;
}

/**
 * Removes the router basename from a full path.
 *
 * @param pathname Full path (window.location.pathname).
 * @param basePath Router basename ("" at the domain root).
 */
export function stripBasePath( pathname: string, basePath: string ): string {
	// At the domain root (basePath '') every path starts with '/': the slice keeps it whole.
	if ( pathname === basePath || pathname.startsWith( `${ basePath }/` ) ) {
		return pathname.slice( basePath.length ) || '/';
	}
	return pathname;
}

/**
 * Removes a trailing slash (except for "/").
 *
 * @param pathname Path.
 */
export const normalizePath = ( pathname: string ): string =>
	pathname.length > 1 ? pathname.replace( /\/+$/, '' ) : pathname;

/**
 * Which lazy island renders a router-relative path (null when none does).
 *
 * @param pathname Router-relative path, without query.
 */
export function islandForPath( pathname: string ): IslandName | null {
	const path = normalizePath( pathname );
	const root = libraryRoot();
	/**
	 * The part of the path below the portal's root matches the pattern.
	 *
	 * @param pattern A route below the root, e.g. /^\/videos\/[^/]+$/.
	 */
	const below = ( pattern: RegExp ): boolean =>
		path.startsWith( `${ root }/` ) &&
		pattern.test( path.slice( root.length ) );
	if ( path === root || path === `${ root }/videos` ) {
		return 'library';
	}
	if ( below( /^\/videos\/[^/]+$/ ) ) {
		return 'detail';
	}
	if (
		below( /^\/(users(\/[^/]+)?|notifications)$/ ) ||
		/^\/contract\/[^/]+\/users(\/[^/]+)?$/.test( path ) ||
		/^\/shareseats\/[^/]+$/.test( path )
	) {
		return 'team';
	}
	if ( /^\/contract\/[^/]+$/.test( path ) ) {
		return 'library';
	}
	if ( /^\/contract\/[^/]+\/[^/]+$/.test( path ) ) {
		return 'detail';
	}
	if ( /^\/quiz\/[^/]+$/.test( path ) ) {
		return 'quiz';
	}
	return null;
}
