/**
 * Training Library → Webhooks in wp-admin (docs/webhooks.md): an admin adds a webhook by keyboard
 * alone (address, two events, Add webhook), sees it listed with its secret in a labelled field and
 * an empty delivery log, pauses it, resumes it and deletes it. Axe finds no violation in the
 * plugin's own markup; screenshots at 1280 px go to artifacts/screenshots.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ARTIFACTS_DIR, axeViolations, credentials, logIn } from './support';

const SCREEN =
	'/wp-admin/edit.php?post_type=library_item&page=library-portal-webhooks';
const OURS = [ '#lp-admin' ];

test( 'an admin adds a webhook by keyboard, sees its secret, pauses, resumes and deletes it', async ( {
	page,
} ) => {
	await page.setViewportSize( { width: 1280, height: 900 } );
	const admin = credentials( 'admin' );
	await logIn( page, admin.login, admin.password, SCREEN );
	await expect( page ).toHaveTitle( /^Webhooks/ );
	expect( await axeViolations( page, OURS ), 'empty screen' ).toEqual( [] );

	const address = `https://crm-${ Date.now() }.example.com/hooks/library`;
	await page.getByLabel( 'Delivery address' ).focus();
	await page.keyboard.type( address );
	for ( const event of [ 'Training completed', 'Certificate issued' ] ) {
		await page.getByRole( 'checkbox', { name: event } ).focus();
		await page.keyboard.press( 'Space' );
	}
	await page.getByRole( 'button', { name: 'Add webhook' } ).focus();
	await page.keyboard.press( 'Enter' );

	await expect( page.getByRole( 'status' ) ).toContainText(
		`Webhook added: ${ address }.`
	);
	const hook = page.getByRole( 'region', { name: address } );
	await expect( hook ).toContainText( 'Active' );
	await expect( hook ).toContainText(
		'Training completed, Certificate issued'
	);
	await expect(
		hook.getByLabel( 'Secret (signs each delivery)' )
	).toHaveValue( /^[A-Za-z0-9]{40}$/ );
	await expect( hook ).toContainText( 'Nothing sent yet.' );
	expect( await axeViolations( page, OURS ), 'with a webhook' ).toEqual( [] );
	await page.screenshot( {
		path: path.join( ARTIFACTS_DIR, 'screenshots', 'admin-webhooks.png' ),
		fullPage: true,
	} );

	await hook.getByRole( 'button', { name: 'Pause' } ).click();
	await expect( page.getByRole( 'region', { name: address } ) ).toContainText(
		'Paused'
	);
	await page
		.getByRole( 'region', { name: address } )
		.getByRole( 'button', { name: 'Resume' } )
		.click();
	await expect( page.getByRole( 'region', { name: address } ) ).toContainText(
		'Active'
	);
	await page
		.getByRole( 'region', { name: address } )
		.getByRole( 'button', { name: 'Delete' } )
		.click();
	await expect( page.getByRole( 'status' ) ).toContainText(
		`Webhook deleted: ${ address }.`
	);
	await expect( page.getByRole( 'region', { name: address } ) ).toHaveCount(
		0
	);
} );
