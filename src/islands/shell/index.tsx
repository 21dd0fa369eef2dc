/**
 * The shell island: router (basename = config.basePath) around the layout and routes.
 */

/**
 * External dependencies
 */
import { BrowserRouter } from 'react-router-dom';

/**
 * WordPress dependencies
 */
import { createRoot, startTransition } from '@wordpress/element';

/**
 * Internal dependencies
 */
import { setupApiFetch } from '../../api/client';
import { getConfig } from '../../config';
import { mountOverFirstScreen } from '../../lib/first-screen';
import { ROUTER_FUTURE } from '../../lib/router-future';
import { PortalRoutes } from './routes';

export function Shell() {
	const { basePath } = getConfig();
	return (
		<BrowserRouter
			basename={ basePath === '' ? '/' : basePath }
			future={ ROUTER_FUTURE }
		>
			<PortalRoutes />
		</BrowserRouter>
	);
}

/**
 * Mounts the shell into its [data-island="shell"] node; it takes the place of the first screen
 * the server printed there once its own screen is drawn (src/lib/first-screen.ts).
 *
 * @param node Mount node.
 */
export function mountShell( node: HTMLElement ): void {
	setupApiFetch();
	mountOverFirstScreen( node, ( container ) => {
		const root = createRoot( container );
		// A transition renders in slices of a few milliseconds with the page free between them
		// (a phone's main thread is never blocked for long), where a plain first render is one
		// task; the server's first screen is on view meanwhile, so nothing waits for it.
		startTransition( () => root.render( <Shell /> ) );
	} );
}
