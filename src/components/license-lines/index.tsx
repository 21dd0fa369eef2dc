/**
 * The license count (one, in words) and expiry line of an item (spec point 9), each shown only when it has text.
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
import { expiryLine, licenseCountText } from '../../domain/license';

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
	if ( license === '' ) {
		return null;
	}
	return <p className="lp-item__licenses">{ license }</p>;
}

/**
 * @param props            Props.
 * @param props.item       Library item.
 * @param props.withExpiry Whether to say the expiry ('Expires:'/'Expired:'); off where another
 *                         notice on the same screen already says when access ended.
 */
export function LicenseLines( {
	item,
	withExpiry = true,
}: {
	item: LibraryItem;
	withExpiry?: boolean;
} ) {
	const expiry = withExpiry ? expiryLine( item ) : '';
	return (
		<>
			<LicenseCount item={ item } />
			{ expiry !== '' ? (
				<p className="lp-item__expiry">{ expiry }</p>
			) : null }
		</>
	);
}
