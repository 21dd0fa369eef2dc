/**
 * Library items: GET library/v2/items/.
 */

/**
 * Internal dependencies
 */
import { dataOf, request } from './client';
import { bool, isRecord, num, oneOf, str } from './coerce';
import {
	ACCESS_KINDS,
	ITEM_STATUS_KEYS,
	ITEM_VIEWERS,
	PLAYBACK_STATUS_KEYS,
	PRIMARY_ACTION_KINDS,
	type AccessKind,
	type PrimaryAction,
	type PrimaryActionKind,
	type ItemStatusKey,
	type PlaybackStatusKey,
	type License,
	type LibraryItem,
	type ItemTag,
	type ItemViewer,
} from '../types/library';

function normalizeLicenses( value: unknown ): License[] {
	// The spec allows a list or a map of license objects.
	let list: unknown[] = [];
	if ( Array.isArray( value ) ) {
		list = value as unknown[];
	} else if ( isRecord( value ) ) {
		list = Object.values( value );
	}
	return list.filter( isRecord ).map( ( license ) => ( {
		license_id: num( license.license_id ),
		user_id: num( license.user_id ),
		expiry: num( license.expiry ),
		shared: bool( license.shared ),
		activated: bool( license.activated ),
	} ) );
}

/**
 * Coerces one raw item into the LibraryItem shape (defensive against missing fields).
 *
 * @param raw One element of the reply's data list.
 */
export function normalizeItem( raw: unknown ): LibraryItem {
	const item = isRecord( raw ) ? raw : {};
	const videoData = isRecord( item.video_data ) ? item.video_data : {};
	const progress = isRecord( videoData.progress ) ? videoData.progress : {};
	const parts = Array.isArray( progress.parts )
		? ( progress.parts as unknown[] )
		: [];
	const pdf = videoData.pdf;
	const tag =
		item.tag === 'member' || item.tag === 'contract' ? item.tag : '';
	const shareUser = isRecord( item.share_user )
		? {
				name: str( item.share_user.name ),
				email: str( item.share_user.email ),
			}
		: null;
	const sharedWith: LibraryItem[ 'shared_with' ] = {};
	if ( isRecord( item.shared_with ) ) {
		for ( const [ id, entry ] of Object.entries( item.shared_with ) ) {
			if ( isRecord( entry ) ) {
				sharedWith[ id ] = {
					name: str( entry.name ),
					email: str( entry.email ),
				};
			}
		}
	}
	return {
		product_id: num( item.product_id ),
		title: str( item.title ),
		subtitle: str( item.subtitle ),
		description: str( item.description ),
		img: str( item.img ),
		content_type: str( item.content_type ),
		content_type_label: str( item.content_type_label ),
		tag: tag as ItemTag,
		total_licenses: num( item.total_licenses ),
		active_licenses: num( item.active_licenses ),
		available_licenses: num( item.available_licenses ),
		expired_licenses: num( item.expired_licenses ),
		activated: bool( item.activated ),
		activated_at: num( item.activated_at ),
		licenses: normalizeLicenses( item.licenses ),
		expiry: num( item.expiry ),
		expiry_date: str( item.expiry_date ),
		share_user_id: num( item.share_user_id ),
		share_user: shareUser,
		shared_with: sharedWith,
		download_link: str( item.download_link ),
		product_link: str( item.product_link ),
		contract_id: num( item.contract_id ),
		free_item: bool( item.free_item ),
		user_id: num( item.user_id ),
		product: {
			type: isRecord( item.product ) ? str( item.product.type ) : '',
		},
		video_data: {
			progress: {
				count: num( progress.count ),
				time: num( progress.time ),
				parts: parts.filter( isRecord ).map( ( part ) => ( {
					count: num( part.count ),
					time: num( part.time ),
				} ) ),
			},
			pdf: typeof pdf === 'string' && pdf !== '' ? pdf : false,
			completed_at: num( videoData.completed_at ),
			completed_date: str( videoData.completed_date ),
		},
		// An unknown decision never opens anything: no access, no status badge beyond "Not Started".
		status: oneOf< ItemStatusKey >(
			ITEM_STATUS_KEYS,
			item.status,
			'not-started'
		),
		playback_status: oneOf< PlaybackStatusKey >(
			PLAYBACK_STATUS_KEYS,
			item.playback_status,
			'not-started'
		),
		access: oneOf< AccessKind >( ACCESS_KINDS, item.access, 'no_license' ),
		expiring_licenses: num( item.expiring_licenses ),
		can_share: bool( item.can_share ),
		// An unknown viewer is a team member: no counts and no sharing controls.
		viewer: oneOf< ItemViewer >( ITEM_VIEWERS, item.viewer, 'team_member' ),
		shared_by: str( item.shared_by ),
		share_controls: bool( item.share_controls ),
		pending_invites: num( item.pending_invites ),
		// An unknown action offers nothing.
		primary_action: normalizePrimaryAction( item.primary_action ),
	};
}

/**
 * The server's primary action of a row; anything unknown is no action.
 *
 * @param value The reply's `primary_action`.
 */
function normalizePrimaryAction( value: unknown ): PrimaryAction {
	if ( ! isRecord( value ) ) {
		return { kind: 'none', url: '' };
	}
	const kind = oneOf< PrimaryActionKind >(
		PRIMARY_ACTION_KINDS,
		value.kind,
		'none'
	);
	return { kind, url: kind === 'none' ? '' : str( value.url ) };
}

/**
 * Loads the current user's library. Failures are logged and rethrown: the screens tell the
 * customer the library could not be loaded (the spec's silent fallback is for notifications only).
 */
export async function fetchItems(): Promise< LibraryItem[] > {
	try {
		const data = dataOf(
			await request( { path: 'library/v2/items/', method: 'GET' } )
		);
		return Array.isArray( data ) ? data.map( normalizeItem ) : [];
	} catch ( error: unknown ) {
		// eslint-disable-next-line no-console
		console.error( 'library-portal: could not load library items', error );
		throw error;
	}
}
