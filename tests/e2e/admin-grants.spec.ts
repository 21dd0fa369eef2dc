/**
 * Grants in wp-admin (docs/rules/seats-and-sharing.md, "Grants and audit trail (wp-admin, WP-CLI)"): an admin gives a demo customer two licenses of an item they do
 * not own through the Add grant form, a refused form changes nothing, View as user and the audit
 * trail show the grant, the customer sees the item in their library with two licenses, and the
 * admin takes the seats back (so the next run starts from the same library). Axe finds no
 * violation in the plugin's own markup on the four screens. Without script, the Grants list's user
 * filter names one user, refuses an unknown one, and stays through sorting and paging.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
	ARTIFACTS_DIR,
	axeViolations,
	budgetForPages,
	credentials,
	libraryItems,
	logIn,
	logOut,
	wpPhp,
} from './support';

const GRANTS =
	'/wp-admin/edit.php?post_type=library_item&page=library-portal-grants';
const VIEW_AS =
	'/wp-admin/edit.php?post_type=library_item&page=library-portal-view-as';
const AUDIT =
	'/wp-admin/edit.php?post_type=library_item&page=library-portal-audit';
const CUSTOMER = 'demo-memberonly';
const CUSTOMER_EMAIL = `${ CUSTOMER }@example.com`;

/**
 * Axe runs on the plugin's container (#lp-admin): WordPress's own admin chrome (admin bar,
 * menu) has violations that are core's to fix (see docs/rules/seats-and-sharing.md, "Grants and audit trail (wp-admin, WP-CLI)").
 */
const OURS = [ '#lp-admin' ];

interface Row {
	product_id: number;
	title: string;
	total_licenses: number;
}

async function screenshot( page: Page, name: string ): Promise< void > {
	await page.screenshot( {
		path: path.join( ARTIFACTS_DIR, 'screenshots', `${ name }.png` ),
		fullPage: true,
	} );
}

async function customerLibrary( page: Page ): Promise< Row[] > {
	const customer = credentials( CUSTOMER );
	await logOut( page );
	await logIn(
		page,
		customer.login,
		customer.password,
		'/my-account/library'
	);
	await expect( page.locator( '#library-portal-root' ) ).toBeVisible();
	return libraryItems< Row >( page );
}

async function asAdmin( page: Page ): Promise< void > {
	const admin = credentials( 'admin' );
	await logOut( page );
	await logIn( page, admin.login, admin.password );
}

test.use( { viewport: { width: 1280, height: 900 } } );

