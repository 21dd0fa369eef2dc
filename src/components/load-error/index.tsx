/**
 * Tells the customer their library (or another resource) could not be loaded, with a Retry button
 * (instead of an empty list and zero counts that look like an empty library).
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

export interface LoadErrorProps {
	onRetry: () => void;
	/** What could not be loaded; the library by default. */
	message?: string;
}

export function LoadError( { onRetry, message }: LoadErrorProps ) {
	return (
		<div className="lp-load-error" role="alert">
			<p>
				{ message ??
					__(
						'Your library could not be loaded. Please try again.',
						'library-portal'
					) }
			</p>
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
