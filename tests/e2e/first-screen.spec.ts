/**
 * A phone's first screen (docs/rules/library-and-catalogue.md, "First screen on a phone"): the server prints the shell and the
 * screen's headings and first content, the first replies come inside the page, the images above
 * the fold load first, the item's poster is in the HTML, portal pages carry no emoji script and
 * no theme font, the local server compresses text, and the list's headings are in order.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
	budgetForPages,
	credentials,
	islandReplacedFirstScreen,
	itemIdByTitle,
	layoutShift,
	logIn,
	MAX_LAYOUT_SHIFT,
	settle,
	watchLayoutShift,
} from './support';

const owner = credentials( 'demo-owner' );
const HALF_WATCHED = 'Trauma-Informed Care';
const ITEMS_CALL = /\/library\/v2\/items\/?(\?|$)/;

/**
 * A page of a browser without JavaScript, logged in as the owner (the cookies of a real log-in).
 *
 * @param browser Browser.
 * @param page    A page of the test's (JavaScript) context, used to log in.
 */
async function pageWithoutScripts(
	browser: Browser,
	page: Page
): Promise< Page > {
	await logIn( page, owner.login, owner.password );
	const context = await browser.newContext( {
		javaScriptEnabled: false,
		storageState: await page.context().storageState(),
	} );
	return context.newPage();
}

test.describe( 'without JavaScript', () => {
	test( 'the dashboard shows the shell, its heading and the welcome text', async ( {
		browser,
		page,
	} ) => {
		const noScripts = await pageWithoutScripts( browser, page );
		await noScripts.goto( '/my-account/library' );

		await expect(
			noScripts.getByRole( 'heading', { level: 1, name: 'Dashboard' } )
		).toBeVisible();
		await expect(
			noScripts.getByRole( 'heading', {
				level: 2,
				name: /^Welcome, .+!$/,
			} )
		).toBeVisible();
		await expect(
			noScripts.getByText( /^Watch this short walkthrough to see how/ )
		).toBeVisible();
		const menu = noScripts.getByRole( 'navigation', {
			name: 'Library menu',
		} );
		await expect(
			menu.getByRole( 'link', { name: 'Library', exact: true } )
		).toHaveAttribute( 'href', /\/my-account\/library\/videos$/ );
		await noScripts.context().close();
	} );

	test( 'the list shows its heading, description and first cards; the first image loads first', async ( {
		browser,
		page,
	} ) => {
		const noScripts = await pageWithoutScripts( browser, page );
		await noScripts.goto( '/my-account/library/videos' );

		await expect(
			noScripts.getByRole( 'heading', { level: 1, name: 'Library' } )
		).toBeVisible();
		await expect(
			noScripts.getByText(
				'Access your purchased on-demand workshops, webinars, and e-manuals below.'
			)
		).toBeVisible();
		const cards = noScripts
			.getByRole( 'list', { name: 'Library items' } )
			.getByRole( 'article' );
		await expect( cards.first() ).toBeVisible();
		const first = cards.first().locator( 'img' );
		await expect( first ).toHaveAttribute( 'loading', 'eager' );
		await expect( first ).toHaveAttribute( 'fetchpriority', 'high' );
		await noScripts.context().close();
	} );

	test( "an item page carries its title and the video's poster", async ( {
		browser,
		page,
	} ) => {
		const noScripts = await pageWithoutScripts( browser, page );
		await page.goto( '/my-account/library/videos' );
		const id = await itemIdByTitle( page, HALF_WATCHED );
		await noScripts.goto( `/my-account/library/videos/${ id }` );

		await expect(
			noScripts.getByRole( 'heading', { level: 1, name: HALF_WATCHED } )
		).toBeVisible();
		const poster = noScripts.locator( 'img.lp-player__poster' );
		await expect( poster ).toHaveAttribute( 'fetchpriority', 'high' );
		const printed = ( await poster.getAttribute( 'src' ) ) ?? '';
		expect( printed ).not.toBe( '' );
		await noScripts.context().close();

		// The player opens with the same poster (the part it resumes in).
		await page.goto( `/my-account/library/videos/${ id }` );
		await expect( page.getByTestId( 'lp-player-video' ) ).toHaveAttribute(
			'poster',
			printed
		);
	} );

	test( 'the notifications page shows its entries as the island does; the team page its heading', async ( {
		browser,
		page,
	} ) => {
		budgetForPages( 5 );
		const noScripts = await pageWithoutScripts( browser, page );
		await noScripts.goto( '/my-account/library/notifications' );

		await expect(
			noScripts.getByRole( 'heading', {
				level: 1,
				name: 'Notifications',
			} )
		).toBeVisible();
		const printedEntries = noScripts.locator( '.lp-notification' );
		await expect( printedEntries.first() ).toBeVisible();
		const printed = await printedEntries.allTextContents();
		// The controls are drawn inert: what is pressed before the island takes over would be lost.
		const hide = noScripts.locator( '.lp-notification__hide' ).first();
		await expect( hide ).toHaveText( 'Hide' );
		await hide.focus();
		await expect( hide ).not.toBeFocused();
		await noScripts.goto( '/my-account/library/users' );
		await expect(
			noScripts.getByRole( 'heading', {
				level: 1,
				name: 'Team Member Progress',
			} )
		).toBeVisible();
		await expect(
			noScripts
				.getByRole( 'navigation', { name: 'Library menu' } )
				.getByRole( 'link', { name: 'Manage My Team' } )
		).toHaveAttribute( 'aria-current', 'page' );
		await noScripts.context().close();

		// The printed screen passes axe (scripts run, but not the portal's: it stays printed).
		await page.route( /\/build\/index\.js/, ( route ) => route.abort() );
		await page.goto( '/my-account/library/notifications' );
		await expect( page.locator( '[data-first-screen]' ) ).toHaveCount( 1 );
		const printedAxe = await new AxeBuilder( { page } )
			.withTags( [
				'wcag2a',
				'wcag2aa',
				'wcag21a',
				'wcag21aa',
				'wcag22aa',
			] )
			.include( '[data-first-screen]' )
			.analyze();
		expect(
			printedAxe.violations.map( ( violation ) => violation.id )
		).toEqual( [] );
		await page.unroute( /\/build\/index\.js/ );

		// The island draws the same entries, in the same words and order.
		await page.goto( '/my-account/library/notifications' );
		await islandReplacedFirstScreen( page );
		await expect(
			page.getByRole( 'button', { name: /^Hide notification: / } ).first()
		).toBeVisible();
		await expect( page.locator( '.lp-notification' ) ).toHaveText(
			printed
		);
	} );
} );

