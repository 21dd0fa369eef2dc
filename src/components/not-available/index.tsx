/**
 * An honest placeholder for screens that later issues build.
 */

/**
 * External dependencies
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { ScreenTitle } from '../screen-title';

export interface NotAvailableProps {
	title: string;
	backTo: string;
	children?: ReactNode;
}

export function NotAvailable( { title, backTo, children }: NotAvailableProps ) {
	return (
		<section
			className="lp-card lp-not-available"
			aria-labelledby="lp-not-available-title"
		>
			<ScreenTitle id="lp-not-available-title" title={ title } />
			{ children }
			<p>
				{ __(
					'This part of the library is not available yet. Please check back soon.',
					'library-portal'
				) }
			</p>
			<p>
				<Link className="lp-button lp-button--secondary" to={ backTo }>
					{ __( 'Back to the library', 'library-portal' ) }
				</Link>
			</p>
		</section>
	);
}
