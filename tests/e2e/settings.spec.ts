/**
 * Settings → Library Portal: an admin changes the brand and the portal follows; customers
 * cannot open the page.
 */
import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	credentials,
	layoutShift,
	logIn,
	MAX_LAYOUT_SHIFT,
	settle,
	watchLayoutShift,
} from './support';

const SETTINGS = '/wp-admin/options-general.php?page=library-portal';

async function saveBrand( page: Page, brand: string ) {
	await page.goto( SETTINGS );
	await page.getByLabel( 'Brand' ).selectOption( brand );
	await page.getByRole( 'button', { name: 'Save Changes' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
}

test( 'an admin switches the brand and the portal follows', async ( {
	page,
} ) => {
	const admin = credentials( 'admin' );
	await logIn( page, admin.login, admin.password );

	await saveBrand( page, 'summit' );
	try {
		await page.goto( '/my-account/library' );
		await expect( page.locator( '#library-portal-root' ) ).toHaveClass(
			/library-portal--summit/
		);
		await expect(
			page.locator( 'link#library-portal-brand-css' )
		).toHaveAttribute( 'href', /brand-summit\.css/ );
	} finally {
		await saveBrand( page, 'harbor' );
	}
} );

test( 'the settings screen has no axe violations of ours', async ( {
	page,
} ) => {
	const admin = credentials( 'admin' );
	await logIn( page, admin.login, admin.password );
	await page.goto( SETTINGS );
	await expect(
		page.getByRole( 'heading', { name: 'Library Portal' } )
	).toBeVisible();
	// The plugin's own form; WordPress 6.5's toolbar and menu carry violations of their own
	// (docs/rules/library-and-catalogue.md, "Catalogue editor").
	expect( await axeViolations( page, [ '#wpbody-content .wrap' ] ) ).toEqual(
		[]
	);
} );

test( 'customers cannot open the settings', async ( { page } ) => {
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password );

	const response = await page.goto( SETTINGS );

	expect( response?.status() ).toBe( 403 );
	await expect(
		page.getByText( 'Sorry, you are not allowed to access this page.' )
	).toBeVisible();
} );

async function saveThemeChrome( page: Page, keep: boolean ) {
	await page.goto( SETTINGS );
	await page.getByLabel( /Show the theme's header/ ).setChecked( keep );
	await page.getByRole( 'button', { name: 'Save Changes' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
}

test( "portal routes draw on a clean canvas unless the admin keeps the theme's header and footer", async ( {
	page,
} ) => {
	const admin = credentials( 'admin' );
	await logIn( page, admin.login, admin.password );
	const themeChrome = page.locator(
		'header.wp-block-template-part, footer.wp-block-template-part, #masthead, #colophon'
	);

	await page.goto( '/my-account/library/videos' );
	await expect( page.locator( 'body' ) ).toHaveClass(
		/library-portal-canvas/
	);
	await expect(
		page.getByRole( 'navigation', { name: 'Library menu' } )
	).toBeVisible();
	await expect( themeChrome, 'no theme header or footer' ).toHaveCount( 0 );

	await saveThemeChrome( page, true );
	try {
		await watchLayoutShift( page );
		await page.goto( '/my-account/library/videos' );
		await settle( page );
		const shift = await layoutShift( page );
		expect(
			shift.value,
			`layout shift inside the theme: ${ shift.sources.join( ', ' ) }`
		).toBeLessThanOrEqual( MAX_LAYOUT_SHIFT );
		// The theme's text font comes with the page, not after its scripts (ThemeFontPreload).
		expect(
			await page.locator( 'head link[rel="preload"][as="font"]' ).count(),
			'the theme font is preloaded'
		).toBeGreaterThan( 0 );
		await expect(
			page.getByRole( 'navigation', { name: 'Library menu' } )
		).toBeVisible();
		await expect( page.locator( 'body' ) ).not.toHaveClass(
			/library-portal-canvas/
		);
		expect(
			await themeChrome.count(),
			"the theme's header and footer"
		).toBeGreaterThan( 0 );
	} finally {
		await saveThemeChrome( page, false );
	}
} );

test( 'an admin turns on signed video addresses; the secret is never shown back and a bad key is refused', async ( {
	page,
} ) => {
	const admin = credentials( 'admin' );
	const secret = 'E2eSecureLinkSecret-abcdef0123';
	await logIn( page, admin.login, admin.password );
	await page.goto( SETTINGS );
	try {
		await page
			.getByLabel( 'Sign playlist addresses with' )
			.selectOption( 'nginx' );
		await page.getByLabel( 'nginx secure_link secret' ).fill( secret );
		await page.getByRole( 'button', { name: 'Save Changes' } ).click();
		await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
		await expect(
			page.getByLabel( 'Sign playlist addresses with' )
		).toHaveValue( 'nginx' );
		await expect(
			page.getByText( 'Stored, ending in …0123' )
		).toBeVisible();
		expect( await page.content() ).not.toContain( secret.slice( 0, 12 ) );

		// A key openssl cannot read: refused with its reason, the signer left as it was.
		await page
			.getByLabel( 'Sign playlist addresses with' )
			.selectOption( 'cloudfront' );
		await page
			.getByLabel( 'CloudFront key pair ID' )
			.fill( 'K2JCJMDEHXQW5F' );
		await page
			.getByLabel( 'CloudFront private key (PEM)' )
			.fill(
				'-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----'
			);
		await page.getByRole( 'button', { name: 'Save Changes' } ).click();
		await expect(
			page.getByText( /CloudFront private key: paste an RSA private key/ )
		).toBeVisible();
		await expect(
			page.getByLabel( 'Sign playlist addresses with' )
		).toHaveValue( 'nginx' );
		expect(
			await axeViolations( page, [ '#wpbody-content .wrap' ] )
		).toEqual( [] );
		const section = page.getByRole( 'heading', {
			name: 'Video addresses',
		} );
		await section.scrollIntoViewIfNeeded();
		await page.screenshot( {
			path: 'artifacts/screenshots/settings-video-addresses-1280.png',
		} );
		await page.setViewportSize( { width: 390, height: 844 } );
		await section.scrollIntoViewIfNeeded();
		await page.screenshot( {
			path: 'artifacts/screenshots/settings-video-addresses-390.png',
		} );
	} finally {
		// The e2e site's own server checks no signature: the other specs play unsigned addresses.
		await page.setViewportSize( { width: 1280, height: 800 } );
		await page.goto( SETTINGS );
		await page
			.getByLabel( 'Sign playlist addresses with' )
			.selectOption( 'none' );
		await page.getByRole( 'button', { name: 'Save Changes' } ).click();
		await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
	}
} );
