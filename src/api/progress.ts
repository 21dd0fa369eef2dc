/**
 * Progress reports: POST library/v2/video/progress/{id} `{ progress, part }`.
 * Normal reports go through api-fetch; final ones (pause, part change, page hide) through the
 * keepalive helper. The reply carries the updated item, progress and test readiness.
 */

/**
 * Internal dependencies
 */
import { ApiError, dataOf, errorMessage, request } from './client';
import { isRecord, record, str, bool } from './coerce';
import { normalizeItem } from './items';
import { postKeepalive } from './keepalive';
import {
	normalizePartsProgress,
	normalizeTest,
	scopeQuery,
	type ItemScope,
} from './video';
import type { ProgressReply } from '../types/library';

export interface ProgressReport extends ItemScope {
	productId: number;
	part: number;
	/** A whole PROGRESS_STEP_PERCENT step, 0-100. */
	progress: number;
}

/** The server refused a jump larger than the time since the last report allows. */
export const PROGRESS_TOO_FAST = 'progress_too_fast';

export function normalizeProgressReply( raw: unknown ): ProgressReply {
	const data = record( raw );
	return {
		item: normalizeItem( data.item ),
		progress: normalizePartsProgress( data.progress ),
		test: normalizeTest( data.test ),
		activated: bool( data.activated ),
	};
}

const reportPath = ( report: ProgressReport ): string =>
	`library/v2/video/progress/${ report.productId }${ scopeQuery( report ) }`;

const reportBody = ( report: ProgressReport ) => ( {
	progress: report.progress,
	part: report.part,
} );

/**
 * Sends one report. Rejects with ApiError for a refused report (e.g. 409 progress_too_fast)
 * and with the fetch error when the request did not reach the server.
 *
 * @param report    The report.
 * @param keepalive Send with fetch keepalive (final reports).
 */
export async function sendProgress(
	report: ProgressReport,
	keepalive = false
): Promise< ProgressReply > {
	if ( ! keepalive ) {
		const reply = await request( {
			path: reportPath( report ),
			method: 'POST',
			data: reportBody( report ),
		} );
		return normalizeProgressReply( dataOf( reply ) );
	}
	const response = await postKeepalive(
		reportPath( report ),
		reportBody( report )
	);
	let body: unknown;
	try {
		body = await response.json();
	} catch {
		body = undefined;
	}
	if ( ! response.ok ) {
		const code = isRecord( body ) ? str( body.code ) : '';
		throw new ApiError(
			errorMessage( body, response.status, response.statusText ),
			response.status,
			code,
			body,
			isRecord( body ) && str( body.message ) !== ''
		);
	}
	return normalizeProgressReply( dataOf( body ) );
}

/**
 * Whether a failed report should be kept and sent again when the connection returns:
 * the request never reached the server, or the server was briefly unavailable. Refusals
 * (4xx, including progress_too_fast) are final.
 *
 * @param error What sendProgress rejected with.
 */
export function isRetriable( error: unknown ): boolean {
	if ( error instanceof ApiError ) {
		return error.status === 0 || error.status >= 502;
	}
	return true;
}
