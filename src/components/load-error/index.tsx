/**
 * Tells the customer their library could not be loaded, with a Retry button
 * (instead of an empty list and zero counts that look like an empty library).
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

export function LoadError( { onRetry }: { onRetry: () => void } ) {
	return (
		<div className="lp-load-error" role="alert">
			<p>{ __( "We couldn't load your library.", 'library-portal' ) }</p>
			<button
				type="button"
				className="lp-button lp-button--secondary"
				onClick={ onRetry }
			>
				{ __( 'Retry', 'library-portal' ) }
			</button>
		</div>
	);
}
