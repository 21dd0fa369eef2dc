/**
 * The portal's own error codes, from the list the server documents (includes/Core/error-codes.json,
 * kept equal to the codes the PHP makes by tests/php/Rest/ErrorCodesTest.php). A 4xx reply with
 * one of them is the portal's judgement; anything else (WordPress without its database answering
 * `wp_die`, a proxy's 502-504, a lost nonce) is the platform's.
 */

/**
 * Internal dependencies
 */
import documented from '../../includes/Core/error-codes.json';

export const PORTAL_ERROR_CODES: readonly string[] = documented.codes;

const known = new Set( PORTAL_ERROR_CODES );

/**
 * Whether a reply's code is one of the portal's own.
 *
 * @param code The reply's `code`.
 */
export const isPortalErrorCode = ( code: string ): boolean => known.has( code );
