/**
 * Video details of one item: GET library/v2/video/{id} (`?contract=` in contract mode,
 * `?tag=member` for the member row), and the readers shared by the progress and quiz replies.
 */

/**
 * Internal dependencies
 */
import { dataOf, request } from './client';
import { bool, isRecord, list, num, record, str } from './coerce';
import { normalizeItem } from './items';
import {
	ACCESS_KINDS,
	type AccessKind,
	type Certificate,
	type PartsProgress,
	type TestReadiness,
	type VideoDetails,
	type VideoSubtitle,
} from '../types/library';

/** Which row of the library a call is about (query arguments every item route accepts). */
export interface ItemScope {
	tag?: 'member' | '';
	contractId?: string | number | null;
}

/**
 * The query string for an item route ('' when none).
 *
 * @param scope Member tag and contract.
 */
export function scopeQuery( scope: ItemScope = {} ): string {
	const query = new URLSearchParams();
	if ( scope.contractId !== undefined && scope.contractId !== null ) {
		query.set( 'contract', String( scope.contractId ) );
	}
	if ( scope.tag === 'member' ) {
		query.set( 'tag', 'member' );
	}
	const text = query.toString();
	return text === '' ? '' : `?${ text }`;
}

export function normalizeCertificate( raw: unknown ): Certificate | null {
	if ( ! isRecord( raw ) || str( raw.code ) === '' ) {
		return null;
	}
	return {
		code: str( raw.code ),
		issued_at: num( raw.issued_at ),
		issued_date: str( raw.issued_date ),
		download_url: str( raw.download_url ),
		verify_url: str( raw.verify_url ),
	};
}

export function normalizeTest( raw: unknown ): TestReadiness {
	const test = record( raw );
	return {
		available: bool( test.available ),
		ready: bool( test.ready ),
		incomplete_parts: list( test.incomplete_parts ).map( ( part ) => ( {
			index: num( part.index ),
			title: str( part.title ),
			percent: num( part.percent ),
		} ) ),
		message: str( test.message ),
	};
}

export function normalizePartsProgress( raw: unknown ): PartsProgress {
	const progress = record( raw );
	return {
		count: num( progress.count ),
		time: num( progress.time ),
		parts: list( progress.parts ).map( ( part ) => ( {
			count: num( part.count ),
			time: num( part.time ),
		} ) ),
	};
}

/**
 * Subtitle language: the first two letters, lowercased; English when there are none.
 *
 * @param language Language as stored.
 */
export function subtitleLanguage( language: string ): string {
	const code = language
		.trim()
		.slice( 0, 2 )
		.toLowerCase()
		.replace( /[^a-z]/g, '' );
	return code.length === 2 ? code : 'en';
}

export function normalizeVideo( raw: unknown ): VideoDetails {
	const video = record( raw );
	const url = str( video.url );
	let parts = list( video.parts ).map( ( part, position ) => ( {
		index: typeof part.index === 'number' ? part.index : position,
		title: str( part.title ),
		url: str( part.url ),
		thumb: str( part.thumb ),
		duration: num( part.duration ),
	} ) );
	if ( parts.length === 0 && url !== '' ) {
		parts = [
			{
				index: 0,
				title: str( video.title ),
				url,
				thumb: str( video.thumb ),
				duration: 0,
			},
		];
	}
	const subtitles: VideoSubtitle[] = list( video.subtitles )
		.filter( ( entry ) => str( entry.url ) !== '' )
		.map( ( entry ) => ( {
			part: num( entry.part ),
			url: str( entry.url ),
			language: subtitleLanguage( str( entry.language ) ),
		} ) );
	const access = str( video.access );
	const rate = num( video.max_playback_rate );
	return {
		product_id: num( video.product_id ),
		hss_video_id: str( video.hss_video_id ),
		type: str( video.type ),
		title: str( video.title ),
		subtitle: str( video.subtitle ),
		url,
		thumb: str( video.thumb ),
		parts,
		subtitles,
		has_test: bool( video.has_test ),
		quiz_link: str( video.quiz_link ),
		certificate: normalizeCertificate( video.certificate ),
		attachment: str( video.attachment ),
		progress: normalizePartsProgress( video.progress ),
		test: normalizeTest( video.test ),
		// Unknown access never opens anything.
		access: ( ACCESS_KINDS as readonly string[] ).includes( access )
			? ( access as AccessKind )
			: 'no_license',
		// The server's limit; 1 when it sent none (normal speed is always allowed).
		max_playback_rate: rate >= 1 ? rate : 1,
	};
}

/**
 * Loads the video details of an item the user has access to.
 *
 * @param productId Item id.
 * @param scope     Member tag and contract.
 */
export async function fetchVideo(
	productId: number,
	scope: ItemScope = {}
): Promise< VideoDetails > {
	const reply = await request( {
		path: `library/v2/video/${ productId }${ scopeQuery( scope ) }`,
		method: 'GET',
	} );
	return normalizeVideo( dataOf( reply ) );
}

/**
 * GET contract/{cid}/item/{id}: the contract's row of an item (reply `{ success, item }`).
 *
 * @param contractId Contract id.
 * @param productId  Item id.
 */
export async function fetchContractItem(
	contractId: string | number,
	productId: number
) {
	const reply = record(
		await request( {
			path: `library/v2/contract/${ encodeURIComponent(
				String( contractId )
			) }/item/${ productId }`,
			method: 'GET',
		} )
	);
	return normalizeItem( reply.item ?? record( reply.data ).item );
}
