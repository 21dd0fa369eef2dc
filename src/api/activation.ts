/**
 * POST library/v2/activate-manual-license/{id}: activates a seat (once) before an e-manual
 * download. Reply `data { item, status, message }`; without a seat 409 with `data.error`.
 */

/**
 * Internal dependencies
 */
import { ApiError, dataOf, request } from './client';
import { isRecord, record, str } from './coerce';
import { normalizeItem } from './items';
import { scopeQuery, type ItemScope } from './video';
import type { ActivationReply } from '../types/library';

export function normalizeActivation( raw: unknown ): ActivationReply {
	const data = record( raw );
	return {
		item: normalizeItem( data.item ),
		status:
			data.status === 'already_active' ? 'already_active' : 'activated',
		message: str( data.message ),
	};
}

/**
 * The server's text of a refused activation (`data.error`, else the message), '' when none.
 *
 * @param error What activateManualLicense rejected with.
 */
export function activationErrorText( error: unknown ): string {
	if ( ! ( error instanceof ApiError ) ) {
		return '';
	}
	const body = record( error.body );
	const data = record( body.data );
	if ( str( data.error ) !== '' ) {
		return str( data.error );
	}
	return error.fromBody ? error.message : '';
}

export async function activateManualLicense(
	productId: number,
	scope: ItemScope = {}
): Promise< ActivationReply > {
	const reply = await request( {
		path: `library/v2/activate-manual-license/${ productId }${ scopeQuery(
			scope
		) }`,
		method: 'POST',
	} );
	const data = dataOf( reply );
	return normalizeActivation( isRecord( data ) ? data : {} );
}
