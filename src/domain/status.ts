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
import type { LibraryItem } from '../api/types';

export type ItemStatusKey =
	| 'shared'
	| 'purchased'
	| 'expired'
	| 'completed'
	| 'take-test'
	| 'in-progress'
	| 'member-product'
	| 'membership'
	| 'not-started';

export interface ItemStatus {
	key: ItemStatusKey;
	label: string;
}

/** Watched percent from which the test is due (spec point 9). */
export const TAKE_TEST_THRESHOLD = 95;

/**
 * Watched percent of an item, rounded and clamped to 0-100.
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
 * The row was received by share (someone else shared it with the user).
 *
 * @param item Library item.
 */
export const isReceivedByShare = ( item: LibraryItem ): boolean =>
	item.share_user_id > 0;

/**
 * Every license of the item has expired.
 *
 * @param item Library item.
 */
export const allLicensesExpired = ( item: LibraryItem ): boolean =>
	item.total_licenses > 0 && item.expired_licenses >= item.total_licenses;

/**
 * Status of an item in the list.
 *
 * @param item Library item.
 */
export function getItemStatus( item: LibraryItem ): ItemStatus {
	if (
		! item.activated &&
		item.total_licenses > 0 &&
		item.available_licenses <= 0 &&
		! allLicensesExpired( item ) &&
		! isReceivedByShare( item )
	) {
		return { key: 'shared', label: __( 'Shared', 'library-portal' ) };
	}
	if (
		item.content_type === 'e-course' ||
		item.content_type === 'e-manual'
	) {
		return { key: 'purchased', label: __( 'Purchased', 'library-portal' ) };
	}
	if ( allLicensesExpired( item ) && item.tag !== 'member' ) {
		return { key: 'expired', label: __( 'Expired', 'library-portal' ) };
	}
	if ( hasCertificate( item ) ) {
		return { key: 'completed', label: __( 'Completed', 'library-portal' ) };
	}
	const watched = watchedPercent( item );
	if ( watched >= TAKE_TEST_THRESHOLD ) {
		return { key: 'take-test', label: __( 'Take Test', 'library-portal' ) };
	}
	if ( watched > 0 ) {
		return {
			key: 'in-progress',
			label: sprintf(
				/* translators: %d: watched percent. */
				__( '%d%% Watched', 'library-portal' ),
				watched
			),
		};
	}
	if ( item.tag === 'member' ) {
		return {
			key: 'member-product',
			label: __( 'Member Product', 'library-portal' ),
		};
	}
	if ( item.content_type === 'membership' ) {
		return {
			key: 'membership',
			label: __( 'Membership', 'library-portal' ),
		};
	}
	return { key: 'not-started', label: __( 'Not Started', 'library-portal' ) };
}
