/**
 * The dashboard's figures (GET dashboard/), loaded each time the dashboard opens.
 */

/**
 * Internal dependencies
 */
import { fetchDashboard } from '../api/dashboard';
import type { DashboardStats } from '../types/library';
import { useResource, type Resource } from './use-resource';

export function useDashboard(): Resource< DashboardStats | null > {
	return useResource< DashboardStats | null >( fetchDashboard, null );
}
