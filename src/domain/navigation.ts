/**
 * Sidebar entries and their visibility rules.
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { AccountLinkKey, AccountLinks } from '../config';
import { normalizePath, paths } from './paths';

export interface NavEntry {
	key: string;
	label: string;
	/** Router-relative path, or an absolute URL when `external`. */
	to: string;
	external: boolean;
}

export interface NavOptions {
	contractMode: boolean;
	contractId: string | null;
	shareUsers: boolean;
	isLocal: boolean;
	userId: number;
	siteUrl: string;
	logoutUrl: string;
	accountLinks: AccountLinks;
}

/**
 * Dashboard (not in contract mode), Library, My Progress, Manage My Team (not in contract mode;
 * only with the share-users flag or on local hosts).
 *
 * @param options Mode and page configuration.
 */
export function mainEntries( options: NavOptions ): NavEntry[] {
	const entries: NavEntry[] = [];
	// The id comes from a /contract/{id} path; a contract path without one (/contract/) has no
	// contract to point at, so Library and My Progress stay the portal's own pages.
	const { contractId } = options;
	if ( ! options.contractMode ) {
		entries.push( {
			key: 'dashboard',
			label: __( 'Dashboard', 'library-portal' ),
			to: paths.dashboard(),
			external: false,
		} );
	}
	entries.push( {
		key: 'library',
		label: __( 'Library', 'library-portal' ),
		to: contractId !== null ? paths.contract( contractId ) : paths.list(),
		external: false,
	} );
	entries.push( {
		key: 'progress',
		label: __( 'My Progress', 'library-portal' ),
		to:
			contractId !== null
				? paths.contractUsers( contractId )
				: paths.user( options.userId ),
		external: false,
	} );
	if ( ! options.contractMode && ( options.shareUsers || options.isLocal ) ) {
		entries.push( {
			key: 'team',
			label: __( 'Manage My Team', 'library-portal' ),
			to: paths.users(),
			external: false,
		} );
	}
	return entries;
}

/**
 * The Account Details group: the account pages the server gave an address (an empty one is hidden,
 * so no entry leads to a missing page), then Logout.
 *
 * @param options Page configuration.
 */
export function accountEntries(
	options: Pick< NavOptions, 'logoutUrl' | 'accountLinks' >
): NavEntry[] {
	const labels: Array< [ AccountLinkKey, string ] > = [
		[
			'certificate-program',
			__( 'Certificate Program', 'library-portal' ),
		],
		[ 'orders', __( 'Orders', 'library-portal' ) ],
		[ 'subscriptions', __( 'Subscriptions', 'library-portal' ) ],
		[ 'addresses', __( 'Addresses', 'library-portal' ) ],
		[ 'payment-methods', __( 'Payment Methods', 'library-portal' ) ],
		[ 'wallet', __( 'Wallet Balance', 'library-portal' ) ],
	];
	const entries: NavEntry[] = labels
		.filter( ( [ key ] ) => options.accountLinks[ key ] !== '' )
		.map( ( [ key, label ] ) => ( {
			key,
			label,
			to: options.accountLinks[ key ],
			external: true,
		} ) );
	entries.push( {
		key: 'logout',
		label: __( 'Logout', 'library-portal' ),
		to: options.logoutUrl,
		external: true,
	} );
	return entries;
}

/**
 * An entry is active when the current path equals its target.
 *
 * @param entry    Sidebar entry.
 * @param pathname Router-relative current path.
 */
export const isActiveEntry = ( entry: NavEntry, pathname: string ): boolean =>
	! entry.external && normalizePath( entry.to ) === normalizePath( pathname );
