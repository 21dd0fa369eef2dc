/**
 * Item status in the library list (spec point 4), first matching meaning wins:
 * Shared, Purchased, Expired, Completed, Take Test, In Progress ('{n}% Watched'),
 * Member Product, Membership, Not Started.
 */

/**
 * WordPress dependencies
 */
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { ItemStatusKey, LibraryItem } from '../types/library';

export type { ItemStatusKey };

export interface ItemStatus {
	key: ItemStatusKey;
	label: string;
}

/**
 * Watched percent of an item, rounded and clamped to 0-100 (display only).
 *
 * @param item Library item.
 */
export function watchedPercent( item: LibraryItem ): number {
	const count = Math.round( item.video_data.progress.count );
	return Math.min( 100, Math.max( 0, Number.isFinite( count ) ? count : 0 ) );
}

/**
 * A certificate link is present.
 *
 * @param item Library item.
 */
export const hasCertificate = ( item: LibraryItem ): boolean =>
	typeof item.video_data.pdf === 'string' && item.video_data.pdf !== '';

/**
 * The label of the status the server decided for an item.
 *
 * @param item Library item.
 */
export function getItemStatus( item: LibraryItem ): ItemStatus {
	const key = item.status;
	switch ( key ) {
		case 'shared':
			return { key, label: __( 'Shared', 'library-portal' ) };
		case 'purchased':
			return { key, label: __( 'Purchased', 'library-portal' ) };
		case 'expired':
			return { key, label: __( 'Expired', 'library-portal' ) };
		case 'completed':
			return { key, label: __( 'Completed', 'library-portal' ) };
		case 'take-test':
			return { key, label: __( 'Take Test', 'library-portal' ) };
		case 'in-progress':
			return {
				key,
				label: sprintf(
					/* translators: %d: watched percent. */
					__( '%d%% Watched', 'library-portal' ),
					watchedPercent( item )
				),
			};
		case 'member-product':
			return { key, label: __( 'Member Product', 'library-portal' ) };
		case 'membership':
			return { key, label: __( 'Membership', 'library-portal' ) };
		default:
			return {
				key: 'not-started',
				label: __( 'Not Started', 'library-portal' ),
			};
	}
}
