/**
 * Sharing seats (docs/rules/README.md) in a real browser: the owner shares by link and by e-mail (through the site's SMTP
 * sink), team members accept in their own browser contexts, the owner sees the rows and
 * revokes, a late member asks for a license. axe-core (WCAG 2.2 AA) on the Share Details tab,
 * the modal and the invite banner; screenshots kept in artifacts/.
 */
import {
	expect,
	test,
	type Browser,
	type Locator,
	type Page,
} from '@playwright/test';
import path from 'node:path';
import {
	ARTIFACTS_DIR,
	axeViolations,
	credentials,
	fillLoginForm,
	libraryItems,
	logIn,
	portalConfig,
	portalGet,
	wpPhp,
} from './support';
import { caughtMail } from './support/mail';

const TITLE = 'Suicide Risk Assessment';

interface Row {
	title: string;
	tag: string;
	product_id: number;
	share_user_id: number;
}

async function memberPage( browser: Browser ): Promise< Page > {
	const context = await browser.newContext();
	return context.newPage();
}

async function openShareTab( page: Page, productId: number ) {
	await page.goto(
		`/my-account/library/videos/${ productId }?tab=share-details`
	);
	await expect( page.getByTestId( 'lp-share-details' ) ).toBeVisible();
	await expect( page.getByText( 'Email Send History' ) ).toBeVisible();
}

const LINK = /https?:\/\/\S+\/shareseats\/[A-Za-z0-9_-]+\//;

/**
 * Logs the demo owner in and returns the ID of their own (untagged) row of an item.
 * @param page
 * @param title The item's title.
 */
async function ownersItem( page: Page, title: string ): Promise< number > {
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password );
	await page.goto( '/my-account/library/videos' );
	const item = ( await libraryItems< Row >( page ) ).find(
		( row ) => row.title === title && row.tag === ''
	);
	expect( item, `the demo owner has ${ title }` ).toBeTruthy();
	return Number( item!.product_id );
}

/**
 * Copies a signed link from the open Share modal ('COPIED!' shows) and returns it.
 * @param dialog The Share Licenses dialog.
 */
async function copyLink( dialog: Locator ): Promise< string > {
	await dialog
		.getByRole( 'button', { name: 'Copy link with message' } )
		.click();
	await expect(
		dialog.getByRole( 'button', { name: 'COPIED!' } )
	).toBeVisible();
	const link = LINK.exec(
		await dialog.getByTestId( 'lp-share-link-message' ).inputValue()
	)?.[ 0 ];
	expect( link ).toBeTruthy();
	return link!;
}

/**
 * Logs the demo owner in, copies a share link of one of their items from the Share modal, and
 * returns the item's ID and the link.
 * @param page
 * @param title The item's title.
 */
async function ownersLink(
	page: Page,
	title: string
): Promise< { productId: number; link: string } > {
	const productId = await ownersItem( page, title );
	await openShareTab( page, productId );
	await page.getByRole( 'button', { name: 'Share', exact: true } ).click();
	const link = await copyLink(
		page.getByRole( 'dialog', { name: 'Share Licenses' } )
	);
	await page.keyboard.press( 'Escape' );
	return { productId, link };
}

/**
 * A demo user's own browser context, logged in, on an invite link.
 * @param browser
 * @param login   Demo login.
 * @param link    Invite link.
 */
async function openInvite(
	browser: Browser,
	login: string,
	link: string
): Promise< Page > {
	const page = await memberPage( browser );
	const user = credentials( login );
	await logIn( page, user.login, user.password );
	await page.goto( link );
	return page;
}

/**
 * Revokes a member's share from the open Share Details tab, through the confirmation.
 * @param page
 * @param name The member's name in the row.
 */
async function revoke( page: Page, name: RegExp ) {
	await page
		.getByRole( 'row', { name } )
		.getByRole( 'button', { name: /Revoke/ } )
		.click();
	const confirm = page.getByRole( 'dialog', { name: 'Revoke access' } );
	await expect( confirm ).toContainText(
		'Are you sure you want to revoke access for'
	);
	await confirm.getByRole( 'button', { name: 'Revoke' } ).click();
	await expect( page.getByRole( 'row', { name } ) ).toBeHidden();
}

