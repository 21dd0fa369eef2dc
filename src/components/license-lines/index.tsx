/**
 * The license count text and expiry line of an item (spec point 9), each shown only when it has text.
 */

/**
 * Internal dependencies
 */
import type { LibraryItem } from '../../types/library';
import {
	expiryLine,
	licenseCountLabel,
	licenseCountText,
} from '../../domain/license';

export function LicenseLines( { item }: { item: LibraryItem } ) {
	const license = licenseCountText( item );
	const label = licenseCountLabel( item );
	const expiry = expiryLine( item );
	return (
		<>
			{ license !== '' ? (
				<p className="lp-item__licenses">
					{ /* The spec's bare "0/1" stays visible; the label says what the numbers are. */ }
					{ label !== '' ? (
						<span aria-label={ label } title={ label } role="img">
							{ license }
						</span>
					) : (
						license
					) }
				</p>
			) : null }
			{ expiry !== '' ? (
				<p className="lp-item__expiry">{ expiry }</p>
			) : null }
		</>
	);
}
