/**
 * The portal's own screen for an address it does not know: says so and offers the way back
 * (the dashboard and the library) instead of the router's bare error page.
 */

/**
 * External dependencies
 */
import { Link } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { paths } from '../../domain/paths';
import { ScreenTitle } from '../screen-title';

export function NotFound() {
	return (
		<section className="lp-card lp-not-found" data-testid="lp-not-found">
			<ScreenTitle
				className="lp-page-title"
				title={ __( 'Page not found', 'library-portal' ) }
			/>
			<p>
				{ __(
					'This address is not part of your library. It may have been mistyped or moved.',
					'library-portal'
				) }
			</p>
			<p className="lp-not-found__links">
				<Link className="lp-button" to={ paths.dashboard() }>
					{ __( 'Go to the dashboard', 'library-portal' ) }
				</Link>{ ' ' }
				<Link
					className="lp-button lp-button--secondary"
					to={ paths.list() }
				>
					{ __( 'Go to the library', 'library-portal' ) }
				</Link>
			</p>
		</section>
	);
}
