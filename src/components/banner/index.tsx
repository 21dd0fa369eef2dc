/**
 * A dismissible message strip (share invite, errors, results).
 */

/**
 * External dependencies
 */
import type { ReactNode } from 'react';

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

export interface BannerProps {
	tone: 'info' | 'success' | 'error' | 'warning';
	children: ReactNode;
	/** Shows a close control when given. */
	onClose?: () => void;
	closeLabel?: string;
	actions?: ReactNode;
}

export function Banner( {
	tone,
	children,
	onClose,
	closeLabel,
	actions,
}: BannerProps ) {
	return (
		<div
			className={ `lp-banner lp-banner--${ tone }` }
			role={ tone === 'error' ? 'alert' : 'status' }
		>
			<div className="lp-banner__content">{ children }</div>
			{ actions ? (
				<div className="lp-banner__actions">{ actions }</div>
			) : null }
			{ onClose ? (
				<button
					type="button"
					className="lp-banner__close"
					onClick={ onClose }
					aria-label={ closeLabel ?? __( 'Close', 'library-portal' ) }
				>
					<span aria-hidden="true">×</span>
				</button>
			) : null }
		</div>
	);
}
