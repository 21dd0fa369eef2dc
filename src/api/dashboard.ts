/**
 * Dashboard figures: GET library/v2/dashboard/.
 */

/**
 * Internal dependencies
 */
import { dataOf, request } from './client';
import { bool, isRecord, num, record, str } from './coerce';
import type {
	DashboardFigure,
	DashboardStats,
	ListFilter,
} from '../types/library';

const FIGURES: DashboardFigure[] = [
	'onDemandWorkshops',
	'webinars',
	'eManuals',
	'completedTrainings',
	'expiringLicensesThisMonth',
];

function toFilter( value: unknown ): ListFilter | undefined {
	if ( ! isRecord( value ) ) {
		return undefined;
	}
	return {
		types: Array.isArray( value.types )
			? ( value.types as unknown[] ).map( str ).filter( Boolean )
			: [],
		status: str( value.status ) || 'all',
	};
}

/**
 * Loads the current user's dashboard figures; a failure rejects (the dashboard offers Retry).
 */
export async function fetchDashboard(): Promise< DashboardStats > {
	const data = record(
		dataOf(
			await request( { path: 'library/v2/dashboard/', method: 'GET' } )
		)
	);
	const filters: DashboardStats[ 'filters' ] = {};
	const rawFilters = record( data.filters );
	for ( const figure of FIGURES ) {
		const filter = toFilter( rawFilters[ figure ] );
		if ( filter ) {
			filters[ figure ] = filter;
		}
	}
	return {
		completedUsersThisYear: num( data.completedUsersThisYear ),
		totalSharedUsers: num( data.totalSharedUsers ),
		remainingLicenses: num( data.remainingLicenses ),
		completionRate: num( data.completionRate ),
		onDemandWorkshops: num( data.onDemandWorkshops ),
		webinars: num( data.webinars ),
		eManuals: num( data.eManuals ),
		completedTrainings: num( data.completedTrainings ),
		membershipExpiry:
			data.membershipExpiry === null ||
			data.membershipExpiry === undefined
				? null
				: num( data.membershipExpiry ),
		membershipExpiryDate: str( data.membershipExpiryDate ),
		expiringLicensesThisMonth: num( data.expiringLicensesThisMonth ),
		completedVideos: num( data.completedVideos ),
		totalVideos: num( data.totalVideos ),
		canShare: bool( data.canShare ),
		contractHome:
			typeof data.contractHome === 'number' && data.contractHome > 0
				? data.contractHome
				: null,
		filters,
	};
}
