/**
 * The two brands (the settings' short site name): each one's stylesheet, logo and
 * walkthrough video on the page and in the configuration, dashboard, list and detail with 0 axe
 * violations (colour contrast included), screenshots at 1280 and 390 px. The site is put back on its brand after.
 */
import { expect, test } from '@playwright/test';
import {
	axeViolations,
	budgetForPages,
	credentials,
	libraryItems,
	LibraryPage,
	logIn,
	portalConfig,
	wpPhp,
} from './support';

/**
 * Sets the brand through the plugin's own settings option (sanitised on save).
 * @param brand
 */
function setBrand( brand: string ): void {
	wpPhp( `
		$settings = (array) get_option( \\LibraryPortal\\Core\\Settings::OPTION, array() );
		$settings['brand'] = '${ brand }';
		update_option( \\LibraryPortal\\Core\\Settings::OPTION, $settings );
	` );
}

const original = wpPhp(
	"echo ( (array) get_option( \\LibraryPortal\\Core\\Settings::OPTION, array() ) )['brand'] ?? 'harbor';"
).trim();

test.describe.configure( { mode: 'serial' } );

test.afterAll( () => setBrand( original || 'harbor' ) );

for ( const brand of [ 'harbor', 'summit' ] ) {
	test( `the ${ brand } brand: its stylesheet, and dashboard, list and detail pass axe`, async ( {
		page,
	} ) => {
		// Log-in, three screens at 1280 px and three at 390 px, each through axe.
		budgetForPages( 8 );
		setBrand( brand );
		const owner = credentials( 'demo-owner' );
		await logIn( page, owner.login, owner.password );
		const portal = new LibraryPage( page );

		await portal.goto( '' );
		await expect(
			page.getByRole( 'region', { name: 'Your Library at a Glance' } )
		).toBeVisible();
		const config = await portalConfig( page );
		expect( config.brand ).toBe( brand );
		// Each brand its own logo and walkthrough video (the demo seeder sets both per brand).
		expect( config.walkthroughVideo ).toContain(
			`walkthrough-${ brand }/`
		);
		const logo = page.locator( 'img.lp-topbar__logo' );
		await expect( logo ).toHaveAttribute(
			'src',
			new RegExp( `logo-${ brand }\\.png$` )
		);
		await expect
			.poll( () =>
				logo.evaluate(
					( img ) => ( img as HTMLImageElement ).naturalWidth
				)
			)
			.toBeGreaterThan( 0 );
		await expect(
			page.locator(
				`link[rel="stylesheet"][href*="brand-${ brand }.css"]`
			)
		).toHaveCount( 1 );
		const other = brand === 'harbor' ? 'summit' : 'harbor';
		await expect(
			page.locator( `link[href*="brand-${ other }.css"]` )
		).toHaveCount( 0 );
		expect( await axeViolations( page ) ).toEqual( [] );
		await portal.screenshot( `brand-${ brand }-dashboard-1280` );

		await portal.goto( '/videos' );
		await expect(
			page.getByRole( 'list', { name: 'Library items' } )
		).toBeVisible();
		expect( await axeViolations( page ) ).toEqual( [] );
		await portal.screenshot( `brand-${ brand }-list-1280` );

		const [ first ] = await libraryItems< { product_id: number } >( page );
		if ( ! first ) {
			throw new Error( 'the demo owner has items' );
		}
		await portal.goto( `/videos/${ first.product_id }` );
		await expect( page.getByTestId( 'lp-detail' ) ).toBeVisible();
		expect( await axeViolations( page ) ).toEqual( [] );
		await portal.screenshot( `brand-${ brand }-detail-1280` );

		await page.setViewportSize( { width: 390, height: 844 } );
		const screens = [
			{
				path: '',
				name: 'dashboard',
				ready: page.getByRole( 'region', {
					name: 'Your Library at a Glance',
				} ),
			},
			{
				path: '/videos',
				name: 'list',
				ready: page.getByRole( 'list', { name: 'Library items' } ),
			},
			{
				path: `/videos/${ first.product_id }`,
				name: 'detail',
				ready: page.getByTestId( 'lp-detail' ),
			},
		];
		for ( const screen of screens ) {
			await portal.goto( screen.path );
			await expect( screen.ready ).toBeVisible();
			expect( await axeViolations( page ) ).toEqual( [] );
			await portal.screenshot( `brand-${ brand }-${ screen.name }-390` );
		}
	} );
}
