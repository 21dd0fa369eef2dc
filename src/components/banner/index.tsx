/**
 * A dismissible message strip (share invite, errors, results).
 */

/**
 * External dependencies
 */
import type { MouseEvent, ReactNode } from 'react';

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
	// The close button goes away with the banner: focus moves to the region it stood in
	// (the portal's <main>, focusable with tabindex -1) instead of falling to <body>.
	const close = ( event: MouseEvent< HTMLButtonElement > ) => {
		const region = event.currentTarget.closest< HTMLElement >(
			'main, [tabindex="-1"]'
		);
		onClose?.();
		region?.focus();
	};
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
					onClick={ close }
					aria-label={ closeLabel ?? __( 'Close', 'library-portal' ) }
				>
					<span aria-hidden="true">×</span>
				</button>
			) : null }
		</div>
	);
}
