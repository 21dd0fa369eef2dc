/**
 * Notification texts: shown as plain text (markup stripped before display, though
 * the server stores and sends plain text already), and the spec's two sample notifications,
 * shown only when the notifications call fails.
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { PortalNotification } from '../types/library';

/**
 * The text of a message without markup. DOMParser makes an inert document: nothing in it runs
 * or loads.
 *
 * @param message Message as sent.
 */
export function plainText( message: string ): string {
	if ( ! /[<&]/.test( message ) ) {
		return message.trim();
	}
	const parsed = new DOMParser().parseFromString( message, 'text/html' );
	// An element's textContent is never null (only a document's or a doctype's is).
	return ( parsed.body.textContent as string ).replace( /\s+/g, ' ' ).trim();
}

/**
 * The two sample notifications (id 0: nothing to hide on the server).
 *
 * @param now Unix seconds now.
 */
export function sampleNotifications( now: number ): PortalNotification[] {
	const sample = ( message: string ): PortalNotification => ( {
		id: 0,
		message,
		hide_status: false,
		read_status: true,
		timestamp: now,
		type: 'sample',
		related_product_id: 0,
		related_user_id: 0,
		link: '',
		date: '',
	} );
	return [
		sample(
			__(
				'Welcome to your library: your workshops, webinars and e-manuals are under Library.',
				'library-portal'
			)
		),
		sample(
			__(
				'Share a training with your team from its Share Details tab, and follow their progress here.',
				'library-portal'
			)
		),
	];
}
