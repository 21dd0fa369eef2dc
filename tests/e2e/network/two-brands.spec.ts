/**
 * Two brands as two sites of one network (README, "A network of sites"): one login for the whole
 * network, and each site's /my-account/library shows that site's brand and its own library.
 */
import { expect, test } from '@playwright/test';
import { credentials, logIn, portalConfig } from '../support';

test( 'the second site of the network shows its own brand and library, the main site its own', async ( {
	page,
} ) => {
	const learner = credentials( 'network-learner' );
	await logIn( page, learner.login, learner.password );

	await page.goto( '/summit/my-account/library/videos' );
	const summit = await portalConfig( page );
	expect( summit.brand ).toBe( 'summit' );
	await expect(
		page.locator( 'link[href*="brand-summit.css"]' )
	).toHaveCount( 1 );
	await expect(
		page.getByRole( 'heading', { name: 'Summit Onboarding Workshop' } )
	).toBeVisible();
	await expect(
		page.getByRole( 'heading', { name: 'Harbor Onboarding Workshop' } )
	).toHaveCount( 0 );

	await page.goto( '/my-account/library/videos' );
	const harbor = await portalConfig( page );
	expect( harbor.brand ).toBe( 'harbor' );
	await expect(
		page.getByRole( 'heading', { name: 'Harbor Onboarding Workshop' } )
	).toBeVisible();
	await expect(
		page.getByRole( 'heading', { name: 'Summit Onboarding Workshop' } )
	).toHaveCount( 0 );
} );
