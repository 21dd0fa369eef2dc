/**
 * Sidebar entries and their visibility rules (spec point 2 "Shell").
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
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
}

/**
 * Dashboard (not in contract mode), Library, My Progress, Manage My Team (not in contract mode;
 * only with the share-users flag or on local hosts).
 *
 * @param options Mode and page configuration.
 */
export function mainEntries( options: NavOptions ): NavEntry[] {
	const entries: NavEntry[] = [];
	const contract = options.contractMode && options.contractId !== null;
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
		to: contract
			? paths.contract( options.contractId ?? '' )
			: paths.list(),
		external: false,
	} );
	entries.push( {
		key: 'progress',
		label: __( 'My Progress', 'library-portal' ),
		to: contract
			? paths.contractUsers( options.contractId ?? '' )
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
 * The Account Details group: external account pages and Logout.
 *
 * @param options Page configuration.
 */
export function accountEntries(
	options: Pick< NavOptions, 'siteUrl' | 'logoutUrl' >
): NavEntry[] {
	const account = ( slug: string ) =>
		`${ options.siteUrl }my-account/${ slug }/`;
	return [
		{
			key: 'certificate-program',
			label: __( 'Certificate Program', 'library-portal' ),
			to: account( 'certificate-program' ),
			external: true,
		},
		{
			key: 'orders',
			label: __( 'Orders', 'library-portal' ),
			to: account( 'orders' ),
			external: true,
		},
		{
			key: 'subscriptions',
			label: __( 'Subscriptions', 'library-portal' ),
			to: account( 'subscriptions' ),
			external: true,
		},
		{
			key: 'addresses',
			label: __( 'Addresses', 'library-portal' ),
			to: account( 'edit-address' ),
			external: true,
		},
		{
			key: 'payment-methods',
			label: __( 'Payment Methods', 'library-portal' ),
			to: account( 'payment-methods' ),
			external: true,
		},
		{
			key: 'wallet',
			label: __( 'Wallet Balance', 'library-portal' ),
			to: account( 'my-balance' ),
			external: true,
		},
		{
			key: 'logout',
			label: __( 'Logout', 'library-portal' ),
			to: options.logoutUrl,
			external: true,
		},
	];
}

/**
 * An entry is active when the current path equals its target.
 *
 * @param entry    Sidebar entry.
 * @param pathname Router-relative current path.
 */
export const isActiveEntry = ( entry: NavEntry, pathname: string ): boolean =>
	! entry.external && normalizePath( entry.to ) === normalizePath( pathname );
