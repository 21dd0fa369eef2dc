/**
 * Smoke test: a seeded owner logs in and the portal page serves the island mount node.
 */
import { expect, test } from '@playwright/test';
import { credentials, LibraryPage, logIn, wpPhp } from './support';
import { caughtMail } from './support/mail';

test( 'demo owner logs in and reaches the portal mount node', async ( {
	page,
} ) => {
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password );

	const portal = new LibraryPage( page );
	const response = await portal.goto();

	expect( response?.status() ).toBe( 200 );
	expect( await response?.text() ).toContain( 'id="library-portal-root"' );
	await expect( portal.root ).toBeAttached();
	await portal.screenshot( 'smoke-library' );
} );

test( "the sidebar's Logout logs out at once (no 'Do you really want to log out?' page)", async ( {
	page,
} ) => {
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password );
	const portal = new LibraryPage( page );
	await portal.goto();
	const menu = page.getByRole( 'navigation', { name: 'Library menu' } );

	await menu.getByRole( 'link', { name: 'Logout' } ).click();
	// The sidebar follows links after a 10 ms delay (spec): wait until the portal is left.
	await page.waitForURL(
		( url ) => ! url.pathname.startsWith( '/my-account/library' )
	);

	// Without a valid nonce WordPress would stop on wp-login.php?action=logout and ask.
	expect( page.url() ).not.toContain( 'action=logout' );
	await expect(
		page.getByText( 'Do you really want to log out?' )
	).toHaveCount( 0 );
	const again = await page.goto( '/my-account/library' );
	expect( again?.url() ).toContain( 'wp-login.php' );
	await expect( page.locator( '#user_login' ) ).toBeVisible();
} );

test( 'mail sent by PHP run from the command line for the site lands in its sink, as the server’s does', async () => {
	// Tests run background jobs themselves through bin/wp-php; their e-mails must be caught too.
	const to = `cli-${ Date.now() }@example.com`;
	expect(
		wpPhp(
			`echo wp_mail( '${ to }', 'Sent from the command line', 'A probe.' ) ? 'sent' : 'not sent';`
		)
	).toBe( 'sent' );
	await expect
		.poll( () =>
			caughtMail()
				.filter( ( mail ) => mail.to.includes( to ) )
				.map( ( mail ) => mail.subject )
		)
		.toEqual( [ 'Sent from the command line' ] );
} );
