/**
 * Current user: GET library/v2/user/.
 */

/**
 * Internal dependencies
 */
import { dataOf, request } from './client';
import type { LibraryUser } from '../types/library';

/**
 * Loads the current user. Failures resolve to null (logged, never shown).
 */
export async function fetchUser(): Promise< LibraryUser | null > {
	try {
		const data = dataOf(
			await request( { path: 'library/v2/user/', method: 'GET' } )
		) as Partial< Record< keyof LibraryUser, unknown > > | undefined;
		if ( ! data || typeof data !== 'object' ) {
			return null;
		}
		return {
			id: Number( data.id ) || 0,
			display_name: String( data.display_name ?? '' ),
			user_nicename: String( data.user_nicename ?? '' ),
			user_email: String( data.user_email ?? '' ),
			member_expiry: Number( data.member_expiry ) || 0,
			is_member: data.is_member === true,
		};
	} catch ( error: unknown ) {
		// eslint-disable-next-line no-console
		console.error( 'library-portal: could not load the user', error );
		return null;
	}
}
