/**
 * The top-bar search on a filtered list keeps the list's filters, so the list
 * says they are on and offers to clear them (keeping the search). Walked as the demo owner does:
 * the expired items from the dashboard's link, then a search in the top bar for a training that
 * is not expired. Photos at 1280 and 390 px: artifacts/screenshots/top-bar-search-filters-*.png.
 */
import { expect, test } from '@playwright/test';
import { checkScreens, credentials, logIn } from './support';

test( 'a top-bar search on the expired list says the filter is on and clears it on request', async ( {
	page,
} ) => {
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password );
	await page.goto( '/my-account/library/videos?status=expired' );
	await expect(
		page.getByRole( 'heading', { name: 'Expired Items' } )
	).toBeVisible();

	await page
		.getByRole( 'searchbox', { name: 'Search the library' } )
		.fill( 'Trauma' );
	const filtersOn = page.getByTestId( 'lp-filters-on' );
	await expect( filtersOn ).toContainText(
		'Searching for “Trauma” only among the items the filters keep (Status: Expired).'
	);
	await expect( page.getByText( 'No items found' ) ).toBeVisible();
	await checkScreens( page, 'top-bar-search-filters-on' );

	await filtersOn
		.getByRole( 'button', { name: 'Clear filters, keep the search' } )
		.click();
	await expect( filtersOn ).toHaveCount( 0 );
	await expect( page.getByLabel( 'Status' ) ).toHaveValue( 'all' );
	const listSearch = page.getByLabel( 'Search items' );
	await expect( listSearch ).toHaveValue( 'Trauma' );
	await expect( listSearch, 'focus stays in the search' ).toBeFocused();
	await expect( page ).not.toHaveURL( /status=/ );
	await expect(
		page
			.getByRole( 'list', { name: 'Library items', exact: true } )
			.getByRole( 'heading', { name: 'Trauma-Informed Care' } )
	).toBeVisible();
	await checkScreens( page, 'top-bar-search-filters-cleared' );
} );
