/**
 * Deep links work on reload, and a logged-out visitor goes through the login and comes back.
 */
import { expect, test, type Page } from '@playwright/test';
import { credentials, fillLoginForm, libraryItems, logIn } from './support';

const LIBRARY_ROUTES = [
	'/my-account/library',
	'/my-account/library/videos',
	'/my-account/library/videos?status=expired',
	'/my-account/library/users',
	'/my-account/library/notifications',
];

/*
 * One route a test: each fresh load is its own test with its own time budget, so a busy machine
 * slows one page load, not thirteen inside one 30 s budget. The item routes read a
 * product id from the owner's library first.
 */
const ITEM_ROUTES = [
	( id: number ) => `/my-account/library/videos/${ id }`,
	( id: number ) => `/my-account/library/videos/${ id }?tag=member`,
	( id: number ) => `/quiz/${ id }`,
];
const OTHER_ROUTES = [
	...LIBRARY_ROUTES,
	'/contract/1',
	'/contract/1/users',
	'/shareseats/not-a-real-link',
];

/**
 * Loads `path` fresh as the demo owner, checks the portal serves it, and gives the page's errors
 * (uncaught ones and console errors: customers' consoles stay clean).
 *
 * @param page Playwright page, logged in.
 * @param path Portal path to load.
 */
async function loadPortalRoute(
	page: Page,
	path: string
): Promise< string[] > {
	const errors: string[] = [];
	page.on( 'pageerror', ( error ) => errors.push( error.message ) );
	// A failed call (a 404, a 500) shows in the console: customers' consoles stay clean.
	page.on( 'console', ( message ) => {
		if ( message.type() === 'error' ) {
			errors.push( `${ page.url() }: ${ message.text() }` );
		}
	} );
	const response = await page.goto( path );
	expect( response?.status(), path ).toBe( 200 );
	await expect( page.locator( '#library-portal-root' ), path ).toBeAttached();
	await expect( page.locator( '.lp-shell' ), path ).toBeVisible();
	await expect(
		page.getByText( 'Unexpected Application Error!' ),
		path
	).toHaveCount( 0 );
	return errors;
}

test.describe( 'every portal route serves the portal on a fresh load', () => {
	test.beforeEach( async ( { page } ) => {
		const owner = credentials( 'demo-owner' );
		await logIn( page, owner.login, owner.password );
	} );

	for ( const path of OTHER_ROUTES ) {
		test( path, async ( { page } ) => {
			expect( await loadPortalRoute( page, path ) ).toEqual( [] );
		} );
	}

	test( 'a member progress address', async ( { page } ) => {
		// Read in the test, not at collection: the logins file is written by the web server's seeding.
		const owner = credentials( 'demo-owner' );
		expect(
			await loadPortalRoute(
				page,
				`/my-account/library/users/${ owner.login.length }`
			)
		).toEqual( [] );
	} );

	for ( const [ index, route ] of ITEM_ROUTES.entries() ) {
		test( `item route ${ index + 1 }: ${ route( 0 ) }`, async ( {
			page,
		} ) => {
			await page.goto( '/my-account/library' );
			const items = await libraryItems< { product_id: number } >( page );
			const productId = items[ 0 ]?.product_id ?? 0;
			expect( productId ).toBeGreaterThan( 0 );
			expect( await loadPortalRoute( page, route( productId ) ) ).toEqual(
				[]
			);
		} );
	}
} );

test( 'a logged-out visitor is sent to log in and brought back to the deep link', async ( {
	page,
} ) => {
	const owner = credentials( 'demo-owner' );
	await page.goto( '/my-account/library/videos?status=expired' );

	await expect( page ).toHaveURL( /\/wp-login\.php\?redirect_to=/ );
	await fillLoginForm( page, owner.login, owner.password );
	await page.locator( '#wp-submit' ).click();

	await expect( page ).toHaveURL(
		/\/my-account\/library\/videos\?status=expired$/
	);
	await expect( page.getByLabel( 'Status' ) ).toHaveValue( 'expired' );
} );

test( "the portal page's own address leads to the library", async ( {
	page,
} ) => {
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password );
	await page.goto( '/library/' );
	await expect( page ).toHaveURL( /\/my-account\/library$/ );
} );
