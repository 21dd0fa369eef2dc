/**
 * Training Library → Contracts as the site admin uses it: a contract made through the screen (organizer
 * card with a picture from the media library, one item, a demo customer found by the user
 * search) opens for that customer as their contract library with the organizer card; a CSV
 * import with bad rows reports them in the file's order and keeps the good ones, counting the
 * file's rows; an import that creates accounts for new addresses sends WordPress's new-user
 * e-mail; both screens have no axe violations in the plugin's markup.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
	ARTIFACTS_DIR,
	axeViolations,
	credentials,
	logIn,
	WCAG_TAGS,
	wpPhp,
} from './support';
import { caughtMail } from './support/mail';

const SCREEN =
	'/wp-admin/edit.php?post_type=library_item&page=library-portal-contracts';
// Mia Chen: a demo customer who is not in the demo contract.
const CUSTOMER = 'demo-member2';
const CUSTOMER_NAME = 'Mia Chen';
const ITEM = 'Trauma-Informed Care';
/**
 * The axe-core violations (WCAG 2.2 A/AA) of the plugin's own markup: the screen's `.wrap` and
 * the notices WordPress moves into it. wp-admin's menu and toolbar are core's, outside it.
 *
 * @param page Page.
 */
function pluginViolations( page: Page ): Promise< string[] > {
	return axeViolations( page, [ '.library-portal-contracts' ] );
}

/**
 * The nodes axe-core flags on the whole admin page that are not in core's own chrome (toolbar,
 * menu collapse button): WordPress 6.5's toolbar has menuitems outside a menu and the collapse
 * button's name differs from its text, which the plugin cannot change.
 *
 * @param page Page.
 */
async function violationsOutsideCoreChrome( page: Page ): Promise< string[] > {
	const results = await new AxeBuilder( { page } )
		.withTags( WCAG_TAGS )
		.analyze();
	return results.violations.flatMap( ( violation ) =>
		violation.nodes
			.map( ( node ) => node.target.join( ' ' ) )
			.filter(
				( target ) =>
					! /^(#wp-admin-bar-|#collapse-button$|:root$)/.test(
						target
					)
			)
			.map( ( target ) => `${ violation.id }: ${ target }` )
	);
}

/**
 * Saves a 1280 px wide full-page screenshot as artifacts/screenshots/<name>.png.
 *
 * @param page Page.
 * @param name File name without extension.
 */
async function screenshot( page: Page, name: string ): Promise< void > {
	await page.setViewportSize( { width: 1280, height: 900 } );
	// From the top: wp-admin's fixed toolbar would otherwise sit where the page was scrolled.
	await page.evaluate( () => window.scrollTo( 0, 0 ) );
	await page.screenshot( {
		path: path.join( ARTIFACTS_DIR, 'screenshots', `${ name }.png` ),
		fullPage: true,
	} );
}

/**
 * Logs in as the site admin and opens the contracts list.
 *
 * @param page Page.
 */
async function openContracts( page: Page ): Promise< void > {
	const admin = credentials( 'admin' );
	await logIn( page, admin.login, admin.password );
	await page.goto( SCREEN );
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'Contracts' } )
	).toBeVisible();
}

/**
 * Creates a contract with a title through the screen; returns its ID.
 *
 * @param page  Page on the contracts list.
 * @param title Title.
 */
async function createContract( page: Page, title: string ): Promise< number > {
	await page.getByRole( 'link', { name: 'Add New Contract' } ).click();
	await page.getByLabel( 'Title', { exact: true } ).fill( title );
	await page.getByRole( 'button', { name: 'Create Contract' } ).click();
	await expect( page.getByText( 'Contract created.' ) ).toBeVisible();
	return Number( new URL( page.url() ).searchParams.get( 'contract' ) );
}

/**
 * The notice the last action left.
 *
 * @param page Page.
 */
const notice = ( page: Page ) =>
	page.locator( '.library-portal-contracts .notice' ).first();

test.describe.configure( { mode: 'serial' } );

// Each test is a long admin flow (create, import, members, Screen Options): on WordPress 7.1 with
// WooCommerce active, wp-admin pages load slower and two of them ran past 30 s at their last step.
test.beforeEach( () => {
	test.slow();
} );

