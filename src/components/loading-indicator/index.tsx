/**
 * The loading animation (an accessible status with a visually hidden label).
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

export function LoadingIndicator( { label }: { label?: string } ) {
	return (
		<div className="lp-loading" role="status">
			<span className="lp-loading__spinner" aria-hidden="true" />
			<span className="lp-visually-hidden">
				{ label ?? __( 'Loading…', 'library-portal' ) }
			</span>
		</div>
	);
}
