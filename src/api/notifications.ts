/**
 * Notifications: GET library/v2/notifications/?page={n}&per_page={n}, POST notifications/hide/{id}
 * and POST notifications/read-all. Every reply carries the server's unread count for the bell.
 */

/**
 * Internal dependencies
 */
import { dataOf, request } from './client';
import { bool, isRecord, list, num, str } from './coerce';
import type { NotificationsPage, PortalNotification } from '../types/library';

/** The bell's modal shows this many. */
export const MODAL_SIZE = 6;
/** The notifications page's default page size. */
export const PAGE_SIZE = 10;

/**
 * Logs a failed notifications call: the screens fall back (0 on the bell, the samples on the
 * modal and page), so the console is where the cause stays visible.
 *
 * @param error What the call rejected with.
 */
export function logNotificationsError( error: unknown ): void {
	// eslint-disable-next-line no-console
	console.error( 'library-portal: notifications call failed', error );
}

function toNotification( raw: Record< string, unknown > ): PortalNotification {
	return {
		id: num( raw.id ),
		message: str( raw.message ),
		hide_status: bool( raw.hide_status ),
		read_status: bool( raw.read_status ),
		timestamp: num( raw.timestamp ),
		type: str( raw.type ),
		related_product_id: num( raw.related_product_id ),
		related_user_id: num( raw.related_user_id ),
		link: str( raw.link ),
		date: str( raw.date ),
	};
}

/**
 * One page of the user's visible notifications, newest first. A failure rejects: the screens
 * then show the spec's two sample notifications with a Retry.
 *
 * @param page    Page, from 1.
 * @param perPage Page size.
 */
export async function fetchNotifications(
	page: number,
	perPage: number = PAGE_SIZE
): Promise< NotificationsPage > {
	const data = dataOf(
		await request( {
			path: `library/v2/notifications/?page=${ page }&per_page=${ perPage }`,
			method: 'GET',
		} )
	);
	if ( ! isRecord( data ) || ! Array.isArray( data.notifications ) ) {
		throw new Error( 'library-portal: notifications reply without a list' );
	}
	return {
		notifications: list( data.notifications ).map( toNotification ),
		total: num( data.total ),
		page: num( data.page ) || page,
		per_page: num( data.per_page ) || perPage,
		total_pages: num( data.total_pages ),
		unread: num( data.unread ),
	};
}

/**
 * The bell's unread count, as the server counts it. Failures resolve to 0 (logged): the spec
 * shows no error for the bell.
 */
export async function fetchUnreadCount(): Promise< number > {
	try {
		return ( await fetchNotifications( 1, 1 ) ).unread;
	} catch ( error: unknown ) {
		logNotificationsError( error );
		return 0;
	}
}

async function change( path: string ): Promise< number > {
	const data = dataOf( await request( { path, method: 'POST' } ) );
	return isRecord( data ) ? num( data.unread ) : 0;
}

/**
 * Hides one notification; resolves to the unread count after it.
 *
 * @param id Notification id.
 */
export const hideNotification = ( id: number ): Promise< number > =>
	change( `library/v2/notifications/hide/${ id }` );

/**
 * Marks every notification read; resolves to the unread count after it (0).
 */
export const markAllNotificationsRead = (): Promise< number > =>
	change( 'library/v2/notifications/read-all' );
