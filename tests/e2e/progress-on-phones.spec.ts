/**
 * The progress tables on a 390 px phone. My Progress, a team member's progress
 * and the contract's progress each show every row as a card: every column's value (Course, Type,
 * Completed On, Status, Certificates) lies inside the viewport and nothing scrolls sideways, the
 * page's or the table's. Photos at 1280 and 390 px (artifacts/screenshots/progress-phone-*.png), axe 0.
 */
import { expect, test, type Page } from '@playwright/test';
import {
	checkScreens,
	credentials,
	logIn,
	portalConfig,
	portalGet,
} from './support';

const PHONE = { width: 390, height: 844 };
const COLUMNS = [ 'Type', 'Completed On', 'Status', 'Certificates' ];

/**
 * Every cell of the progress table is visible inside the 390 px viewport, says which column it
 * is, and neither the page nor the table's frame scrolls sideways.
 *
 * @param page Page at 390 px showing a progress screen.
 */
async function everyColumnOnThePhone( page: Page ): Promise< void > {
	const table = page.getByRole( 'table', { name: 'Training progress' } );
	await expect( table ).toBeVisible();
	const rows = table.locator( 'tbody tr' );
	const rowCount = await rows.count();
	expect( rowCount, 'the screen has rows to show' ).toBeGreaterThan( 0 );
	expect(
		await page.evaluate(
			() =>
				document.documentElement.scrollWidth -
				document.documentElement.clientWidth
		),
		'the page does not scroll sideways'
	).toBeLessThanOrEqual( 0 );
	expect(
		await table.evaluate( ( element ) => {
			const frame = element.parentElement as HTMLElement;
			return frame.scrollWidth - frame.clientWidth;
		} ),
		'the table does not scroll sideways inside its frame'
	).toBeLessThanOrEqual( 0 );
	for ( let r = 0; r < rowCount; r++ ) {
		const row = rows.nth( r );
		const cells = row.locator( 'th, td' );
		await expect( cells ).toHaveCount( COLUMNS.length + 1 );
		for ( let c = 0; c < COLUMNS.length + 1; c++ ) {
			const cell = cells.nth( c );
			await expect( cell ).toBeVisible();
			if ( c > 0 ) {
				// The column's name is on the card (the header row is visually hidden).
				await expect( cell ).toHaveAttribute(
					'data-label',
					COLUMNS[ c - 1 ]!
				);
			}
			const box = await cell.boundingBox();
			expect( box, `row ${ r } cell ${ c }` ).not.toBeNull();
			expect(
				box!.x,
				`row ${ r } cell ${ c } starts inside`
			).toBeGreaterThanOrEqual( 0 );
			expect(
				box!.x + box!.width,
				`row ${ r } cell ${ c } ends inside`
			).toBeLessThanOrEqual( PHONE.width );
			expect(
				box!.width,
				`row ${ r } cell ${ c } has room`
			).toBeGreaterThan( 0 );
		}
	}
	// Status and Certificates read on the card: the value, not only the label.
	const firstStatus = rows.first().locator( 'td[data-label="Status"]' );
	await expect( firstStatus ).not.toHaveText( '' );
	const links = table.locator( 'tbody a' );
	for ( let n = 0; n < ( await links.count() ); n++ ) {
		const box = await links.nth( n ).boundingBox();
		expect( ( box?.x ?? 0 ) + ( box?.width ?? 999 ) ).toBeLessThanOrEqual(
			PHONE.width
		);
		await links.nth( n ).click( { trial: true } );
	}
}

/**
 * My Progress from the phone's menu, as a person opens it.
 *
 * @param page Page at 390 px showing the portal.
 */
async function openMyProgress( page: Page ): Promise< void > {
	await page.getByRole( 'button', { name: 'Menu' } ).click();
	await page
		.getByRole( 'navigation', { name: 'Library menu' } )
		.getByRole( 'link', { name: 'My Progress' } )
		.click();
}

test( 'My Progress shows every column of every training on a 390 px phone', async ( {
	page,
} ) => {
	test.slow();
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password, '/my-account/library' );
	await page.setViewportSize( PHONE );
	await openMyProgress( page );
	await expect( page ).toHaveURL( /\/my-account\/library\/users\/\d+$/ );
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'Your Progress' } )
	).toBeVisible();
	await everyColumnOnThePhone( page );
	// A certificate is among the demo owner's rows: scrolled to, the whole link is on the screen.
	const certificate = page
		.getByRole( 'table', { name: 'Training progress' } )
		.getByRole( 'link', { name: /^View Certificate/ } )
		.first();
	await certificate.scrollIntoViewIfNeeded();
	await expect( certificate ).toBeInViewport( { ratio: 1 } );
	await checkScreens( page, 'progress-phone-own' );
} );

test( 'a team member’s progress shows every column on a 390 px phone', async ( {
	page,
} ) => {
	test.slow();
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password, '/my-account/library' );
	const team = Object.values(
		await portalGet< Record< string, { id: number; name: string } > >(
			page,
			'shareduserscontent/'
		)
	);
	const member = team[ 0 ];
	expect( member, 'the demo owner has a team' ).toBeDefined();
	await page.setViewportSize( PHONE );
	// Menu, Manage My Team, then the member's View Progress (a card's button on the phone).
	await page.getByRole( 'button', { name: 'Menu' } ).click();
	await page
		.getByRole( 'navigation', { name: 'Library menu' } )
		.getByRole( 'link', { name: 'Manage My Team' } )
		.click();
	await page
		.getByRole( 'link', { name: `View Progress of ${ member!.name }` } )
		.click();
	await expect( page ).toHaveURL(
		new RegExp( `/my-account/library/users/${ member!.id }$` )
	);
	await expect(
		page.getByRole( 'heading', {
			level: 1,
			name: `Progress of ${ member!.name }`,
		} )
	).toBeVisible();
	await everyColumnOnThePhone( page );
	await checkScreens( page, 'progress-phone-member' );
} );

test( 'the contract’s progress shows every column on a 390 px phone', async ( {
	page,
} ) => {
	test.slow();
	const user = credentials( 'demo-contract' );
	await logIn( page, user.login, user.password, '/my-account/library' );
	// A contract-only library opens on its contract.
	await page.waitForURL( /\/contract\/\d+/ );
	const [ contract ] = ( await portalConfig( page ) ).contracts;
	expect( contract, 'the demo contract user has a contract' ).toBeDefined();
	await page.setViewportSize( PHONE );
	await openMyProgress( page );
	await expect( page ).toHaveURL(
		new RegExp( `/contract/${ contract!.id }/users$` )
	);
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'Your Progress' } )
	).toBeVisible();
	await everyColumnOnThePhone( page );
	await checkScreens( page, 'progress-phone-contract' );
} );
