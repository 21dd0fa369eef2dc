/**
 * Dashboard figures (spec point 2 "Dashboard", point 3 "Dashboard stats", point 9).
 */

/**
 * Internal dependencies
 */
import type { LibraryItem, LibraryUser } from '../types/library';
import { isNeverExpiring } from './dates';
import { hasCertificate } from './status';

export const WORKSHOP_TYPES: readonly string[] = [
	'workshop',
	'on-demand',
	'on-demand-workshop',
];
export const WEBINAR_TYPES: readonly string[] = [
	'webinar',
	'on-demand-webinar',
];
export const VIDEO_TYPES: readonly string[] = [
	...WORKSHOP_TYPES,
	...WEBINAR_TYPES,
];

export interface LibraryStats {
	onDemandWorkshops: number;
	webinars: number;
	eManuals: number;
	completedTrainings: number;
	/** Unix seconds, or null for 'N/A'. */
	membershipExpiry: number | null;
	expiringLicensesThisMonth: number;
	completedVideos: number;
	totalVideos: number;
}

const distinctProducts = (
	items: LibraryItem[],
	test: ( item: LibraryItem ) => boolean
): number =>
	new Set( items.filter( test ).map( ( item ) => item.product_id ) ).size;

/**
 * Unexpired licenses ending this month: the sum of the server's per-row counts.
 *
 * @param items Library items.
 */
export function countExpiringLicensesThisMonth( items: LibraryItem[] ): number {
	return items.reduce( ( sum, item ) => sum + item.expiring_licenses, 0 );
}

/**
 * Membership expiry: the user's member_expiry, else the latest expiry of membership items;
 * null ('N/A') when none is known or it never expires.
 *
 * @param items Library items.
 * @param user  Current user.
 */
export function membershipExpiry(
	items: LibraryItem[],
	user: LibraryUser | null
): number | null {
	if ( user && ! isNeverExpiring( user.member_expiry ) ) {
		return user.member_expiry;
	}
	const expiries = items
		.filter(
			( item ) =>
				item.content_type === 'membership' &&
				! isNeverExpiring( item.expiry )
		)
		.map( ( item ) => item.expiry );
	return expiries.length > 0 ? Math.max( ...expiries ) : null;
}

/**
 * Completion rate: completed over total shared, as a rounded percent (0 when nothing is shared).
 *
 * @param completed Completed count.
 * @param total     Total shared count.
 */
export function completionRate( completed: number, total: number ): number {
	return total > 0 ? Math.round( ( completed / total ) * 100 ) : 0;
}

/**
 * The library figures of the dashboard ('Your Library at a Glance', 'Expiring Licenses This Month').
 * Counts are of distinct products.
 *
 * @param items Library items.
 * @param user  Current user.
 */
export function computeLibraryStats(
	items: LibraryItem[],
	user: LibraryUser | null
): LibraryStats {
	const isVideo = ( item: LibraryItem ) =>
		VIDEO_TYPES.includes( item.content_type );
	return {
		onDemandWorkshops: distinctProducts( items, ( item ) =>
			WORKSHOP_TYPES.includes( item.content_type )
		),
		webinars: distinctProducts( items, ( item ) =>
			WEBINAR_TYPES.includes( item.content_type )
		),
		eManuals: distinctProducts(
			items,
			( item ) => item.content_type === 'e-manual'
		),
		completedTrainings: distinctProducts( items, hasCertificate ),
		membershipExpiry: membershipExpiry( items, user ),
		expiringLicensesThisMonth: countExpiringLicensesThisMonth( items ),
		completedVideos: distinctProducts(
			items,
			( item ) => isVideo( item ) && hasCertificate( item )
		),
		totalVideos: distinctProducts( items, isVideo ),
	};
}
