/**
 * Item status in the library list, first matching meaning wins:
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
 * A watched percent for display: rounded and clamped to 0-100. The API readers (src/api) turn
 * anything but a finite number into 0, so no other value reaches it.
 *
 * @param count Percent as sent.
 */
export const displayPercent = ( count: number ): number =>
	Math.min( 100, Math.max( 0, Math.round( count ) ) );

/**
 * Watched percent of an item, rounded and clamped to 0-100 (display only).
 *
 * @param item Library item.
 */
export const watchedPercent = ( item: LibraryItem ): number =>
	displayPercent( item.video_data.progress.count );

/**
 * The words for a status the server decided: the list's badge and the progress table's column
 * (whose playback statuses are four of these keys).
 *
 * @param key     Status key.
 * @param percent Watched percent, for In Progress ('{n}% Watched').
 */
export function statusLabel( key: ItemStatusKey, percent: number ): string {
	switch ( key ) {
		case 'shared':
			return __( 'Shared', 'library-portal' );
		case 'purchased':
			return __( 'Purchased', 'library-portal' );
		case 'expired':
			return __( 'Expired', 'library-portal' );
		case 'completed':
			return __( 'Completed', 'library-portal' );
		case 'take-test':
			return __( 'Take Test', 'library-portal' );
		case 'in-progress':
			return sprintf(
				/* translators: %d: watched percent. */
				__( '%d%% Watched', 'library-portal' ),
				percent
			);
		case 'member-product':
			return __( 'Member Product', 'library-portal' );
		case 'membership':
			return __( 'Membership', 'library-portal' );
		default:
			return __( 'Not Started', 'library-portal' );
	}
}

/**
 * The label of the status the server decided for an item.
 *
 * @param item Library item.
 */
export const getItemStatus = ( item: LibraryItem ): ItemStatus => ( {
	key: item.status,
	label: statusLabel( item.status, watchedPercent( item ) ),
} );
