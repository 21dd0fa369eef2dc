/**
 * Team progress: GET library/v2/shareduserscontent/ and the CSV export's address.
 */

/**
 * Internal dependencies
 */
import { dataOf, request } from './client';
import { isRecord, list, num, oneOf, record, str } from './coerce';
import { getConfig } from '../config';
import {
	PLAYBACK_STATUS_KEYS,
	type PlaybackStatusKey,
	type TeamMember,
	type TeamProduct,
} from '../types/library';

function toProduct( raw: Record< string, unknown > ): TeamProduct {
	const videoData = record( raw.video_data );
	const progress = record( videoData.progress );
	return {
		share_id: num( raw.share_id ),
		product_id: num( raw.product_id ),
		title: str( raw.title ),
		subtitle: str( raw.subtitle ),
		content_type: str( raw.content_type ),
		content_type_label: str( raw.content_type_label ),
		status: oneOf< PlaybackStatusKey >(
			PLAYBACK_STATUS_KEYS,
			raw.status,
			'not-started'
		),
		video_data: {
			progress: {
				count: num( progress.count ),
				time: num( progress.time ),
			},
			pdf: typeof videoData.pdf === 'string' ? videoData.pdf : false,
			completed_at: num( videoData.completed_at ),
			completed_date: str( videoData.completed_date ),
		},
	};
}

/**
 * The caller's team, in the server's order; a failure rejects (the screen offers Retry).
 */
export async function fetchTeam(): Promise< TeamMember[] > {
	const data = dataOf(
		await request( {
			path: 'library/v2/shareduserscontent/',
			method: 'GET',
		} )
	);
	const members = isRecord( data ) ? Object.values( data ) : [];
	return members.filter( isRecord ).map( ( raw ) => ( {
		id: num( raw.id ),
		name: str( raw.name ),
		email: str( raw.email ),
		shared_licenses: num( raw.shared_licenses ),
		completed_count: num( raw.completed_count ),
		total_count: num( raw.total_count ),
		completed_percent: num( raw.completed_percent ),
		products: list( raw.products ).map( toProduct ),
		revocable_share_ids: Array.isArray( raw.revocable_share_ids )
			? raw.revocable_share_ids.map( num ).filter( ( id ) => id > 0 )
			: [],
	} ) );
}

/**
 * The CSV export, opened as a plain link with the REST nonce.
 */
export function teamExportUrl(): string {
	const { restRoot, restNonce } = getConfig();
	const url = new URL(
		'library/v2/shareduserscontent/export',
		new URL( restRoot, window.location.origin )
	);
	url.searchParams.set( '_wpnonce', restNonce );
	return url.toString();
}
