/**
 * Contract mode as the demo contract user walks it: their library is only a contract, so the
 * portal opens on it, with the organizer card and without the owner's tools; another
 * contract's address and a missing item say so.
 */
import { expect, test } from '@playwright/test';
import {
	axeViolations,
	credentials,
	LibraryPage,
	logIn,
	portalConfig,
} from './support';

test.beforeEach( async ( { page } ) => {
	const user = credentials( 'demo-contract' );
	await logIn( page, user.login, user.password );
} );

test( 'a contract-only library opens on its contract, with the organizer card and no owner tools', async ( {
	page,
} ) => {
	const portal = new LibraryPage( page );
	await portal.goto();
	await expect( page ).toHaveURL( /\/contract\/\d+$/ );
	const config = await portalConfig( page );
	const [ contract ] = config.contracts;
	const card = config.contractData;
	if ( ! contract || ! card ) {
		throw new Error( 'the page lists the contract and sends its card' );
	}
	await expect(
		page.getByRole( 'heading', { level: 1, name: contract.title } )
	).toBeVisible();
	const organizer = page.getByRole( 'complementary', {
		name: 'Your organizer',
	} );
	await expect( organizer ).toContainText( card.organizer.name );
	await expect(
		organizer.getByRole( 'link', {
			name: card.organizer.email,
		} )
	).toHaveAttribute( 'href', `mailto:${ card.organizer.email }` );

	const menu = page.getByRole( 'navigation', { name: 'Library menu' } );
	await expect( menu.getByRole( 'link', { name: 'Dashboard' } ) ).toHaveCount(
		0
	);
	await expect(
		menu.getByRole( 'link', { name: 'Manage My Team' } )
	).toHaveCount( 0 );
	await expect(
		page.getByRole( 'link', { name: /^Notifications/ } )
	).toHaveCount( 0 );
	const cards = page
		.getByRole( 'list', { name: 'Library items' } )
		.getByRole( 'link' );
	await expect( cards.first() ).toHaveAttribute(
		'href',
		new RegExp( `/contract/${ contract.id }/\\d+$` )
	);
	expect( await axeViolations( page ) ).toEqual( [] );
	await page.setViewportSize( { width: 390, height: 844 } );
	await portal.screenshot( 'contract-390' );
} );

test( "another contract's address says it is not theirs, and a missing item goes back to the contract", async ( {
	page,
} ) => {
	await page.goto( '/contract/987654' );
	await expect( page.getByRole( 'alert' ) ).toContainText(
		"You don't have access to this contract library."
	);
	await expect( page.getByText( 'No items found' ) ).toHaveCount( 0 );
	expect( await axeViolations( page ) ).toEqual( [] );

	const portal = new LibraryPage( page );
	await portal.goto();
	await expect( page ).toHaveURL( /\/contract\/\d+$/ );
	const contractPath = new URL( page.url() ).pathname;
	await page.goto( `${ contractPath }/987654` );
	await expect( page.getByText( /Could not load this item/ ) ).toBeVisible();
	await expect( page ).toHaveURL( new RegExp( `${ contractPath }$` ), {
		timeout: 15_000,
	} );
} );
