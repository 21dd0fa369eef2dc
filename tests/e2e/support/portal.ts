/**
 * The portal as the page sees it: its configuration object and the REST calls it makes.
 */
import { expect, type Page } from '@playwright/test';

interface PortalConfig {
	restNonce: string;
	pingNonce: string;
	contractData: {
		id: number;
		title: string;
		organizer: { name: string; email: string };
	} | null;
	contracts: { id: number; title: string; ended: boolean }[];
	brand: string;
	logo: string;
	walkthroughVideo: string;
}

/**
 * `window.libraryPortalConfig` of the page currently open (docs/contract.md).
 *
 * @param page Playwright page showing the portal.
 */
export async function portalConfig( page: Page ): Promise< PortalConfig > {
	// After a redirect the new document may still be loading: wait for its inline config.
	const config = await page.waitForFunction(
		() =>
			( window as unknown as { libraryPortalConfig?: PortalConfig } )
				.libraryPortalConfig
	);
	return ( await config.jsonValue() ) as PortalConfig;
}

/**
 * GET a library/v2 route with the page's cookies and REST nonce, as the portal does; its `data`.
 *
 * @param page  Playwright page showing the portal.
 * @param route Route under /wp-json/library/v2/, e.g. 'items/'.
 */
export async function portalGet< T >(
	page: Page,
	route: string
): Promise< T > {
	const { restNonce } = await portalConfig( page );
	const response = await page.request.get( `/wp-json/library/v2/${ route }`, {
		headers: { 'X-WP-Nonce': restNonce },
	} );
	return ( ( await response.json() ) as { data: T } ).data;
}

/**
 * GET items/: the page's user's library rows.
 *
 * @param page Playwright page showing the portal.
 */
export function libraryItems< T >( page: Page ): Promise< T[] > {
	return portalGet< T[] >( page, 'items/' );
}

/**
 * A portal page's HTML without the replies printed into it (`initialReplies`, docs/contract.md),
 * as a page whose library is too large to print: the client asks the routes for its first data.
 *
 * @param html The page's HTML.
 */
export function withoutPrintedReplies( html: string ): string {
	return html.replace(
		'"initialReplies":{',
		'"initialReplies":{},"notPrinted":{'
	);
}

/**
 * Serves the portal's pages of this browser page without their printed replies.
 *
 * @param page Playwright page.
 */
export async function askRoutesForFirstData( page: Page ): Promise< void > {
	await page.route(
		( url ) => url.pathname.startsWith( '/my-account/library' ),
		async ( route ) => {
			if ( route.request().resourceType() !== 'document' ) {
				return route.fallback();
			}
			const response = await route.fetch();
			return route.fulfill( {
				response,
				body: withoutPrintedReplies( await response.text() ),
			} );
		}
	);
}

/**
 * Waits until the shell island has replaced the first screen the page printed before it mounted
 * (`[data-first-screen]`, PHP's FirstScreen): the printed top bar and first cards look like the
 * island's, but they are about to be detached, so reading or tabbing through them measures nodes
 * that are gone a moment later.
 *
 * @param page Playwright page showing the portal.
 */
export async function islandReplacedFirstScreen( page: Page ): Promise< void > {
	await expect( page.locator( '[data-first-screen]' ) ).toHaveCount( 0 );
}