test.describe( 'with JavaScript', () => {
	test.beforeEach( async ( { page } ) => {
		await logIn( page, owner.login, owner.password );
		await page.goto( 'about:blank' );
	} );

	test( 'the first screen needs no items call: the reply in the page is the REST reply', async ( {
		page,
	} ) => {
		const calls: string[] = [];
		page.on( 'request', ( request ) => {
			if ( ITEMS_CALL.test( request.url() ) ) {
				calls.push( request.url() );
			}
		} );
		await page.goto( '/my-account/library/videos' );
		await expect(
			page.getByRole( 'list', { name: 'Library items' } )
		).toBeVisible();
		await islandReplacedFirstScreen( page );
		expect( calls ).toEqual( [] );

		const printed = await page.evaluate(
			() =>
				(
					window as unknown as {
						libraryPortalConfig: {
							initialReplies: Record< string, unknown >;
						};
					}
				 ).libraryPortalConfig.initialReplies[ 'library/v2/items/' ]
		);
		const nonce = await page.evaluate(
			() =>
				(
					window as unknown as {
						libraryPortalConfig: { restNonce: string };
					}
				 ).libraryPortalConfig.restNonce
		);
		const reply = await page.request.get( '/wp-json/library/v2/items/', {
			headers: { 'X-WP-Nonce': nonce },
		} );
		expect( printed ).toEqual( await reply.json() );
	} );

	test( "the island's first cards load their images at once and first, the others lazily", async ( {
		page,
	} ) => {
		await page.goto( '/my-account/library/videos' );
		const images = page
			.getByRole( 'list', { name: 'Library items' } )
			.locator( 'img.lp-item__image' );
		await expect( images.first() ).toHaveAttribute( 'loading', 'eager' );
		await expect( images.first() ).toHaveAttribute(
			'fetchpriority',
			'high'
		);
		await expect( images.nth( 3 ) ).toHaveAttribute( 'loading', 'lazy' );
		await expect( images.nth( 3 ) ).not.toHaveAttribute( 'fetchpriority' );
	} );

	test( 'the headings of the list are in order (h1, then h2 cards and sections, h3 in sections)', async ( {
		page,
	} ) => {
		await page.goto( '/my-account/library/videos' );
		await expect(
			page.getByRole( 'heading', { level: 2, name: 'Expired Items' } )
		).toBeVisible();
		const results = await new AxeBuilder( { page } )
			.withRules( [ 'heading-order' ] )
			.analyze();
		expect(
			results.violations.map( ( violation ) =>
				violation.nodes.map( ( node ) => node.target.join( ' ' ) )
			)
		).toEqual( [] );
	} );

	for ( const width of [ 390, 1280 ] ) {
		test( `the island takes the first screen's place without a layout shift at ${ width } px`, async ( {
			page,
		} ) => {
			budgetForPages( 5 ); // The log-in (in beforeEach) and four portal addresses.
			await page.setViewportSize( { width, height: 844 } );
			await watchLayoutShift( page );
			for ( const address of [
				'/my-account/library',
				'/my-account/library/videos',
				'/my-account/library/users',
				'/my-account/library/notifications',
			] ) {
				await page.goto( address );
				await settle( page );
				await islandReplacedFirstScreen( page );
				const shift = await layoutShift( page );
				expect( shift.value, shift.sources.join( '\n' ) ).toBeLessThan(
					MAX_LAYOUT_SHIFT
				);
			}
		} );
	}
} );

test( 'portal pages leave out the emoji script and the theme fonts; other pages keep them', async ( {
	page,
} ) => {
	await logIn( page, owner.login, owner.password );
	const portal = await (
		await page.request.get( '/my-account/library' )
	).text();
	const home = await ( await page.request.get( '/' ) ).text();

	expect( portal ).toContain( 'id="library-portal-root"' );
	expect( portal ).not.toContain( '_wpemojiSettings' );
	expect( portal ).not.toContain( '@font-face' );
	expect( home ).toContain( '_wpemojiSettings' );
	expect( home ).toContain( '@font-face' );
} );

test( 'the local server sends the scripts and styles gzip-compressed', async ( {
	page,
} ) => {
	for ( const file of [ 'build/index.js', 'build/brand-harbor.css' ] ) {
		const response = await page.request.get(
			`/wp-content/plugins/library-portal/${ file }`,
			{ headers: { 'Accept-Encoding': 'gzip' } }
		);
		expect( response.status(), file ).toBe( 200 );
		expect( response.headers()[ 'content-encoding' ], file ).toBe( 'gzip' );
		expect( ( await response.body() ).length, file ).toBeGreaterThan( 0 );
	}
} );
