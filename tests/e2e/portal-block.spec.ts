/**
 * The portal as a block: an admin puts it on a new page in the block editor, by the inserter's
 * slash command as a person types it, and publishes the page; a customer opening that page sees
 * the portal (its dashboard), with no axe violation on the page.
 */
import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	checkScreens,
	credentials,
	fillLoginForm,
	islandReplacedFirstScreen,
	logIn,
	logOut,
	wpPhp,
} from './support';

test.use( { viewport: { width: 1280, height: 900 } } );

/**
 * Closes what the block editor opens over a new page, as a person would: the welcome guide (the
 * first visit) and then the "Choose a pattern" modal (where the theme offers page patterns, as
 * Twenty Twenty-Four does; it opens once the patterns have loaded, after the guide).
 *
 * @param page Playwright page.
 */
async function closeEditorModals( page: Page ): Promise< void > {
	for ( const name of [
		/Welcome to the block editor/,
		'Choose a pattern',
	] ) {
		const dialog = page.getByRole( 'dialog', { name } );
		const shown = await dialog
			.waitFor( { state: 'visible', timeout: 10_000 } )
			.then(
				() => true,
				() => false
			);
		if ( shown ) {
			await dialog
				.getByRole( 'button', { name: 'Close' } )
				.first()
				.click();
			await expect( dialog ).toBeHidden();
		}
	}
	await expect( page.locator( '.components-modal__frame' ) ).toHaveCount( 0 );
}

test( 'an admin inserts the portal block on a new page; a customer sees the portal there', async ( {
	page,
} ) => {
	test.setTimeout( 90_000 );
	const admin = credentials( 'admin' );
	await logIn( page, admin.login, admin.password );
	const title = `Members area ${ Date.now() }`;

	await page.goto( '/wp-admin/post-new.php?post_type=page' );
	const canvas = page.frameLocator( 'iframe[name="editor-canvas"]' );
	await expect(
		canvas.getByRole( 'textbox', { name: 'Add title' } )
	).toBeVisible( { timeout: 30_000 } );
	await closeEditorModals( page );

	await canvas.getByRole( 'textbox', { name: 'Add title' } ).click();
	await page.keyboard.type( title );
	await page.keyboard.press( 'Enter' ); // A new paragraph under the title.
	await page.keyboard.type( '/library portal' );
	const option = page.getByRole( 'option', { name: /Library Portal/ } );
	await expect( option ).toBeVisible();
	await page.keyboard.press( 'Enter' );

	// The editor shows a placeholder that says what the block is.
	const placeholder = canvas.locator( '.components-placeholder' );
	await expect( placeholder ).toContainText( 'Library Portal' );
	await expect( placeholder ).toContainText(
		'The members’ training library appears here for logged-in customers'
	);

	await page
		.getByRole( 'region', { name: 'Editor top bar' } )
		.getByRole( 'button', { name: 'Publish', exact: true } )
		.click();
	await page
		.getByRole( 'region', { name: 'Editor publish' } )
		.getByRole( 'button', { name: 'Publish', exact: true } )
		.click();
	const view = page
		.getByRole( 'region', { name: 'Editor publish' } )
		.getByRole( 'link', { name: 'View Page' } );
	await expect( view ).toBeVisible();
	const address = new URL( ( await view.getAttribute( 'href' ) ) ?? '' );
	expect( address.pathname ).not.toBe( '/' );

	await logOut( page );
	const customer = credentials( 'demo-owner' );
	await logIn( page, customer.login, customer.password );
	await page.goto( address.pathname );

	// The portal's dashboard, drawn by the island (the printed first screen has gone).
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'Dashboard' } )
	).toBeVisible();
	await islandReplacedFirstScreen( page );
	await expect(
		page.getByRole( 'navigation', { name: 'Library menu' } )
	).toBeVisible();
	await expect( page ).toHaveURL( /\/my-account\/library$/ );
	expect( await axeViolations( page ) ).toEqual( [] );
} );

test( 'a logged-out visitor of a page holding the block sees a styled login prompt and logs in to the library', async ( {
	page,
} ) => {
	// A page of the site's own (not the portal's page, which sends a visitor to the library).
	const address = wpPhp( `
		$id = wp_insert_post( array( 'post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'Training for members ' . wp_generate_password( 6, false, false ), 'post_content' => '<!-- wp:library-portal/portal /-->' ) );
		echo wp_make_link_relative( get_permalink( $id ) );
	` ).trim();
	const scripts: string[] = [];
	page.on( 'request', ( request ) => {
		if ( request.resourceType() === 'script' ) {
			scripts.push( request.url() );
		}
	} );

	await page.goto( address );
	const prompt = page.getByRole( 'region', {
		name: 'Your training library',
	} );
	await expect( prompt ).toBeVisible();
	await expect( prompt ).toContainText( 'Log in to open your library.' );
	// In the brand's styles: the card's button has the brand's accent, not the theme's link look.
	const login = prompt.getByRole( 'link', { name: 'Log in' } );
	await expect( login ).toHaveCSS( 'background-color', 'rgb(11, 110, 121)' );
	expect(
		( await prompt.boundingBox() )?.width,
		'one card of reading width, not a full-width strip'
	).toBeLessThan( 600 );
	expect(
		scripts.filter( ( url ) => url.includes( '/library-portal/build/' ) ),
		'no portal script for a logged-out visitor'
	).toEqual( [] );
	await checkScreens( page, 'portal-block-logged-out' );

	await login.click();
	const owner = credentials( 'demo-owner' );
	await fillLoginForm( page, owner.login, owner.password );
	await page.locator( '#wp-submit' ).click();
	await expect( page ).toHaveURL( /\/my-account\/library$/ );
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'Dashboard' } )
	).toBeVisible();
} );
