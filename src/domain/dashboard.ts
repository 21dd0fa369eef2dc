/**
 * Dashboard display rules. The figures themselves come from the
 * server (GET dashboard/, PHP Library\DashboardStats); nothing here recounts them.
 */

/**
 * Internal dependencies
 */
import type { DashboardFigure, DashboardStats } from '../types/library';
import { paths } from './paths';

/**
 * Where a click on a figure goes: the list filtered to exactly the rows it counts, as the
 * server described the filter; the plain list when it sent none.
 *
 * @param stats  Dashboard figures.
 * @param figure Figure.
 */
export function figurePath(
	stats: DashboardStats,
	figure: DashboardFigure
): string {
	const filter = stats.filters[ figure ];
	return filter
		? paths.filteredList( filter.types, filter.status )
		: paths.list();
}

/**
 * 'Your Team at a Glance' is hidden when nobody holds a seat the user shared.
 *
 * @param stats Dashboard figures.
 */
export const showsTeam = ( stats: DashboardStats ): boolean =>
	stats.totalSharedUsers > 0;

/**
 * The team completions card shows when a member finished a training this year.
 *
 * @param stats Dashboard figures.
 */
export const showsTeamCompletions = ( stats: DashboardStats ): boolean =>
	stats.completedUsersThisYear > 0;

/**
 * 'Expiring Licenses This Month' is hidden at 0 or less.
 *
 * @param stats Dashboard figures.
 */
export const showsExpiring = ( stats: DashboardStats ): boolean =>
	stats.expiringLicensesThisMonth > 0;
