/**
 * Notifications: GET library/v2/notifications/?page={n}. The bell's unread marker uses a first-page fetch.
 */

/**
 * Internal dependencies
 */
import { dataOf, request } from './client';
import type { PortalNotification } from '../types/library';

/**
 * Number of unread, visible notifications on the first page. Failures resolve to 0 (logged).
 */
export async function fetchUnreadCount(): Promise< number > {
	try {
		const data = dataOf(
			await request( {
				path: 'library/v2/notifications/?page=1',
				method: 'GET',
			} )
		) as { notifications?: Partial< PortalNotification >[] } | undefined;
		const list = Array.isArray( data?.notifications )
			? data.notifications
			: [];
		return list.filter( ( n ) => ! n.read_status && ! n.hide_status )
			.length;
	} catch ( error: unknown ) {
		// eslint-disable-next-line no-console
		console.error( 'library-portal: could not load notifications', error );
		return 0;
	}
}
