/**
 * The license count text and expiry line of an item (spec point 9), each shown only when it has text.
 * A team member's row names who shared it instead of the owner's counts (the server's `viewer`).
 */

/**
 * WordPress dependencies
 */
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { LibraryItem } from '../../types/library';
import {
	expiryLine,
	licenseCountLabel,
	licenseCountText,
} from '../../domain/license';

function LicenseCount( { item }: { item: LibraryItem } ) {
	if ( item.viewer === 'team_member' ) {
		return (
			<p className="lp-item__licenses lp-item__shared-by">
				{ sprintf(
					/* translators: %s: name of the person who shared the license. */
					__( 'Shared with you by %s', 'library-portal' ),
					item.shared_by
				) }
			</p>
		);
	}
	const license = licenseCountText( item );
	const words = licenseCountLabel( item );
	if ( license === '' ) {
		return null;
	}
	return (
		<p className="lp-item__licenses">
			{ words !== '' ? (
				<>
					{ /* The spec's "1/3" stays; the words beside it are what a screen reader reads. */ }
					<span className="lp-item__license-count" aria-hidden="true">
						{ license }
					</span>{ ' ' }
					<span className="lp-item__license-words">{ words }</span>
				</>
			) : (
				license
			) }
		</p>
	);
}

export function LicenseLines( { item }: { item: LibraryItem } ) {
	const expiry = expiryLine( item );
	return (
		<>
			<LicenseCount item={ item } />
			{ expiry !== '' ? (
				<p className="lp-item__expiry">{ expiry }</p>
			) : null }
		</>
	);
}
