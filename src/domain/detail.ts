/**
 * Item detail rules: which header lines show and which tabs exist.
 * Access is the server's `access` decision; nothing here grants more than it.
 */

/**
 * WordPress dependencies
 */
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { LibraryItem } from '../types/library';

/** Types without a video: they skip Training Details and open Share Details. */
const WITHOUT_VIDEO = [
	'e-manual',
	'e-course',
	'membership',
	'certificate-self-guided',
];
/** Types without the watched badge. */
const WITHOUT_BADGE = [ 'membership', 'e-course', 'e-manual' ];
const WEBINARS = [ 'webinar', 'on-demand-webinar' ];
const WORKSHOPS = [ 'workshop', 'on-demand-workshop', 'on-demand' ];

export const hasAccess = ( item: LibraryItem ): boolean =>
	item.access !== 'no_license';

/**
 * What the warning on Share Details says when the owner cannot open the item, from the server's
 * decisions (`access`, `status`, `expiry_date`): what is true, not a generic "no access".
 * Every seat shared out (status 'shared'): none is left for the owner, and how to keep one; all
 * seats expired (status 'expired'): the day access ended (the header offers Renew). '' with access.
 *
 * @param item Library item.
 */
export function noAccessNotice( item: LibraryItem ): string {
	if ( hasAccess( item ) ) {
		return '';
	}
	if ( item.status === 'shared' ) {
		return __(
			'All your licenses are shared with your team, so none is left for you to watch this training. To keep one for yourself, revoke a share nobody has started below, or add licenses.',
			'library-portal'
		);
	}
	if ( item.status === 'expired' ) {
		return item.expiry_date !== ''
			? sprintf(
					/* translators: %s: the day the licenses ended, in the site's date format. */
					__(
						'Your access ended on %s. Renew to watch this training again.',
						'library-portal'
					),
					item.expiry_date
				)
			: __(
					'Your access has ended. Renew to watch this training again.',
					'library-portal'
				);
	}
	return __(
		"You don't have access to view this video content. You can manage sharing details below.",
		'library-portal'
	);
}

/**
 * Whether the Share Details warning says the day access ended (every seat expired): the header
 * then leaves out its 'Expired: {date}' line, so one item has one expiry notice, in one wording.
 *
 * @param item Library item.
 */
export const noticeSaysAccessEnded = ( item: LibraryItem ): boolean =>
	! hasAccess( item ) && item.status === 'expired';

export const hasVideo = ( item: LibraryItem ): boolean =>
	! WITHOUT_VIDEO.includes( item.content_type );

export const showsWatchedBadge = ( item: LibraryItem ): boolean =>
	! WITHOUT_BADGE.includes( item.content_type );

/**
 * The header's test text: the test is needed for the certificate, how long it takes (about
 * 10 minutes for a webinar, 30-60 for a workshop), in one sitting. '' when it does not apply.
 *
 * @param item Library item.
 */
export function testDurationText( item: LibraryItem ): string {
	if ( ! hasAccess( item ) || ! hasVideo( item ) ) {
		return '';
	}
	if ( WEBINARS.includes( item.content_type ) ) {
		return __(
			'A test is required to receive the certificate. It takes about 10 minutes and must be completed in one sitting.',
			'library-portal'
		);
	}
	if ( WORKSHOPS.includes( item.content_type ) ) {
		return __(
			'A test is required to receive the certificate. It takes about 30–60 minutes and must be completed in one sitting.',
			'library-portal'
		);
	}
	return __(
		'A test is required to receive the certificate. It must be completed in one sitting.',
		'library-portal'
	);
}

export type DetailTab = 'training' | 'share';

export interface DetailTabs {
	training: boolean;
	share: boolean;
	/** The tab to open first; null when neither exists (header only). */
	initial: DetailTab | null;
	/** A contract item that would open Share Details goes back to the contract page. */
	redirectToContract: boolean;
}

/**
 * The tabs of an item: Share Details shows only with the server's sharing controls; types
 * without video and items without access skip Training Details.
 *
 * @param item         Library item.
 * @param contractMode A contract page.
 * @param wantShare    `?tab=share-details` was given.
 */
export function detailTabs(
	item: LibraryItem,
	contractMode: boolean,
	wantShare: boolean
): DetailTabs {
	const skip = ! hasVideo( item ) || ! hasAccess( item );
	// The server's share_controls: owners only, never member rows, team members or contracts.
	const share = ! contractMode && item.share_controls;
	const training = ! skip;
	let initial: DetailTab | null = null;
	if ( share && ( wantShare || ! training ) ) {
		initial = 'share';
	} else if ( training ) {
		initial = 'training';
	}
	return {
		training,
		share,
		initial,
		redirectToContract: contractMode && skip,
	};
}

/**
 * The attachment's link text: 'Download PowerPoint' (on-demand webinar), 'Download Manual'
 * (on-demand workshop), else 'Download'.
 *
 * @param contentType Item type.
 */
export function downloadLabel( contentType: string ): string {
	if ( contentType === 'on-demand-webinar' ) {
		return __( 'Download PowerPoint', 'library-portal' );
	}
	if ( contentType === 'on-demand-workshop' ) {
		return __( 'Download Manual', 'library-portal' );
	}
	return __( 'Download', 'library-portal' );
}

/**
 * The share notice (watching 5% makes one license the viewer's, no longer shareable) shows while
 * the seat is not activated, only where the server gives sharing controls (an owner's own,
 * non-member row: never a team member or a contract user).
 *
 * @param item Library item.
 */
export const showsShareNotice = ( item: LibraryItem ): boolean =>
	! item.activated && item.share_controls;

/**
 * An e-manual download first asks to activate a seat when the row has one that is not yet
 * activated (access can_activate or shared).
 *
 * @param item Library item.
 */
export const needsActivation = ( item: LibraryItem ): boolean =>
	item.access === 'can_activate' || item.access === 'shared';

/**
 * The list with one row replaced by the server's updated row (same product, tag and contract).
 *
 * @param items   Library items.
 * @param updated The row from a write's reply.
 */
export function replaceItem(
	items: LibraryItem[],
	updated: LibraryItem
): LibraryItem[] {
	let found = false;
	const next = items.map( ( item ) => {
		if (
			! found &&
			item.product_id === updated.product_id &&
			item.tag === updated.tag &&
			item.contract_id === updated.contract_id
		) {
			found = true;
			return updated;
		}
		return item;
	} );
	return found ? next : items;
}

/**
 * The Share Details table shows progress, completion date and certificate only for types with
 * a video (not e-manual, membership or e-course).
 *
 * @param item Library item.
 */
export const showsShareProgress = ( item: LibraryItem ): boolean =>
	! [ 'e-manual', 'membership', 'e-course' ].includes( item.content_type );
