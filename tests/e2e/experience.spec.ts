/**
 * What a customer meets on every screen, at 1280 px and 390 px: no accessibility violation
 * (axe-core, WCAG 2.2 AA), no jump while it loads (cumulative layout shift ≤ 0.05), and a
 * document title of its own. Then the keyboard: focus and announcements on navigation, the
 * mobile menu, the list's search in the address, and the filter panel at 320 px.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
	axeViolations,
	credentials,
	itemIdByTitle,
	layoutShift,
	libraryItems,
	logIn,
	MAX_LAYOUT_SHIFT,
	settle,
	watchLayoutShift,
} from './support';

const VIEWPORTS = [
	{ width: 1280, height: 900 },
	{ width: 390, height: 844 },
];

interface Screen {
	name: string;
	login: string;
	path: ( page: Page ) => Promise< string >;
}

const fixed = ( path: string ) => () => Promise.resolve( path );

async function firstItemPath( page: Page ): Promise< string > {
	await page.goto( '/my-account/library' );
	const items = await libraryItems< { product_id: number } >( page );
	expect( items.length, 'the demo owner has items' ).toBeGreaterThan( 0 );
	return `/my-account/library/videos/${ items[ 0 ]?.product_id }`;
}

/**
 * The detail (or, with `prefix` '/quiz', the test) of the logged-in user's item with this title.
 *
 * @param title  Item title.
 * @param prefix Route before the item's ID.
 */
const itemPath =
	( title: string, prefix = '/my-account/library/videos' ) =>
	async ( page: Page ): Promise< string > => {
		await page.goto( '/my-account/library' );
		return `${ prefix }/${ await itemIdByTitle( page, title ) }`;
	};

async function contractPath( page: Page ): Promise< string > {
	// The list, not the dashboard: a contract-only library's dashboard moves on to the contract.
	await page.goto( '/my-account/library/videos' );
	const items = await libraryItems< { contract_id: number } >( page );
	const contract = items.find( ( item ) => item.contract_id > 0 );
	expect(
		contract,
		'the demo contract user has a contract item'
	).toBeTruthy();
	return `/contract/${ contract?.contract_id }`;
}

const SCREENS: Screen[] = [
	{
		name: 'dashboard',
		login: 'demo-owner',
		path: fixed( '/my-account/library' ),
	},
	{
		name: 'list',
		login: 'demo-owner',
		path: fixed( '/my-account/library/videos' ),
	},
	{
		name: 'list-expired',
		login: 'demo-owner',
		path: fixed( '/my-account/library/videos?status=expired' ),
	},
	{ name: 'detail', login: 'demo-owner', path: firstItemPath },
	// The player (a workshop in parts), an e-manual, the test.
	{
		name: 'player',
		login: 'demo-owner',
		path: itemPath( 'Trauma-Informed Care' ),
	},
	{
		name: 'detail-e-manual',
		login: 'demo-owner',
		path: itemPath( 'CBT Skills Workbook' ),
	},
	{
		name: 'test',
		login: 'demo-owner',
		path: itemPath( 'Anxiety in Children and Adolescents', '/quiz' ),
	},
	{
		name: 'team',
		login: 'demo-owner',
		path: fixed( '/my-account/library/users' ),
	},
	{
		name: 'notifications',
		login: 'demo-owner',
		path: fixed( '/my-account/library/notifications' ),
	},
	{
		name: 'not-found',
		login: 'demo-owner',
		path: fixed( '/my-account/library/nowhere' ),
	},
	{
		name: 'member-list',
		login: 'demo-member',
		path: fixed( '/my-account/library/videos' ),
	},
	{ name: 'contract', login: 'demo-contract', path: contractPath },
];

for ( const viewport of VIEWPORTS ) {
	test.describe( `at ${ viewport.width } px`, () => {
		test.use( { viewport } );

		for ( const screen of SCREENS ) {
			test( `${ screen.name }: no axe violation, no jump, its own title`, async ( {
				page,
			} ) => {
				const user = credentials( screen.login );
				await logIn( page, user.login, user.password );
				const path = await screen.path( page );

				await watchLayoutShift( page );
				await page.goto( path );
				await settle( page );

				const shift = await layoutShift( page );
				expect(
					shift.value,
					`layout shift on ${ path }: ${ shift.sources.join( ', ' ) }`
				).toBeLessThanOrEqual( MAX_LAYOUT_SHIFT );

				const heading = await page
					.getByRole( 'heading', { level: 1 } )
					.innerText();
				expect( await page.title() ).toContain( heading.trim() );

				expect( await axeViolations( page ) ).toEqual( [] );

				await page.screenshot( {
					path: `artifacts/screenshots/${ screen.name }-${ viewport.width }.png`,
					fullPage: true,
				} );
			} );
		}
	} );
}

