/**
 * Training Library → Certificates in wp-admin: an admin gives the Harbor certificate a signer, a
 * statement and a signature image, saves by keyboard, sees the image on the screen and the real
 * PDF in the preview; "Preview what is typed" shows unsaved words without saving them. A customer
 * and an address without its nonce get no preview. Axe finds no violation in the plugin's markup;
 * screenshots at 1280 and 390 px go to artifacts/screenshots.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
	ARTIFACTS_DIR,
	axeViolations,
	budgetForPages,
	credentials,
	logIn,
} from './support';

const SCREEN =
	'/wp-admin/edit.php?post_type=library_item&page=library-portal-certificates';
const OURS = [ '#lp-admin' ];

test( 'an admin sets the Harbor certificate by keyboard and sees the real PDF in the preview', async ( {
	page,
	browser,
} ) => {
	// Two log-ins, the screen three times (each with two PDFs), the previews and the refusals.
	budgetForPages( 8 );
	await page.setViewportSize( { width: 1280, height: 900 } );
	const admin = credentials( 'admin' );
	await logIn( page, admin.login, admin.password, SCREEN );
	await expect( page ).toHaveTitle( /^Certificates/ );
	expect( await axeViolations( page, OURS ), 'as it opens' ).toEqual( [] );

	const harbor = page.getByRole( 'region', { name: /^Harbor certificate/ } );
	const signer = `Dr. Rosa Example ${ Date.now() }`;
	await harbor.getByLabel( 'Signer name' ).focus();
	await page.keyboard.press( 'ControlOrMeta+A' );
	await page.keyboard.type( signer );
	await page.keyboard.press( 'Tab' );
	await page.keyboard.press( 'ControlOrMeta+A' );
	await page.keyboard.type( 'Program Director' );
	await page.keyboard.press( 'Tab' );
	await page.keyboard.press( 'ControlOrMeta+A' );
	await page.keyboard.type(
		'Approved for 3.0 contact hours by the Example Board of Nursing.'
	);
	// The file itself comes from the system's file dialog, which a test cannot drive; the image
	// is a PNG of the screen's own heading.
	await harbor.getByLabel( 'Signature image' ).setInputFiles( {
		name: 'signature.png',
		mimeType: 'image/png',
		buffer: await page.getByRole( 'heading', { level: 1 } ).screenshot(),
	} );
	await harbor.getByRole( 'button', { name: 'Save certificate' } ).focus();
	await page.keyboard.press( 'Enter' );

	// The upload, the media library's sizes of it and the screen again: slow on a busy machine.
	await expect( page.getByRole( 'status' ) ).toContainText(
		'The Harbor certificate is saved. The preview shows it.',
		{ timeout: 20_000 }
	);
	const saved = page.getByRole( 'region', { name: /^Harbor certificate/ } );
	await expect( saved.getByLabel( 'Signer name' ) ).toHaveValue( signer );
	await expect(
		saved.getByRole( 'img', { name: 'The signature image now' } )
	).toBeVisible();
	await expect(
		saved.getByRole( 'checkbox', { name: 'Remove it' } )
	).toBeVisible();
	expect( await axeViolations( page, OURS ), 'saved' ).toEqual( [] );

	// The preview is the real PDF of the saved design: the signature image is in it.
	const previewPane = saved.locator( 'iframe' );
	await expect( previewPane ).toHaveAttribute(
		'title',
		'Harbor certificate preview (PDF with sample data)'
	);
	const previewUrl = ( await previewPane.getAttribute( 'src' ) ) ?? '';
	const preview = await page.context().request.get( previewUrl );
	expect( preview.status() ).toBe( 200 );
	expect( preview.headers()[ 'content-type' ] ).toBe( 'application/pdf' );
	const pdf = ( await preview.body() ).toString( 'latin1' );
	expect( pdf.startsWith( '%PDF-' ) ).toBe( true );
	expect( pdf ).toMatch( /\/Subtype \/Image/ );

	// Preview what is typed: the frame gets a PDF; nothing is saved.
	await saved.getByLabel( 'Signer name' ).fill( 'Someone Unsaved' );
	const typedPreview = page.waitForResponse(
		( response ) =>
			response.url().includes( '/wp-admin/admin-post.php' ) &&
			response.request().method() === 'POST'
	);
	await saved
		.getByRole( 'button', { name: 'Preview what is typed' } )
		.click();
	const typed = await typedPreview;
	expect( typed.status() ).toBe( 200 );
	expect( typed.headers()[ 'content-type' ] ).toBe( 'application/pdf' );
	await page.reload();
	await expect(
		page
			.getByRole( 'region', { name: /^Harbor certificate/ } )
			.getByLabel( 'Signer name' )
	).toHaveValue( signer );

	await page.screenshot( {
		path: path.join(
			ARTIFACTS_DIR,
			'screenshots',
			'admin-certificates.png'
		),
		fullPage: true,
	} );
	await page.setViewportSize( { width: 390, height: 844 } );
	expect( await axeViolations( page, OURS ), 'at 390 px' ).toEqual( [] );
	await page.screenshot( {
		path: path.join(
			ARTIFACTS_DIR,
			'screenshots',
			'admin-certificates-390.png'
		),
		fullPage: true,
	} );

	// No nonce, or a customer: no preview.
	const noNonce = await page
		.context()
		.request.get( previewUrl.replace( /_wpnonce=[^&]+/, '_wpnonce=0' ) );
	expect( noNonce.status() ).toBe( 403 );
	const customer = await browser.newContext();
	const customerPage = await customer.newPage();
	const owner = credentials( 'demo-owner' );
	await logIn( customerPage, owner.login, owner.password );
	const refused = await customer.request.get( previewUrl );
	expect( refused.status() ).toBe( 403 );
	expect( ( await refused.body() ).toString( 'latin1' ) ).not.toContain(
		'%PDF'
	);
	await customer.close();
} );