test( 'an admin grants two licenses through the form; the customer sees them', async ( {
	page,
} ) => {
	// Four logins and five admin screens: longer than the default 30 s on a busy machine.
	test.setTimeout( 120_000 );
	const owned = new Set(
		( await customerLibrary( page ) ).map( ( row ) => row.product_id )
	);

	await asAdmin( page );
	await page.goto( GRANTS );
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'Grants' } )
	).toBeVisible();
	expect( await axeViolations( page, OURS ), 'grants list' ).toEqual( [] );
	await screenshot( page, 'admin-grants-list-1280' );

	await page.getByRole( 'link', { name: 'Add grant' } ).click();
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'Add grant' } )
	).toBeVisible();
	const options = await page
		.getByLabel( 'Item' )
		.locator( 'option' )
		.evaluateAll( ( nodes ) =>
			nodes.map( ( node ) => ( node as HTMLOptionElement ).value )
		);
	const itemId = options
		.map( Number )
		.find( ( id ) => id > 0 && ! owned.has( id ) );
	expect( itemId, 'an item the customer does not own yet' ).toBeTruthy();

	// Refused: a quantity of 0 changes nothing and keeps what was typed.
	await page.getByLabel( 'User (e-mail or login)' ).fill( CUSTOMER_EMAIL );
	await page.getByLabel( 'Item' ).selectOption( String( itemId ) );
	await page.getByLabel( 'Quantity' ).fill( '0' );
	await page.getByRole( 'button', { name: 'Add grant' } ).click();
	await expect( page.getByRole( 'alert' ) ).toContainText(
		'The quantity must be a whole number from 1 to 1000.'
	);
	await expect( page.getByLabel( 'User (e-mail or login)' ) ).toHaveValue(
		CUSTOMER_EMAIL
	);
	expect( await axeViolations( page, OURS ), 'add form' ).toEqual( [] );
	await screenshot( page, 'admin-grants-add-refused-1280' );

	await page.getByLabel( 'Quantity' ).fill( '2' );
	await page.getByRole( 'button', { name: 'Add grant' } ).click();
	await expect( page.getByRole( 'status' ).first() ).toContainText(
		`Granted 2 licenses of`
	);
	await expect( page.getByRole( 'status' ).first() ).toContainText(
		CUSTOMER_EMAIL
	);
	await screenshot( page, 'admin-grants-added-1280' );

	await page.goto( `${ VIEW_AS }&user=${ encodeURIComponent( CUSTOMER ) }` );
	const library = page.getByRole( 'table', { name: 'Library items' } );
	await expect( library ).toBeVisible();
	expect( await axeViolations( page, OURS ), 'view as user' ).toEqual( [] );
	await screenshot( page, 'admin-grants-view-as-1280' );

	await page.goto(
		`${ AUDIT }&user=${ encodeURIComponent( CUSTOMER_EMAIL ) }`
	);
	await expect( page.locator( '#lp-admin tbody tr' ).first() ).toContainText(
		'Granted'
	);
	await expect( page.locator( '#lp-admin tbody tr' ).first() ).toContainText(
		'2 licenses'
	);
	expect( await axeViolations( page, OURS ), 'audit trail' ).toEqual( [] );
	// At 1280 px every column header fits its longest word ("Changed by", not "Chan ged by").
	const brokenHeaders = await page.evaluate( () =>
		Array.from(
			document.querySelectorAll< HTMLElement >( '#lp-admin thead th' )
		)
			.filter( ( th ) => {
				const style = getComputedStyle( th );
				const room =
					th.clientWidth -
					parseFloat( style.paddingLeft ) -
					parseFloat( style.paddingRight );
				return ( th.textContent ?? '' )
					.split( /\s+/ )
					.some( ( word ) => {
						const probe = document.createElement( 'span' );
						probe.textContent = word;
						probe.style.whiteSpace = 'nowrap';
						th.appendChild( probe );
						const wide =
							probe.getBoundingClientRect().width > room + 0.5;
						probe.remove();
						return wide;
					} );
			} )
			.map( ( th ) => th.textContent?.trim() )
	);
	expect( brokenHeaders ).toEqual( [] );
	await screenshot( page, 'admin-grants-audit-1280' );

	const rows = await customerLibrary( page );
	const granted = rows.find( ( row ) => row.product_id === itemId );
	expect( granted?.total_licenses, 'two licenses in items/' ).toBe( 2 );
	await page.goto( '/my-account/library/videos' );
	await page.getByLabel( 'Search items' ).fill( granted!.title );
	const card = page
		.getByRole( 'list', { name: 'Library items', exact: true } )
		.getByRole( 'article', { name: granted!.title } );
	await expect( card ).toBeVisible();
	await expect( card, 'available of total licenses' ).toContainText(
		'2 of 2 licenses available'
	);
	await expect( page.getByText( 'Showing 1 of 1' ) ).toBeVisible();
	await screenshot( page, 'admin-grants-customer-library-1280' );

	// Back as it was: the admin takes the two seats nobody started back.
	await asAdmin( page );
	await page.goto(
		`${ GRANTS }&s=${ encodeURIComponent( CUSTOMER_EMAIL ) }`
	);
	const row = page
		.locator( '#lp-admin tbody tr' )
		.filter( { hasText: granted!.title } )
		.first();
	await row
		.getByRole( 'link', { name: 'Take back seats not started' } )
		.focus();
	await row
		.getByRole( 'link', { name: 'Take back seats not started' } )
		.click();
	await expect(
		page.getByRole( 'heading', {
			level: 1,
			name: 'Take back seats not started',
		} )
	).toBeVisible();
	expect( await axeViolations( page, OURS ), 'take back form' ).toEqual( [] );
	await screenshot( page, 'admin-grants-take-back-1280' );
	await page.getByRole( 'button', { name: 'Take back seats' } ).click();
	// The field was left empty: that ends the grant, so the screen asks first and says what ends.
	await expect(
		page.getByRole( 'heading', { level: 2, name: 'End the grant?' } )
	).toBeVisible();
	await expect( page.getByRole( 'alert' ) ).toContainText(
		'available: 2; shared, not started: 0'
	);
	expect( await axeViolations( page, OURS ), 'confirm the end' ).toEqual(
		[]
	);
	await screenshot( page, 'admin-grants-take-back-confirm-1280' );
	await page
		.getByRole( 'button', { name: 'Take back all and end the grant' } )
		.click();
	await expect( page.getByRole( 'status' ).first() ).toContainText(
		'Took back 2 seats'
	);
	expect(
		( await customerLibrary( page ) ).some(
			( item ) => item.product_id === itemId
		),
		'the item left the library again'
	).toBe( false );
} );

