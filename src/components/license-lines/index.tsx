/**
 * The license count (one, in words) and expiry line of an item, each shown only when it has text.
 * A team member's row names who shared it instead of the owner's counts (the server's `viewer`).
 */

/**
 * WordPress dependencies
 */
import { __, _n, sprintf } from '@wordpress/i18n';

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
	return (
		<p className="lp-item__licenses">
			{ license }
			<PendingInvites count={ item.pending_invites } />
		</p>
	);
}

/**
 * The server's count of the owner's invitations still waiting, beside the seats they may
 * take: the seats stay "available" until someone accepts, so the count says why they may
 * go. Nothing when none wait (other people's rows always say 0).
 *
 * @param props       Props.
 * @param props.count Pending invitations, from the items reply.
 */
function PendingInvites( { count }: { count: number } ) {
	if ( count < 1 ) {
		return null;
	}
	return (
		<>
			<span aria-hidden="true"> · </span>
			<span
				className="lp-item__pending-invites"
				data-testid="lp-pending-invites"
			>
				{ sprintf(
					/* translators: %d: number of invitations e-mailed and not yet accepted, canceled or expired. */
					_n(
						'%d invitation pending',
						'%d invitations pending',
						count,
						'library-portal'
					),
					count
				) }
			</span>
		</>
	);
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
