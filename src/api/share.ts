/**
 * Share invite actions (banner of the /shareseats/{encoded} link target):
 * POST library/v2/accept-share, dismiss-share, request-license with body { encoded }.
 */

/**
 * Internal dependencies
 */
import { dataOf, request } from './client';
import { bool, list, num, record, str, type Raw } from './coerce';

export interface ShareActionReply {
	success: boolean;
	message?: string;
	error_code?: string;
	data?: unknown;
}

function post( path: string, encoded: string ): Promise< ShareActionReply > {
	return request< ShareActionReply >( {
		path,
		method: 'POST',
		data: { encoded },
	} );
}

export const acceptShare = ( encoded: string ) =>
	post( 'library/v2/accept-share', encoded );

/**
 * The item's address an accept reply names (where the banner goes after the success text), or ''.
 *
 * @param reply The accept reply.
 */
export const acceptedItemUrl = ( reply: ShareActionReply ): string =>
	str( record( reply.data ).item_url );

export const dismissShare = ( encoded: string ) =>
	post( 'library/v2/dismiss-share', encoded );

export const requestLicense = ( encoded: string ) =>
	post( 'library/v2/request-license', encoded );

/*
 * The owner's side (Share Details tab and Share modal): GET videosharedata/{id},
 * POST share-link/{id}, send-share-emails, revoke-share/{id}. Every limit and decision
 * (can_share, can_revoke, daily_remaining, retry_after) comes from the server's reply.
 */

export interface ShareRecord {
	share_id: number;
	user_id: number;
	name: string;
	email: string;
	expiry: number;
	/** The expiry as the site writes dates ('' = never), from the server. */
	expiry_date: string;
	expired: boolean;
	activated: boolean;
	can_revoke: boolean;
	progress: number;
	pdf: string | false;
	completed_at: number;
	/** The completion in the site's date format ('' without one). */
	completed_date: string;
}

export interface MailHistoryEntry {
	email: string;
	timestamp: number;
	/** The moment in the site's date and time format, from the server. */
	date: string;
	accepted: boolean;
	/** The owner canceled the invitation this message carried (the server marks it). */
	canceled: boolean;
}

/** An e-mailed invitation not yet accepted, withdrawn or expired. */
export interface PendingInvitation {
	id: number;
	email: string;
	sentAt: number;
	/** The send's day in the site's date format (the server's). */
	sentDate: string;
	expiresAt: number;
	/** The link's last day in the site's date format (the server's). */
	expiresDate: string;
}

/** The pending invitations of an item and the server's decisions about them. */
export interface PendingInvitations {
	invitations: PendingInvitation[];
	total: number;
	/** The daily quota (and the seats) allow one more message. */
	canResend: boolean;
	/** More invitations pending than licenses left: the screen warns. */
	moreThanAvailable: boolean;
}

export interface ShareDetailsData {
	records: ShareRecord[];
	mailHistory: MailHistoryEntry[];
	availableLicenses: number;
	canShare: boolean;
	dailyRemaining: number;
	retryAfter: number;
	maxRecipients: number;
	pending: PendingInvitations;
}

export interface SendResult {
	message: string;
	dailyRemaining: number;
	retryAfter: number;
	mailHistory: MailHistoryEntry[];
}

const toHistory = ( value: unknown ): MailHistoryEntry[] =>
	list( value ).map( ( entry ) => ( {
		email: str( entry.email ),
		timestamp: num( entry.timestamp ),
		date: str( entry.date ),
		accepted: bool( entry.accepted ),
		canceled: bool( entry.canceled ),
	} ) );

const toRecord = ( raw: Raw ): ShareRecord => {
	const video = record( raw.video_data );
	return {
		share_id: num( raw.share_id ),
		user_id: num( raw.user_id ),
		name: str( raw.name ),
		email: str( raw.email ),
		expiry: num( raw.expiry ),
		expiry_date: str( raw.expiry_date ),
		expired: bool( raw.expired ),
		activated: bool( raw.activated ),
		can_revoke: bool( raw.can_revoke ),
		progress: num( record( video.progress ).count ),
		pdf:
			typeof video.pdf === 'string' && video.pdf !== ''
				? video.pdf
				: false,
		completed_at: num( video.completed_at ),
		completed_date: str( video.completed_date ),
	};
};