test( 'the admin creates a contract through the screen and its new member sees it with the organizer card', async ( {
	page,
	browser,
} ) => {
	// Two people and the media library: slow like every test here (beforeEach above).
	await openContracts( page );
	expect( await pluginViolations( page ) ).toEqual( [] );
	expect( await violationsOutsideCoreChrome( page ) ).toEqual( [] );
	await screenshot( page, 'admin-contracts-list-1280' );

	await page.getByRole( 'link', { name: 'Add New Contract' } ).click();
	const title = `Lakeside Clinic Training ${ Date.now() }`;
	await page.getByLabel( 'Title', { exact: true } ).fill( title );
	await page.getByLabel( 'Organizer name' ).fill( 'Grace Holloway' );
	await page.getByLabel( 'Organizer title' ).fill( 'Clinical Educator' );
	await page.getByLabel( 'Organizer phone' ).fill( '+1 (555) 010-4477' );
	await page.getByLabel( 'Organizer e-mail' ).fill( 'grace@example.com' );
	const modal = page.getByRole( 'dialog', { name: 'Organizer picture' } );
	// On a busy machine a first click can come before WordPress's media scripts are ready to
	// open the modal (seen once on 7.1 at load 9): click again, only while it is not open.
	const chooser = page.getByRole( 'button', {
		name: 'Choose from the media library',
	} );
	await expect( async () => {
		if ( ! ( await modal.isVisible() ) ) {
			await chooser.click( { timeout: 5_000 } );
		}
		await expect( modal ).toBeVisible( { timeout: 5_000 } );
	} ).toPass( { timeout: 45_000 } );
	await modal.getByRole( 'tab', { name: 'Media Library' } ).click();
	await modal.getByRole( 'checkbox' ).first().click();
	await modal.getByRole( 'button', { name: 'Use this image' } ).click();
	await expect(
		page.getByRole( 'textbox', { name: 'Organizer picture' } )
	).toHaveValue( /^\d+$/ );
	const nextYear = new Date( Date.now() + 365 * 86400 * 1000 )
		.toISOString()
		.slice( 0, 10 );
	await page.getByLabel( 'End date' ).fill( nextYear );
	await page.getByRole( 'button', { name: 'Create Contract' } ).click();
	await expect( notice( page ) ).toContainText( 'Contract created.' );
	const contractId = Number(
		new URL( page.url() ).searchParams.get( 'contract' )
	);
	expect( contractId ).toBeGreaterThan( 0 );
	await expect( page.getByLabel( 'End date' ) ).toHaveValue( nextYear );

	await page
		.getByLabel( 'Published library item' )
		.selectOption( { label: ITEM } );
	await page.getByRole( 'button', { name: 'Add Item' } ).click();
	await expect( notice( page ) ).toContainText(
		`“${ ITEM }” is now in this contract.`
	);

	await page
		.getByLabel( 'Find users by name, login or e-mail' )
		.fill( 'Mia' );
	await page.getByRole( 'button', { name: 'Search Users' } ).click();
	await page
		.getByRole( 'button', {
			name: `Add ${ CUSTOMER_NAME } to this contract`,
		} )
		.click();
	await expect( notice( page ) ).toContainText(
		`${ CUSTOMER_NAME } <${ CUSTOMER }@example.com> is now a member of this contract.`
	);
	await expect(
		page.getByRole( 'table', { name: 'Members of this contract' } )
	).toContainText( CUSTOMER_NAME );

	// Refused input: a notice, nothing saved, the typed value shown again.
	await page.getByLabel( 'Organizer e-mail' ).fill( 'grace@' );
	await page.getByRole( 'button', { name: 'Save Contract' } ).click();
	await expect( notice( page ) ).toContainText(
		'The organizer e-mail is not a valid e-mail address.'
	);
	await expect( page.getByLabel( 'Organizer e-mail' ) ).toHaveValue(
		'grace@'
	);
	await page.reload();
	await expect( page.getByLabel( 'Organizer e-mail' ) ).toHaveValue(
		'grace@example.com'
	);

	expect( await pluginViolations( page ) ).toEqual( [] );
	expect( await violationsOutsideCoreChrome( page ) ).toEqual( [] );
	await screenshot( page, 'admin-contracts-edit-1280' );

	// The customer's contract library, with the organizer card.
	const customer = await browser.newContext();
	const member = await customer.newPage();
	const login = credentials( CUSTOMER );
	await logIn( member, login.login, login.password );
	// She was told: an e-mail with the contract library's address, and, as she
	// has a library of her own, a notification behind her bell.
	await expect
		.poll(
			() =>
				caughtMail().find(
					( mail ) =>
						mail.to.includes( `${ CUSTOMER }@example.com` ) &&
						mail.subject.includes( `You were added to ${ title }` )
				)?.text ?? ''
		)
		.toContain( `/contract/${ contractId }/` );
	await member.goto( '/my-account/library' );
	await member
		.getByRole( 'button', { name: /^Notifications, \d+ unread$/ } )
		.click();
	await expect( member.getByRole( 'dialog' ) ).toContainText(
		`You were added to ${ title }. Its trainings are in your library.`
	);
	await member.keyboard.press( 'Escape' );
	await member.goto( `/contract/${ contractId }` );
	await expect(
		member.getByRole( 'heading', { level: 1, name: title } )
	).toBeVisible();
	const organizer = member.getByRole( 'complementary', {
		name: 'Your organizer',
	} );
	await expect( organizer ).toContainText( 'Grace Holloway' );
	await expect( organizer ).toContainText( 'Clinical Educator' );
	await expect(
		organizer.getByRole( 'link', { name: 'grace@example.com' } )
	).toHaveAttribute( 'href', 'mailto:grace@example.com' );
	await expect( organizer.locator( 'img' ) ).toHaveAttribute(
		'src',
		/\/uploads\//
	);
	const cards = member
		.getByRole( 'list', { name: 'Library items' } )
		.getByRole( 'link' );
	await expect( cards ).toHaveCount( 1 );
	await expect( cards.first() ).toContainText( ITEM );
	await screenshot( member, 'admin-contracts-member-library-1280' );

	// Taken out again through the screen: the customer's library no longer has it.
	await page
		.getByRole( 'button', {
			name: `Remove ${ CUSTOMER_NAME } from this contract`,
		} )
		.click();
	await expect( notice( page ) ).toContainText(
		'is no longer a member of this contract.'
	);
	await member.goto( `/contract/${ contractId }` );
	await expect( member.getByRole( 'alert' ) ).toContainText(
		"You don't have access to this contract library."
	);
	await customer.close();
} );

