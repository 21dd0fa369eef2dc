/**
 * The license count text and expiry line of an item (spec point 9), each shown only when it has text.
 */

/**
 * Internal dependencies
 */
import type { LibraryItem } from '../../api/types';
import { expiryLine, licenseCountText } from '../../domain/license';

export function LicenseLines( { item }: { item: LibraryItem } ) {
	const license = licenseCountText( item );
	const expiry = expiryLine( item );
	return (
		<>
			{ license !== '' ? (
				<p className="lp-item__licenses">{ license }</p>
			) : null }
			{ expiry !== '' ? (
				<p className="lp-item__expiry">{ expiry }</p>
			) : null }
		</>
	);
}