export async function fetchShareData(
	productId: number
): Promise< ShareDetailsData > {
	const data = record(
		dataOf(
			await request( {
				path: `library/v2/videosharedata/${ productId }`,
			} )
		)
	);
	return {
		records: list( data.share_data ).map( toRecord ),
		mailHistory: toHistory( data.mail_history ),
		availableLicenses: num( data.available_licenses ),
		canShare: bool( data.can_share ),
		dailyRemaining: num( data.daily_remaining ),
		retryAfter: num( data.retry_after ),
		maxRecipients: num( data.max_recipients ),
		pending: toPending( data.pending_invitations ),
	};
}

function toPending( value: unknown ): PendingInvitations {
	const pending = record( value );
	return {
		invitations: list( pending.invitations ).map( ( raw ) => ( {
			id: num( raw.id ),
			email: str( raw.email ),
			sentAt: num( raw.sent_at ),
			sentDate: str( raw.sent_date ),
			expiresAt: num( raw.expires_at ),
			expiresDate: str( raw.expires_date ),
		} ) ),
		total: num( pending.total ),
		canResend: bool( pending.can_resend ),
		moreThanAvailable: bool( pending.more_than_available ),
	};
}

/**
 * Mails a pending invitation again (the same link); a refusal rejects with the server's
 * ApiError (429 share_cooldown / daily_limit with retry_after, 409 invitation_not_pending).
 *
 * @param invitationId The invitation.
 */
export async function resendInvitation(
	invitationId: number
): Promise< SendResult > {
	const data = record(
		dataOf(
			await request( {
				path: `library/v2/share-invitations/${ invitationId }/resend`,
				method: 'POST',
			} )
		)
	);
	return {
		message: str( data.message ),
		dailyRemaining: num( data.daily_remaining ),
		retryAfter: num( data.retry_after ),
		mailHistory: toHistory( data.mail_history ),
	};
}

/**
 * Withdraws a pending invitation's link.
 *
 * @param invitationId The invitation.
 */
export async function cancelInvitation(
	invitationId: number
): Promise< { message: string } > {
	const data = record(
		dataOf(
			await request( {
				path: `library/v2/share-invitations/${ invitationId }`,
				method: 'DELETE',
			} )
		)
	);
	return { message: str( data.message ) };
}

/**
 * The owner's working link of an item (the server keeps one per item and answers the same code
 * and expiry until it ends), or, with renew, a new one that withdraws the old.
 *
 * @param productId Item.
 * @param renew     Withdraw the working link and make a new one.
 */
export async function createShareLink(
	productId: number,
	renew = false
): Promise< { link: string; expiresAt: number; expiresDate: string } > {
	const data = record(
		dataOf(
			await request( {
				path: `library/v2/share-link/${ productId }`,
				method: 'POST',
				...( renew ? { data: { renew: true } } : {} ),
			} )
		)
	);
	return {
		link: str( data.link ),
		expiresAt: num( data.expires_at ),
		expiresDate: str( data.expires_date ),
	};
}

/**
 * The send's result; a refused send rejects with an ApiError whose body carries the server's
 * retry_after (cooldown, quota) and, for a failed delivery, the history.
 *
 * @param emails    What the sharer typed (a single string).
 * @param productId Item.
 */
export async function sendShareEmails(
	emails: string,
	productId: number
): Promise< SendResult > {
	const data = record(
		dataOf(
			await request( {
				path: 'library/v2/send-share-emails',
				method: 'POST',
				data: { emails, product_id: productId },
			} )
		)
	);
	return {
		message: str( data.message ),
		dailyRemaining: num( data.daily_remaining ),
		retryAfter: num( data.retry_after ),
		mailHistory: toHistory( data.mail_history ),
	};
}

export async function revokeShare(
	shareId: number
): Promise< { message: string; availableLicenses: number } > {
	const data = record(
		dataOf(
			await request( {
				path: `library/v2/revoke-share/${ shareId }`,
				method: 'POST',
			} )
		)
	);
	return {
		message: str( data.message ),
		availableLicenses: num( data.available_licenses ),
	};
}