test( "an import with bad rows lists them in the file's order, counts the file's rows and keeps the good rows", async ( {
	page,
} ) => {
	const stamp = Date.now();
	const emails = [
		`import-a-${ stamp }@example.com`,
		`import-b-${ stamp }@example.com`,
	] as const;
	// Two fresh accounts (this import does not create accounts).
	wpPhp(
		emails
			.map(
				( email, i ) =>
					`wp_insert_user( array( 'user_login' => 'import${ i }-${ stamp }', 'user_email' => '${ email }', 'user_pass' => wp_generate_password(), 'display_name' => 'Import ${ i } ${ stamp }' ) );`
			)
			.join( '\n' )
	);
	const dir = path.join( ARTIFACTS_DIR, 'tmp' );
	mkdirSync( dir, { recursive: true } );
	const file = path.join( dir, `contract-import-${ stamp }.csv` );
	writeFileSync(
		file,
		'\uFEFFemail;first_name;last_name\n' +
			`ghost-${ stamp }@example.com;No;Account\n` +
			`${ emails[ 0 ] };Ana;Import\n` +
			'not-an-address;Bad;Row\n' +
			`${ emails[ 1 ] };Ben;Import\n` +
			`${ emails[ 0 ].toUpperCase() };Ana;Again\n`
	);

	await openContracts( page );
	const contractId = await createContract( page, `Import ${ stamp }` );
	await page.getByLabel( 'CSV file' ).setInputFiles( file );
	await page.getByRole( 'button', { name: 'Upload and Import' } ).click();

	const progress = page.getByRole( 'progressbar', {
		name: 'Import progress',
	} );
	await expect( progress ).toBeVisible();
	await expect(
		page.getByText(
			'Import finished: 2 added, 1 repeated row counted once, 2 bad rows.'
		)
	).toBeVisible();
	// Every data row of the file counts, the bad and repeated ones too.
	await expect( progress ).toHaveAttribute( 'value', '5' );
	await expect(
		page.getByRole( 'status' ).filter( { hasText: 'rows processed' } )
	).toHaveText( '5 of 5 rows processed' );
	const bad = page.getByRole( 'table', { name: 'Rows not imported' } );
	await expect( bad.getByRole( 'row' ) ).toHaveCount( 3 );
	// In the file's order, though the parser found line 4 before the account lookup found line 2.
	await expect( bad.getByRole( 'row' ).nth( 1 ) ).toHaveText(
		new RegExp(
			`2\\s*ghost-${ stamp }@example.com\\s*No account with this e-mail\\.`
		)
	);
	await expect( bad.getByRole( 'row' ).nth( 2 ) ).toHaveText(
		/4\s*not-an-address\s*Not a valid e-mail address\./
	);
	await expect(
		page.getByText( /new accounts? (was|were) created/ )
	).toHaveCount( 0 );
	expect(
		wpPhp(
			`echo get_user_by( 'email', 'ghost-${ stamp }@example.com' ) ? 'yes' : 'no';`
		)
	).toBe( 'no' );
	const members = page.getByRole( 'table', {
		name: 'Members of this contract',
	} );
	for ( const email of emails ) {
		await expect( members ).toContainText( email );
	}
	expect( contractId ).toBeGreaterThan( 0 );
	expect( await pluginViolations( page ) ).toEqual( [] );
	await screenshot( page, 'admin-contracts-import-1280' );

	// The list's Screen Options page size and the Help tab's import rules.
	await page.goto( SCREEN );
	await page.getByRole( 'button', { name: 'Screen Options' } ).click();
	await page.getByLabel( 'Contracts per page' ).fill( '1' );
	await page.getByRole( 'button', { name: 'Apply' } ).click();
	const rows = page.locator( '#the-list tr' );
	await expect( rows ).toHaveCount( 1 );
	await expect( rows.first() ).toContainText( `Import ${ stamp }` );
	// A fresh load, so core's script that opens the panel is bound before the click.
	await page.goto( SCREEN );
	await expect( rows ).toHaveCount( 1 );
	await page.getByRole( 'button', { name: 'Screen Options' } ).click();
	await page.getByLabel( 'Contracts per page' ).fill( '20' );
	await page.getByRole( 'button', { name: 'Apply' } ).click();
	await expect( rows ).not.toHaveCount( 1 );
	await page.waitForLoadState( 'load' );
	await page.getByRole( 'button', { name: 'Help' } ).click();
	await page.getByRole( 'link', { name: 'CSV import' } ).click();
	await expect(
		page.getByText( /rows without one are listed with their line number/ )
	).toBeVisible();
} );

