/**
 * Entry: sets the chunk URL, then mounts each [data-island] node. The shell (router) is part of
 * this entry; the screens are lazy island chunks loaded by route (see islands/loaders.ts).
 */

/**
 * Internal dependencies
 */
import './public-path';
import { mountShell } from './islands/shell';

const mounters: Record< string, ( node: HTMLElement ) => void > = {
	shell: mountShell,
};

function mountIslands(): void {
	document
		.querySelectorAll< HTMLElement >( '[data-island]' )
		.forEach( ( node ) => {
			const mount = mounters[ node.dataset.island ?? '' ];
			if ( mount && node.dataset.islandMounted !== 'true' ) {
				node.dataset.islandMounted = 'true';
				mount( node );
			}
		} );
}

if ( document.readyState === 'loading' ) {
	document.addEventListener( 'DOMContentLoaded', mountIslands );
} else {
	mountIslands();
}
