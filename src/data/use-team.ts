/**
 * The caller's team (GET shareduserscontent/), loaded when a team screen opens.
 */

/**
 * Internal dependencies
 */
import { fetchTeam } from '../api/team';
import type { TeamMember } from '../types/library';
import { useResource, type Resource } from './use-resource';

export function useTeam(): Resource< TeamMember[] > {
	return useResource< TeamMember[] >( fetchTeam, [] );
}