test( 'an import asked to create accounts gives each new address an account, the membership and the new-user e-mail', async ( {
	page,
} ) => {
	const stamp = Date.now();
	const fresh = `fresh-${ stamp }@example.com`;
	const dir = path.join( ARTIFACTS_DIR, 'tmp' );
	mkdirSync( dir, { recursive: true } );
	const file = path.join( dir, `contract-accounts-${ stamp }.csv` );
	writeFileSync(
		file,
		'email,first_name,last_name\n' +
			`${ fresh },Freya,Fresh\n` +
			'also bad,No,Address\n'
	);

	await openContracts( page );
	await createContract( page, `Accounts ${ stamp }` );
	await page.getByLabel( 'CSV file' ).setInputFiles( file );
	await page
		.getByLabel( 'Create accounts for new addresses', { exact: false } )
		.check();
	await page.getByRole( 'button', { name: 'Upload and Import' } ).click();

	await expect(
		page.getByText(
			"Import finished: 1 added, 1 bad row. 1 new account was created; it is sent WordPress's new-user e-mail."
		)
		// Creating an account is the slow part (user, meta, the e-mail job): on 7.1 + WooCommerce the
		// batch once answered after 5 s, and the page showed this text later (2026-11-28 evening).
	).toBeVisible( { timeout: 30_000 } );
	await expect(
		page.getByRole( 'status' ).filter( { hasText: 'rows processed' } )
	).toHaveText( '2 of 2 rows processed' );
	await expect(
		page.getByRole( 'table', { name: 'Members of this contract' } )
	).toContainText( fresh );
	expect(
		wpPhp(
			`$u = get_user_by( 'email', '${ fresh }' ); echo $u->first_name . ' ' . $u->last_name;`
		)
	).toBe( 'Freya Fresh' );
	// The e-mail is a background job: on WP-Cron (no WooCommerce) a request to wp-cron.php runs
	// it, as a system cron would. A page view's own spawn may hold WP-Cron's lock for 60 s without
	// running (PHP's built-in server can drop that request), so the lock goes first; were both to
	// run, the job sends once (it claims each e-mail). With WooCommerce the job waits in Action
	// Scheduler's queue: the portal's own group is run, as `wp action-scheduler run --group=library-portal`
	// does, on every poll: the wait then does not depend on WooCommerce's own jobs in the same queue
	// (with the whole queue run once, the e-mail was missing after 20 s in a run on 7.1 + WooCommerce).
	wpPhp( "delete_transient( 'doing_cron' );" );
	await page.request.get( '/wp-cron.php' );
	await expect
		.poll(
			() => {
				wpPhp(
					"if ( class_exists( 'ActionScheduler' ) ) { foreach ( as_get_scheduled_actions( array( 'group' => 'library-portal', 'status' => ActionScheduler_Store::STATUS_PENDING, 'per_page' => -1 ), 'ids' ) as $id ) { ActionScheduler::runner()->process_action( (int) $id, 'e2e' ); } }"
				);
				return caughtMail().filter( ( mail ) =>
					mail.to.includes( fresh )
				);
			},
			{ timeout: 20_000 }
		)
		.toHaveLength( 1 );
	const welcome = caughtMail().find( ( mail ) => mail.to.includes( fresh ) );
	expect( welcome?.subject ).toContain( 'Login Details' );
	expect( welcome?.text ).toContain( 'To set your password' );
	expect( await pluginViolations( page ) ).toEqual( [] );
} );

