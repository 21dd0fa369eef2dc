/**
 * Deep links work on reload, and a logged-out visitor goes through the login and comes back.
 */
import { expect, test } from '@playwright/test';
import { credentials, libraryItems, logIn } from './support';

const LIBRARY_ROUTES = [
	'/my-account/library',
	'/my-account/library/videos',
	'/my-account/library/videos?status=expired',
	'/my-account/library/users',
	'/my-account/library/notifications',
];

test( 'every portal route serves the portal on a fresh load', async ( {
	page,
} ) => {
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password );
	const errors: string[] = [];
	page.on( 'pageerror', ( error ) => errors.push( error.message ) );
	// A failed call (a 404, a 500) shows in the console: customers' consoles stay clean.
	page.on( 'console', ( message ) => {
		if ( message.type() === 'error' ) {
			errors.push( `${ page.url() }: ${ message.text() }` );
		}
	} );

	await page.goto( '/my-account/library' );
	const items = await libraryItems< { product_id: number } >( page );
	const productId = items[ 0 ]?.product_id ?? 0;
	expect( productId ).toBeGreaterThan( 0 );

	for ( const path of [
		...LIBRARY_ROUTES,
		`/my-account/library/videos/${ productId }`,
		`/my-account/library/videos/${ productId }?tag=member`,
		`/my-account/library/users/${ owner.login.length }`,
		`/quiz/${ productId }`,
		'/contract/1',
		'/contract/1/users',
		'/shareseats/not-a-real-link',
	] ) {
		const response = await page.goto( path );
		expect( response?.status(), path ).toBe( 200 );
		await expect(
			page.locator( '#library-portal-root' ),
			path
		).toBeAttached();
		await expect( page.locator( '.lp-shell' ), path ).toBeVisible();
		await expect(
			page.getByText( 'Unexpected Application Error!' ),
			path
		).toHaveCount( 0 );
	}
	expect( errors ).toEqual( [] );
} );

test( 'a logged-out visitor is sent to log in and brought back to the deep link', async ( {
	page,
} ) => {
	const owner = credentials( 'demo-owner' );
	await page.goto( '/my-account/library/videos?status=expired' );

	await expect( page ).toHaveURL( /\/wp-login\.php\?redirect_to=/ );
	await page.locator( '#user_login' ).fill( owner.login );
	await page.locator( '#user_pass' ).fill( owner.password );
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
