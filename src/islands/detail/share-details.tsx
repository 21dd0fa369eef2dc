/**
 * Share Details tab: a clear placeholder until the sharing issue fills it; without access it
 * says so (spec point 6).
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { hasAccess } from '../../domain/detail';
import type { LibraryItem } from '../../types/library';

export function ShareDetails( { item }: { item: LibraryItem } ) {
	return (
		<div className="lp-share-details" data-testid="lp-share-details">
			{ ! hasAccess( item ) ? (
				<p className="lp-notice lp-notice--warning">
					{ __(
						"You don't have access to view this video content. You can manage sharing details below.",
						'library-portal'
					) }
				</p>
			) : null }
			<h2 className="lp-section-title">
				{ __( 'Share Details', 'library-portal' ) }
			</h2>
			<p>
				{ __(
					'Sharing details for this item are not available here yet. Please check back soon.',
					'library-portal'
				) }
			</p>
		</div>
	);
}