test.describe( 'the grants list without script', () => {
	test.use( { javaScriptEnabled: false } );

	test( 'filters by one user, refuses an unknown one, and keeps the filter through sorting and paging', async ( {
		page,
	} ) => {
		// Log-in (two pages), then six admin pages, each a full load without script.
		budgetForPages( 8 );
		// A fresh admin with 2 grants a page, an owner of three grants and one with a longer login.
		const made = JSON.parse(
			wpPhp( `
				$suffix   = strtolower( wp_generate_password( 6, false, false ) );
				$services = \\LibraryPortal\\Services::on( $GLOBALS['wpdb'] );
				$admin    = wp_insert_user( array( 'user_login' => 'filter-admin-' . $suffix, 'user_pass' => 'filter-pass-' . $suffix, 'user_email' => 'filter-admin-' . $suffix . '@example.com', 'role' => 'administrator' ) );
				update_user_meta( $admin, 'library_portal_grants_per_page', 2 );
				$owner    = wp_insert_user( array( 'user_login' => 'filter-owner-' . $suffix, 'user_pass' => wp_generate_password(), 'user_email' => 'filter-owner-' . $suffix . '@example.com', 'role' => 'subscriber' ) );
				$longer   = wp_insert_user( array( 'user_login' => 'filter-owner-' . $suffix . 'x', 'user_pass' => wp_generate_password(), 'user_email' => 'filter-owner-' . $suffix . 'x@example.com', 'role' => 'subscriber' ) );
				foreach ( array( 'C', 'A', 'B' ) as $letter ) {
					$item = wp_insert_post( array( 'post_type' => 'library_item', 'post_status' => 'publish', 'post_title' => 'Filter ' . $suffix . ' ' . $letter ) );
					$services->grants->grant( $owner, $item, 1, 0, '', 'admin', '', 0 );
					$services->grants->grant( $longer, $item, 1, 0, '', 'admin', '', 0 );
				}
				echo wp_json_encode( array( 'suffix' => $suffix ) );
			` ).trim()
		) as { suffix: string };
		const owner = `filter-owner-${ made.suffix }@example.com`;
		const title = ( letter: string ) =>
			`Filter ${ made.suffix } ${ letter }`;
		const rows = page.locator( '#lp-admin tbody tr' );

		await logIn(
			page,
			`filter-admin-${ made.suffix }`,
			`filter-pass-${ made.suffix }`
		);
		await page.goto( GRANTS );
		await page.getByLabel( 'User (e-mail or login)' ).fill( owner );
		await page
			.getByRole( 'button', { name: 'Filter', exact: true } )
			.click();
		await expect( page ).toHaveURL( /[?&]user=filter-owner-/ );
		await expect( rows ).toHaveCount( 2 );
		await expect( page.locator( '.displaying-num' ).first() ).toHaveText(
			'3 items'
		);
		for ( const row of await rows.all() ) {
			await expect( row ).toContainText( owner );
			await expect( row ).not.toContainText( `${ made.suffix }x@` );
		}

		// Sorting by item keeps the user; paging keeps both.
		await page
			.locator( '#lp-admin thead' )
			.getByRole( 'link', { name: /^Item\b/ } )
			.click();
		await expect( page ).toHaveURL( /orderby=item/ );
		await expect( page ).toHaveURL( /[?&]user=filter-owner-/ );
		await expect( rows.nth( 0 ) ).toContainText( title( 'A' ) );
		await expect( rows.nth( 1 ) ).toContainText( title( 'B' ) );
		await page.getByRole( 'link', { name: 'Next page' } ).first().click();
		await expect( page ).toHaveURL( /paged=2/ );
		await expect( rows ).toHaveCount( 1 );
		await expect( rows.nth( 0 ) ).toContainText( title( 'C' ) );
		await expect( rows.nth( 0 ) ).toContainText( owner );
		await expect( page.getByLabel( 'User (e-mail or login)' ) ).toHaveValue(
			owner
		);
		await screenshot( page, 'admin-grants-user-filter-no-script-1280' );

		// A user that is not there: told so, and no grant of anyone is listed.
		await page.goto( GRANTS );
		await page
			.getByLabel( 'User (e-mail or login)' )
			.fill( 'nobody-at-all@example.com' );
		await page
			.getByRole( 'button', { name: 'Filter', exact: true } )
			.click();
		await expect( page.getByRole( 'alert' ) ).toContainText(
			'No user with that e-mail or login.'
		);
		await expect( rows ).toHaveCount( 1 );
		await expect( rows.nth( 0 ) ).toHaveText( 'No grants found.' );
	} );
} );
