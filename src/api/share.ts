/**
 * Share invite actions (banner of the /shareseats/{encoded} link target):
 * POST library/v2/accept-share, dismiss-share, request-license with body { encoded }.
 */

/**
 * Internal dependencies
 */
import { request } from './client';

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

export const dismissShare = ( encoded: string ) =>
	post( 'library/v2/dismiss-share', encoded );

export const requestLicense = ( encoded: string ) =>
	post( 'library/v2/request-license', encoded );
