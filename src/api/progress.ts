/**
 * Progress reports: POST library/v2/video/progress/{id} `{ progress, part }`.
 * Normal reports go through api-fetch; final ones (pause, part change, page hide) through the
 * keepalive helper. The reply carries the updated item, progress and test readiness.
 */

/**
 * Internal dependencies
 */
import {
	ApiError,
	dataOf,
	errorMessage,
	request,
	retryAfterSeconds,
} from './client';
import { isRecord, record, str, bool, num } from './coerce';
import { isPortalErrorCode } from './error-codes';
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
		product_id: num( data.product_id ),
		item: isRecord( data.item ) ? normalizeItem( data.item ) : null,
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
			isRecord( body ) && str( body.message ) !== '',
			retryAfterSeconds( response.headers.get( 'Retry-After' ) )
		);
	}
	return normalizeProgressReply( dataOf( body ) );
}

/**
 * Whether a failed report stays queued and is sent again (docs/rules/learning-and-progress.md, "Watching: progress, activation, subtitles, media"): only a
 * refusal by the portal itself is final, a 4xx whose code is one of the portal's own (e.g. 409
 * progress_too_fast, 404 item_not_found): sending it again changes nothing. Everything else is
 * the platform's failure and is retried: no reply (status 0 or a fetch error), 5xx (WordPress
 * without its database answers 500 `wp_die`; a proxy 502-504) and WordPress's own 4xx (logged
 * out, an expired nonce), which a later page with a fresh session gets past.
 *
 * @param error What sendProgress rejected with.
 */
export function isRetriable( error: unknown ): boolean {
	return ! (
		error instanceof ApiError &&
		error.status >= 400 &&
		error.status < 500 &&
		isPortalErrorCode( error.code )
	);
}
