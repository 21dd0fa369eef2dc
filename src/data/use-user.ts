/**
 * The current user (GET user/): name, e-mail, membership as the server decided it.
 */

/**
 * Internal dependencies
 */
import { fetchUser } from '../api/user';
import type { LibraryUser } from '../types/library';
import { useResource, type Resource } from './use-resource';

export function useUser(): Resource< LibraryUser | null > {
	return useResource< LibraryUser | null >( fetchUser, null );
}
