/**
 * Team list rules (the team list, hidden users, Remove Team Member): search, and the hidden users
 * kept in this browser only.
 */

/**
 * Internal dependencies
 */
import type { TeamMember } from '../types/library';

export const HIDDEN_USERS_KEY = 'library-portal:hidden-users';

/**
 * Hidden user ids from browser storage; anything unreadable counts as none.
 *
 * @param storage Storage (localStorage).
 */
export function readHiddenUsers( storage: Storage | null ): number[] {
	try {
		const parsed: unknown = JSON.parse(
			storage?.getItem( HIDDEN_USERS_KEY ) ?? '[]'
		);
		return Array.isArray( parsed )
			? [
					...new Set(
						parsed
							.map( Number )
							.filter(
								( id ) => Number.isInteger( id ) && id > 0
							)
					),
				]
			: [];
	} catch {
		return [];
	}
}

/**
 * Stores the hidden user ids (a failure, e.g. a full or blocked storage, keeps them for this visit).
 *
 * @param storage Storage (localStorage).
 * @param ids     User ids.
 */
export function writeHiddenUsers(
	storage: Storage | null,
	ids: number[]
): void {
	try {
		storage?.setItem(
			HIDDEN_USERS_KEY,
			JSON.stringify( [ ...new Set( ids ) ] )
		);
	} catch {
		// Storage unavailable: hiding still works until the page is left.
	}
}

/**
 * Case-insensitive match of the query in a member's name or e-mail.
 *
 * @param member Team member.
 * @param query  Search text.
 */
export function matchesMember( member: TeamMember, query: string ): boolean {
	// An empty query is in every name: it keeps every member.
	const needle = query.trim().toLocaleLowerCase();
	return (
		member.name.toLocaleLowerCase().includes( needle ) ||
		member.email.toLocaleLowerCase().includes( needle )
	);
}