test.describe( 'Sharing seats', () => {
	test.describe.configure( { mode: 'serial' } );

	test( 'share by link, accept in another browser, see the row, revoke', async ( {
		page,
		browser,
	} ) => {
		test.slow(); // Two people, each in their own logged-in browser context (30 s passed on 7.1 + WooCommerce).
		const productId = await ownersItem( page, TITLE );
		await openShareTab( page, productId );
		expect( await axeViolations( page ) ).toEqual( [] );

		const opener = page.getByRole( 'button', {
			name: 'Share',
			exact: true,
		} );
		await opener.click();
		const dialog = page.getByRole( 'dialog', { name: 'Share Licenses' } );
		await expect( dialog ).toBeVisible();
		const link = await copyLink( dialog );
		expect( await axeViolations( page ) ).toEqual( [] );
		await page.screenshot( {
			path: path.join( ARTIFACTS_DIR, 'sharing-modal-1280.png' ),
		} );
		await page.keyboard.press( 'Escape' );
		await expect( dialog ).toBeHidden();
		await expect( opener ).toBeFocused();

		// A team member opens the link logged out, logs in and comes back to the invite.
		const member = credentials( 'demo-memberonly' );
		const other = await memberPage( browser );
		await other.goto( link );
		await expect( other ).toHaveURL( /wp-login\.php/ );
		await fillLoginForm( other, member.login, member.password );
		await other.locator( '#wp-submit' ).click();
		await expect( other ).toHaveURL( /\/shareseats\// );
		await expect(
			other.getByText( `Olivia Bennett shared "${ TITLE }" with you.`, {
				exact: true,
			} )
		).toBeVisible();
		expect( await axeViolations( other ) ).toEqual( [] );
		await other.screenshot( {
			path: path.join( ARTIFACTS_DIR, 'sharing-invite-1280.png' ),
		} );
		await other.getByRole( 'button', { name: 'Accept' } ).click();
		await expect(
			other.getByText( 'Successfully added to your library!' )
		).toBeVisible();
		const memberItems = await libraryItems< Row >( other );
		expect(
			memberItems.some(
				( row ) =>
					row.title === TITLE && Number( row.share_user_id ) > 0
			)
		).toBe( true );

		await openShareTab( page, productId );
		const row = page.getByRole( 'row', { name: /Noah Patel/ } );
		await expect( row ).toBeVisible();
		await page.screenshot( {
			path: path.join( ARTIFACTS_DIR, 'sharing-tab-1280.png' ),
			fullPage: true,
		} );
		// On a phone: the table scrolls inside its frame, the modal fits the screen.
		await page.setViewportSize( { width: 390, height: 844 } );
		await openShareTab( page, productId );
		await page.screenshot( {
			path: path.join( ARTIFACTS_DIR, 'sharing-tab-390.png' ),
			fullPage: true,
		} );
		await page
			.getByRole( 'button', { name: 'Share', exact: true } )
			.click();
		await expect(
			page.getByRole( 'dialog', { name: 'Share Licenses' } )
		).toBeVisible();
		expect( await axeViolations( page ) ).toEqual( [] );
		await page.screenshot( {
			path: path.join( ARTIFACTS_DIR, 'sharing-modal-390.png' ),
		} );
		await page.keyboard.press( 'Escape' );
		await page.setViewportSize( { width: 1280, height: 800 } );
		await revoke( page, /Noah Patel/ );
		expect(
			( await libraryItems< Row >( other ) ).some(
				( r ) => r.title === TITLE && Number( r.share_user_id ) > 0
			)
		).toBe( false );
		await other.context().close();
	} );

	test( 'share by e-mail through the SMTP sink; the recipient opens the mailed link', async ( {
		page,
		browser,
	} ) => {
		test.slow(); // The owner, the SMTP sink and the recipient's own logged-in browser (30 s passed on 7.1 + WooCommerce).
		// The cooldown this test reads back (Wait (Ns)): the site's default, whatever a spec before it on
		// this worker's site set.
		wpPhp(
			`\\LibraryPortal\\Services::on( $GLOBALS['wpdb'] )->settings->update( array( 'cooldown_seconds' => 60 ) );`
		);
		const productId = await ownersItem( page, TITLE );
		const before = caughtMail().length;
		await openShareTab( page, productId );
		await page
			.getByRole( 'button', { name: 'Share', exact: true } )
			.click();
		const dialog = page.getByRole( 'dialog', { name: 'Share Licenses' } );
		const memberEmail = 'demo-memberonly@example.com';
		await dialog
			.getByLabel( 'Email addresses' )
			.fill( `${ memberEmail }\nnot-yet-a-member@example.test` );
		await dialog
			.getByRole( 'button', { name: 'Share', exact: true } )
			.click();
		await expect(
			dialog.getByText( 'Invitations sent to 2 recipients.' )
		).toBeVisible();
		await expect(
			dialog.getByRole( 'button', { name: /^Wait \(\d+s\)$/ } )
		).toBeDisabled();

		await expect.poll( () => caughtMail().length ).toBe( before + 2 );
		const mail = caughtMail()
			.slice( before )
			.find( ( m ) => m.to.includes( memberEmail ) )!;
		expect( mail.subject ).toContain( TITLE );
		expect( mail.text ).toContain(
			'Olivia Bennett has shared a license of'
		);
		expect( mail.html ).toContain( 'Open the invitation' );
		expect( mail.headers.map( ( h ) => h.toLowerCase() ) ).not.toContain(
			'bcc'
		);
		const link = LINK.exec( mail.text )?.[ 0 ];
		expect( link ).toBeTruthy();
		await page.keyboard.press( 'Escape' );
		await openShareTab( page, productId );
		await expect(
			page.getByRole( 'cell', { name: memberEmail } ).first()
		).toBeVisible();

		const other = await openInvite( browser, 'demo-memberonly', link! );
		await other.getByRole( 'button', { name: 'Accept' } ).click();
		await expect(
			other.getByText( 'Successfully added to your library!' )
		).toBeVisible();

		// Give the seat back, so the other specs see the demo as seeded.
		await openShareTab( page, productId );
		await revoke( page, /Noah Patel/ );
		await other.context().close();
	} );

	test( 'the Share modal shows when the link ends; New link asks first, then the old link is refused', async ( {
		page,
		browser,
	} ) => {
		const productId = await ownersItem( page, TITLE );
		await openShareTab( page, productId );
		const opener = page.getByRole( 'button', {
			name: 'Share',
			exact: true,
		} );
		await opener.click();
		const dialog = page.getByRole( 'dialog', { name: 'Share Licenses' } );
		const oldLink = await copyLink( dialog );
		const expiry = dialog.getByTestId( 'lp-share-link-expiry' );
		await expect( expiry ).toHaveText(
			/^This link works until \w+ \d{1,2}, \d{4}\.$/
		);

		// The owner's working link is kept: opening the modal again copies the same one.
		await page.keyboard.press( 'Escape' );
		await opener.click();
		expect( await copyLink( dialog ) ).toBe( oldLink );
		expect( await axeViolations( page ) ).toEqual( [] );
		await page.screenshot( {
			path: path.join( ARTIFACTS_DIR, 'sharing-modal-link-1280.png' ),
		} );

		// New link asks first; Cancel keeps the link.
		const newLinkButton = dialog.getByRole( 'button', {
			name: 'New link',
		} );
		await newLinkButton.click();
		const confirm = page.getByRole( 'dialog', {
			name: 'Make a new link?',
		} );
		await expect( confirm ).toContainText(
			'The current link stops working'
		);
		await expect(
			confirm.getByRole( 'button', { name: 'Cancel' } )
		).toBeFocused();
		expect( await axeViolations( page ) ).toEqual( [] );
		await page.screenshot( {
			path: path.join(
				ARTIFACTS_DIR,
				'sharing-new-link-confirm-1280.png'
			),
		} );
		await page.keyboard.press( 'Escape' );
		await expect( confirm ).toBeHidden();
		await expect( dialog ).toBeVisible();
		await expect( newLinkButton ).toBeFocused();
		expect(
			LINK.exec(
				await dialog.getByTestId( 'lp-share-link-message' ).inputValue()
			)?.[ 0 ]
		).toBe( oldLink );

		await newLinkButton.click();
		await confirm.getByRole( 'button', { name: 'Make new link' } ).click();
		await expect( confirm ).toBeHidden();
		await expect(
			dialog.getByText(
				'A new link was made. The old link no longer works.'
			)
		).toBeVisible();
		const newLink = LINK.exec(
			await dialog.getByTestId( 'lp-share-link-message' ).inputValue()
		)?.[ 0 ];
		expect( newLink ).toBeTruthy();
		expect( newLink ).not.toBe( oldLink );
		await expect( expiry ).toHaveText( /^This link works until / );

		await page.setViewportSize( { width: 390, height: 844 } );
		expect( await axeViolations( page ) ).toEqual( [] );
		await page.screenshot( {
			path: path.join( ARTIFACTS_DIR, 'sharing-modal-link-390.png' ),
		} );
		await newLinkButton.click();
		expect( await axeViolations( page ) ).toEqual( [] );
		await page.screenshot( {
			path: path.join(
				ARTIFACTS_DIR,
				'sharing-new-link-confirm-390.png'
			),
		} );
		await confirm.getByRole( 'button', { name: 'Cancel' } ).click();
		await page.keyboard.press( 'Escape' );
		await page.setViewportSize( { width: 1280, height: 800 } );

		// A team member with the old link is told it was withdrawn and offered nothing to accept.
		const member = await openInvite( browser, 'demo-member', oldLink );
		await expect(
			member
				.getByText(
					'The sender has withdrawn this share link. Ask them for a new one.'
				)
				.first()
		).toBeVisible();
		await expect(
			member.getByRole( 'button', { name: 'Accept' } )
		).toHaveCount( 0 );
		const refused = await member.request.post(
			'/wp-json/library/v2/accept-share',
			{
				data: {
					encoded: oldLink.replace( /^.*\/shareseats\/|\/$/g, '' ),
				},
				headers: {
					'X-WP-Nonce': ( await portalConfig( member ) ).restNonce,
				},
			}
		);
		expect( refused.status() ).toBe( 410 );
		expect( ( await refused.json() ).error_code ).toBe( 'revoked_link' );
		await member.goto( newLink! );
		await expect(
			member.getByRole( 'button', { name: 'Accept' } )
		).toBeVisible();
		await member.context().close();
	} );

	test( 'when every seat is claimed, a late member notifies the sharer once a day', async ( {
		page,
		browser,
	} ) => {
		test.slow(); // Four people, each in their own logged-in browser context.
		// Two seats: two team members take them, the third finds none left.
		const { productId, link } = await ownersLink(
			page,
			'Mindfulness-Based Interventions'
		);
		const takers = [];
		for ( const login of [ 'demo-member', 'demo-member2' ] ) {
			const taker = await openInvite( browser, login, link );
			await taker.getByRole( 'button', { name: 'Accept' } ).click();
			await expect(
				taker.getByText( 'Successfully added to your library!' )
			).toBeVisible();
			takers.push( taker );
		}

		const late = await openInvite( browser, 'demo-memberonly', link );
		await expect(
			late.getByText(
				'Sorry, all licenses have been claimed for this training.',
				{ exact: true }
			)
		).toBeVisible();
		await expect(
			late.getByText( /every license has been taken/ )
		).toBeVisible();
		expect( await axeViolations( late ) ).toEqual( [] );
		await late.setViewportSize( { width: 390, height: 844 } );
		await late.screenshot( {
			path: path.join(
				ARTIFACTS_DIR,
				'sharing-invite-none-left-390.png'
			),
			fullPage: true,
		} );
		await late.getByRole( 'button', { name: 'Notify' } ).click();
		await expect(
			late.getByText( 'Notification sent to Olivia Bennett' )
		).toBeVisible();

		// A second request the same day: the server refuses it and says when to try again.
		await late.reload();
		await late.getByRole( 'button', { name: 'Notify' } ).click();
		await expect(
			late.getByText(
				"You've already sent a request. Please try again in 24 hours."
			)
		).toBeVisible();

		// The sharer was told once, by name.
		const { notifications } = await portalGet< {
			notifications: Array< { type: string; message: string } >;
		} >( page, 'notifications/?include_hidden=1' );
		expect(
			notifications.filter(
				( n ) =>
					n.type === 'license_request' &&
					n.message.startsWith( 'Noah Patel' )
			)
		).toHaveLength( 1 );

		// Give both seats back, so the other specs see the demo as seeded.
		await openShareTab( page, productId );
		await revoke( page, /Theo/ );
		await revoke( page, /Mia/ );
		for ( const other of [ ...takers, late ] ) {
			await other.context().close();
		}
	} );
} );

test( 'on a phone whose browser refuses the clipboard, the message is selected and the owner is told how to copy it', async ( {
	page,
} ) => {
	await page.setViewportSize( { width: 390, height: 844 } );
	// What a phone's browser does after a server call: the write is refused (it outlived the tap).
	await page.addInitScript( () => {
		Object.defineProperty( window.navigator, 'clipboard', {
			value: {
				writeText: () =>
					Promise.reject(
						new DOMException(
							'Write permission denied.',
							'NotAllowedError'
						)
					),
			},
		} );
	} );
	const productId = await ownersItem( page, TITLE );
	await openShareTab( page, productId );
	await page.getByRole( 'button', { name: 'Share', exact: true } ).click();
	const dialog = page.getByRole( 'dialog', { name: 'Share Licenses' } );
	await dialog
		.getByRole( 'button', { name: 'Copy link with message' } )
		.click();

	const message = dialog.getByTestId( 'lp-share-link-message' );
	await expect( message ).toBeFocused();
	expect(
		await message.evaluate(
			( field: HTMLTextAreaElement ) =>
				field.selectionEnd - field.selectionStart === field.value.length
		),
		'the whole message is selected'
	).toBe( true );
	await expect( message ).toHaveValue( LINK );
	await expect(
		dialog.getByText( 'Your browser did not let the page copy.' )
	).toHaveAttribute( 'role', 'status' );
	await expect(
		dialog.getByRole( 'button', { name: 'COPIED!' } )
	).toHaveCount( 0 );
	expect( await axeViolations( page ) ).toEqual( [] );
	await page.screenshot( {
		path: path.join( ARTIFACTS_DIR, 'sharing-copy-refused-390.png' ),
	} );
} );
