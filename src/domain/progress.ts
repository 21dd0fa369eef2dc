/**
 * The user table of the progress screens (Single user progress): one row per
 * training, from the own library (Your Progress) or from a team member's trainings. The status
 * is the server's playback status; this module only picks rows and labels them.
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { displayPercent, statusLabel } from './status';
import type {
	LibraryItem,
	PlaybackStatusKey,
	TeamMember,
} from '../types/library';

export interface ProgressRow {
	/** Unique within a table: an item can be in the library as a member and a bought row. */
	key: string;
	productId: number;
	/** 'member' opens the member version of the item. */
	tag: string;
	title: string;
	subtitle: string;
	typeLabel: string;
	/** Unix seconds the certificate was issued, 0 without one. */
	completedAt: number;
	/** The completion in the site's date format ('' without one), from the server. */
	completedDate: string;
	status: PlaybackStatusKey;
	percent: number;
	certificate: string | false;
}

/**
 * E-manuals are excluded from the progress tables.
 * @param contentType
 */
const inProgressTables = ( contentType: string ): boolean =>
	contentType !== 'e-manual';

/**
 * The own rows: the library's trainings in the current scope (a contract's rows in its
 * contract, the others outside), as the list shows them.
 *
 * @param items      The own library (GET items/).
 * @param contractId The contract of a contract page, else null.
 */
export function ownProgressRows(
	items: readonly LibraryItem[],
	contractId: number | null
): ProgressRow[] {
	return items
		.filter(
			( item ) =>
				inProgressTables( item.content_type ) &&
				( contractId === null
					? item.tag !== 'contract'
					: item.tag === 'contract' &&
						item.contract_id === contractId )
		)
		.map( ( item ) => ( {
			key: `${ item.tag }|${ item.contract_id }|${ item.product_id }`,
			productId: item.product_id,
			tag: item.tag,
			title: item.title,
			subtitle: item.subtitle,
			typeLabel: item.content_type_label,
			completedAt: item.video_data.completed_at,
			completedDate: item.video_data.completed_date,
			status: item.playback_status,
			percent: item.video_data.progress.count,
			certificate: item.video_data.pdf,
		} ) );
}

/**
 * A team member's rows (the server already leaves e-manuals out; checked again here).
 *
 * @param member The member, from GET shareduserscontent/.
 */
export function memberProgressRows( member: TeamMember ): ProgressRow[] {
	return member.products
		.filter( ( product ) => inProgressTables( product.content_type ) )
		.map( ( product ) => ( {
			key: `share|${ product.share_id }`,
			productId: product.product_id,
			tag: '',
			title: product.title,
			subtitle: product.subtitle,
			typeLabel: product.content_type_label,
			completedAt: product.video_data.completed_at,
			completedDate: product.video_data.completed_date,
			status: product.status,
			percent: product.video_data.progress.count,
			certificate: product.video_data.pdf,
		} ) );
}

/**
 * The Course column: 'title - subtitle', or the title alone.
 *
 * @param row Progress row.
 */
export const courseName = ( row: ProgressRow ): string =>
	row.subtitle !== '' ? `${ row.title } - ${ row.subtitle }` : row.title;

/**
 * 'Search courses...': the course name or type, case-insensitive.
 *
 * @param row   Progress row.
 * @param query Search text.
 */
export function matchesCourse( row: ProgressRow, query: string ): boolean {
	// An empty query is in every name: it keeps every row.
	const needle = query.trim().toLowerCase();
	return (
		courseName( row ).toLowerCase().includes( needle ) ||
		row.typeLabel.toLowerCase().includes( needle )
	);
}

/**
 * The Status column's text for the server's playback status (the list's words).
 *
 * @param row Progress row.
 */
export const playbackStatusLabel = ( row: ProgressRow ): string =>
	row.status === 'active'
		? __( 'Active', 'library-portal' )
		: statusLabel( row.status, displayPercent( row.percent ) );

/**
 * Take Test is clickable only on own items (no user id, or the same user).
 *
 * @param row          Progress row.
 * @param viewedUserId The user id of the page, or undefined on the own page.
 * @param ownUserId    The signed-in user.
 */
export const takeTestClickable = (
	row: ProgressRow,
	viewedUserId: number | undefined,
	ownUserId: number
): boolean =>
	row.status === 'take-test' &&
	( viewedUserId === undefined || viewedUserId === ownUserId );