test.describe( 'keyboard and focus', () => {
	test.beforeEach( async ( { page } ) => {
		const owner = credentials( 'demo-owner' );
		await logIn( page, owner.login, owner.password );
	} );

	test( 'a route change moves focus to the new heading, announces it and retitles the page', async ( {
		page,
	} ) => {
		await page.goto( '/my-account/library' );
		await settle( page );
		const dashboardTitle = await page.title();

		const menu = page.getByRole( 'navigation', { name: 'Library menu' } );
		await menu
			.getByRole( 'link', { name: 'Library', exact: true } )
			.focus();
		await page.keyboard.press( 'Enter' );

		const heading = page.getByRole( 'heading', {
			level: 1,
			name: 'Library',
		} );
		await expect( heading ).toBeFocused();
		await expect( page ).not.toHaveTitle( dashboardTitle );
		await expect( page ).toHaveTitle( /^Library/ );
		await expect(
			page.locator( '[aria-live]' ).filter( { hasText: 'Library' } )
		).not.toHaveCount( 0 );

		// Enter on a card opens the item; focus follows to its heading.
		await page.locator( '.lp-item__link' ).first().focus();
		await page.keyboard.press( 'Enter' );
		await expect( page.getByRole( 'heading', { level: 1 } ) ).toBeFocused();
	} );

	test( 'on a phone, Tab after opening the menu goes into the menu', async ( {
		page,
	} ) => {
		await page.setViewportSize( { width: 390, height: 844 } );
		await page.goto( '/my-account/library' );
		await settle( page );

		const toggle = page.getByRole( 'button', { name: /menu/i } );
		await toggle.focus();
		await page.keyboard.press( 'Enter' );
		await expect( toggle ).toHaveAttribute( 'aria-expanded', 'true' );
		await page.keyboard.press( 'Tab' );

		const menu = page.getByRole( 'navigation', { name: 'Library menu' } );
		expect(
			await menu.evaluate( ( nav ) =>
				nav.contains( nav.ownerDocument.activeElement )
			)
		).toBe( true );

		await page.keyboard.press( 'Escape' );
		await expect( toggle ).toBeFocused();
		await expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
	} );

	test( 'the address follows the list search, so a reload keeps the new term', async ( {
		page,
	} ) => {
		await page.goto( '/my-account/library/videos?search=Grief' );
		await settle( page );
		const search = page.getByLabel( 'Search items' );
		await expect( search ).toHaveValue( 'Grief' );

		await search.fill( 'Play' );
		await expect( page ).toHaveURL( /[?&]search=Play(&|$)/ );
		await page.reload();
		await expect( page.getByLabel( 'Search items' ) ).toHaveValue( 'Play' );

		await page.getByLabel( 'Search items' ).fill( '' );
		await expect( page ).not.toHaveURL( /search=/ );
	} );

	test( 'at 320 px the filter fields stay inside their panel', async ( {
		page,
	} ) => {
		await page.setViewportSize( { width: 320, height: 700 } );
		await page.goto( '/my-account/library/videos' );
		await settle( page );

		const box = async ( locator: Locator ) => {
			const found = await locator.boundingBox();
			if ( ! found ) {
				throw new Error( 'not laid out' );
			}
			return found;
		};
		const panel = await box(
			page.getByRole( 'group', { name: 'Filter the library' } )
		);
		for ( const label of [ 'Search items', 'Content type', 'Status' ] ) {
			const field = await box( page.getByLabel( label ) );
			expect( field.x, label ).toBeGreaterThanOrEqual( panel.x );
			expect( field.x + field.width, label ).toBeLessThanOrEqual(
				panel.x + panel.width
			);
		}
		const overflow = await page.evaluate(
			() => document.documentElement.scrollWidth - window.innerWidth
		);
		expect( overflow, 'no sideways scrolling' ).toBeLessThanOrEqual( 0 );
	} );
} );
