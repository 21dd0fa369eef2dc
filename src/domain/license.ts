/**
 * License count text and expiry line.
 */

/**
 * WordPress dependencies
 */
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { LibraryItem } from '../types/library';
import { isNeverExpiring, nowInSeconds } from './dates';

/**
 * The one license count of an item, in words: 'Unlimited Access' for member (and
 * membership) items; 'Available Licenses: {available}' for e-manuals; otherwise the spec's
 * '{available}/{total minus expired}' said in words, '{available} of {total minus expired}
 * licenses available' (the bare fraction beside its words printed the count twice);
 * blank for the contract tag.
 *
 * @param item Library item.
 */
export function licenseCountText( item: LibraryItem ): string {
	if ( item.tag === 'contract' ) {
		return '';
	}
	if ( item.tag === 'member' || item.content_type === 'membership' ) {
		return __( 'Unlimited Access', 'library-portal' );
	}
	if ( item.content_type === 'e-manual' ) {
		return sprintf(
			/* translators: %d: number of available licenses. */
			__( 'Available Licenses: %d', 'library-portal' ),
			item.available_licenses
		);
	}
	return sprintf(
		/* translators: 1: available licenses, 2: total licenses minus expired ones. */
		__( '%1$d of %2$d licenses available', 'library-portal' ),
		item.available_licenses,
		item.total_licenses - item.expired_licenses
	);
}

/**
 * 'Expires: {date}' or 'Expired: {date}'; blank when the item never expires (0 or 100100).
 *
 * @param item Library item: its `expiry` (Unix seconds) and `expiry_date`, the same day as the
 *             server wrote it in the site's date format.
 * @param now  Current time in Unix seconds.
 */
export function expiryLine(
	item: Pick< LibraryItem, 'expiry' | 'expiry_date' >,
	now: number = nowInSeconds()
): string {
	if ( isNeverExpiring( item.expiry ) ) {
		return '';
	}
	const date = item.expiry_date;
	if ( item.expiry < now ) {
		/* translators: %s: date. */
		return sprintf( __( 'Expired: %s', 'library-portal' ), date );
	}
	/* translators: %s: date. */
	return sprintf( __( 'Expires: %s', 'library-portal' ), date );
}