test( 'the admin deletes a contract after a confirmation that says what goes and what stays; the audit trail records it', async ( {
	page,
} ) => {
	const title = `Closing Clinic ${ Date.now() }`;
	await openContracts( page );
	await createContract( page, title );
	await page.goto( SCREEN );
	const row = page.locator( '#the-list tr' ).filter( { hasText: title } );
	// The row action, by keyboard: it shows on focus.
	await row.getByRole( 'link', { name: `Delete “${ title }”` } ).focus();
	await page.keyboard.press( 'Enter' );
	await expect(
		page.getByRole( 'heading', {
			level: 1,
			name: `Delete the contract “${ title }”?`,
		} )
	).toBeVisible();
	await expect(
		page.getByText( 'Its 0 members lose the contract library' )
	).toBeVisible();
	await expect(
		page.getByText( /^What stays: the certificates/ )
	).toBeVisible();
	expect( await pluginViolations( page ) ).toEqual( [] );
	await screenshot( page, 'admin-contracts-delete-1280' );

	// Cancel goes back to the contract and deletes nothing.
	await page.getByRole( 'link', { name: 'Cancel' } ).click();
	await expect(
		page.getByRole( 'heading', { level: 1, name: title } )
	).toBeVisible();
	await page.goto( SCREEN );
	await row.getByRole( 'link', { name: `Delete “${ title }”` } ).focus();
	await page.keyboard.press( 'Enter' );
	await page.getByRole( 'button', { name: 'Delete contract' } ).click();
	await expect( notice( page ) ).toContainText(
		`The contract “${ title }” was deleted; its 0 members no longer have its library.`
	);
	await expect( page.locator( '#the-list' ) ).not.toContainText( title );

	await page.goto(
		'/wp-admin/edit.php?post_type=library_item&page=library-portal-audit'
	);
	await expect(
		page.getByText(
			`Contract “${ title }” deleted: 0 members lost its library`
		)
	).toBeVisible();
} );
