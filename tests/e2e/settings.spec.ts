/**
 * Settings → Library Portal: an admin changes the brand and the portal follows; customers
 * cannot open the page.
 */
import { expect, test, type Page } from '@playwright/test';
import { credentials, logIn } from './support';

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

test( 'customers cannot open the settings', async ( { page } ) => {
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password );

	const response = await page.goto( SETTINGS );

	expect( response?.status() ).toBe( 403 );
	await expect(
		page.getByText( 'Sorry, you are not allowed to access this page.' )
	).toBeVisible();
} );
