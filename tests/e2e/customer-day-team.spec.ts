/**
 * A customer's day (docs/rules/library-and-catalogue.md, "A customer's day"), walked with real key presses: Remove Team
 * Member says what it does and takes back unstarted seats on the server; focus stays where the
 * person is after an e-mail send, Load more and Hide; Share Details and the team table fit a
 * 390 px phone as cards; license counts have words, a team member sees who shared, and neither
 * members nor contract users see sharing controls. axe and photos at 1280 and 390 px
 * (artifacts/screenshots/customer-day-team-*.png).
 *
 * An owner of its own with three members is set up through the plugin's code (bin/wp-php), so
 * the demo users other specs walk keep their seats.
 */
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
	ARTIFACTS_DIR,
	axeViolations,
	credentials,
	libraryItems,
	logIn,
	portalGet,
	wpPhp,
} from './support';

const PASSWORD = 'day-team-Pass-23';
const OWNER = { login: 'day-owner', name: 'Olive Owner' };
const first = { login: 'day-member-a', name: 'Ari First' };
const second = { login: 'day-member-b', name: 'Bea Second' };
const third = { login: 'day-member-c', name: 'Cy Third' };
const MEMBERS = [ first, second, third ];
const TITLE = 'Suicide Risk Assessment';

interface Setup {
	item: number;
	members: number[];
}

interface Member {
	id: number;
	name: string;
	revocable_share_ids: number[];
	products: { product_id: number }[];
}

let setup: Setup;

/**
 * The owner (4 seats of a webinar), three members holding one each (the second started), one left.
 */
function seedTeam(): Setup {
	const users = MEMBERS.map(
		( member ) =>
			`$seeder->user( '${ member.login }', '${ member.name }', '${ PASSWORD }' )`
	).join( ', ' );
	const output = wpPhp( `
		global $wpdb;
		$services = \\LibraryPortal\\Services::on( $wpdb );
		$seeder   = \\LibraryPortal\\Dev\\DemoSeeder::create();
		$owner    = $seeder->user( '${ OWNER.login }', '${ OWNER.name }', '${ PASSWORD }' );
		$members  = array( ${ users } );
		$found    = get_posts( array( 'post_type' => 'library_item', 'title' => '${ TITLE }', 'posts_per_page' => 1, 'fields' => 'ids' ) );
		$item     = (int) $found[0];
		$now      = time();
		// Once: Playwright runs beforeAll again in the worker that follows a failed test.
		if ( $services->licenses->team_seats( $owner ) ) {
			echo wp_json_encode( array( 'item' => $item, 'members' => $members ) );
			return;
		}
		$services->licenses->create_grant( array( 'owner_id' => $owner, 'product_id' => $item, 'quantity' => 4, 'expires_at' => 0, 'tag' => '', 'source' => 'e2e' ), $now );
		foreach ( $members as $n => $member ) {
			$seat = $services->licenses->find_available_seat( $owner, $item, '', $now );
			$services->licenses->share_seat( $seat, $owner, $member, $now );
			if ( 1 === $n ) {
				$services->licenses->activate_seat( $seat, $member, $now );
			}
		}
		// One e-mail in the history, so Share Details shows that table too.
		$services->mail_history->add( $owner, $item, 'day-earlier@example.com', true, $now - HOUR_IN_SECONDS );
		echo wp_json_encode( array( 'item' => $item, 'members' => $members ) );
	` );
	return JSON.parse( output.slice( output.indexOf( '{' ) ) ) as Setup;
}

/**
 * At 1280 and 390 px: no axe violation, and a full-page photo to look at.
 *
 * @param page Page showing the screen.
 * @param name Screen name in the file name.
 */
async function checkScreen( page: Page, name: string ): Promise< void > {
	for ( const width of [ 1280, 390 ] ) {
		await page.setViewportSize( {
			width,
			height: width === 390 ? 844 : 900,
		} );
		await page.screenshot( {
			path: path.join(
				ARTIFACTS_DIR,
				'screenshots',
				`customer-day-team-${ name }-${ width }.png`
			),
			fullPage: true,
		} );
		expect(
			await axeViolations( page ),
			`${ name } at ${ width } px`
		).toEqual( [] );
	}
	await page.setViewportSize( { width: 1280, height: 900 } );
}

/**
 * Every cell and control of a table lies inside a 390 px viewport, and each control can be clicked.
 *
 * @param page  Page at 390 px.
 * @param table The table.
 */
async function fitsThePhone( page: Page, table: Locator ): Promise< void > {
	expect(
		await page.evaluate( () => document.documentElement.scrollWidth ),
		'no sideways scroll'
	).toBeLessThanOrEqual( 390 );
	const cells = table.locator( 'tbody th, tbody td' );
	const count = await cells.count();
	expect( count ).toBeGreaterThan( 0 );
	for ( let n = 0; n < count; n++ ) {
		const cell = cells.nth( n );
		await expect( cell ).toBeVisible();
		const box = await cell.boundingBox();
		expect( box, `cell ${ n }` ).not.toBeNull();
		expect(
			box?.x ?? -1,
			`cell ${ n } starts inside`
		).toBeGreaterThanOrEqual( 0 );
		expect(
			( box?.x ?? 0 ) + ( box?.width ?? 999 ),
			`cell ${ n } ends inside`
		).toBeLessThanOrEqual( 390 );
	}
	const controls = table.locator( 'tbody a, tbody button' );
	for ( let n = 0; n < ( await controls.count() ); n++ ) {
		const control = controls.nth( n );
		const box = await control.boundingBox();
		expect( ( box?.x ?? 0 ) + ( box?.width ?? 999 ) ).toBeLessThanOrEqual(
			390
		);
		await control.click( { trial: true } );
	}
}

test.beforeAll( () => {
	setup = seedTeam();
	expect( setup.item ).toBeGreaterThan( 0 );
} );

test( 'the license count is said once, in words; a member sees who shared, and members and contract users get no sharing controls', async ( {
	page,
	browser,
} ) => {
	test.slow();
	await logIn( page, OWNER.login, PASSWORD, '/my-account/library' );
	await page.goto( `/my-account/library/videos/${ setup.item }` );
	const header = page.locator( '.lp-detail__header' );
	// One count, in words: seen and read the same, not "1/4" beside it.
	await expect( header.locator( '.lp-item__licenses' ) ).toHaveText(
		'1 of 4 licenses available'
	);
	await expect( header.locator( '.lp-item__licenses' ) ).toMatchAriaSnapshot(
		'- paragraph: 1 of 4 licenses available'
	);
	await expect( header ).not.toContainText( '1/4' );
	await expect(
		page.getByRole( 'tab', { name: 'Share Details' } )
	).toBeVisible();
	await checkScreen( page, 'owner-detail' );

	// A team member: who shared it, no counts, no Share Details, no warning.
	const memberContext = await browser.newContext();
	const member = await memberContext.newPage();
	await logIn( member, third.login, PASSWORD, '/my-account/library' );
	await member.goto( `/my-account/library/videos/${ setup.item }` );
	const memberHeader = member.locator( '.lp-detail__header' );
	await expect(
		memberHeader.getByText( `Shared with you by ${ OWNER.name }` )
	).toBeVisible();
	await expect( memberHeader ).not.toContainText( 'licenses available' );
	await expect( memberHeader ).not.toContainText( '/' );
	await expect(
		member.getByRole( 'tab', { name: 'Training Details' } )
	).toBeVisible();
	await expect(
		member.getByRole( 'tab', { name: 'Share Details' } )
	).toHaveCount( 0 );
	await expect( member.getByTestId( 'lp-share-notice' ) ).toHaveCount( 0 );
	await expect(
		member.getByText( 'can no longer be shared', { exact: false } )
	).toHaveCount( 0 );
	await checkScreen( member, 'member-detail' );
	await memberContext.close();

	// A contract user: no counts, no sharing controls, no warning.
	const contractContext = await browser.newContext();
	const contract = await contractContext.newPage();
	const user = credentials( 'demo-contract' );
	await logIn( contract, user.login, user.password, '/my-account/library' );
	await expect( contract ).toHaveURL( /\/contract\/\d+$/ );
	const rows = await libraryItems< {
		tag: string;
		content_type: string;
		contract_id: number;
		product_id: number;
	} >( contract );
	const video = rows.find(
		( row ) =>
			row.tag === 'contract' &&
			! [
				'e-manual',
				'e-course',
				'membership',
				'certificate-self-guided',
			].includes( row.content_type )
	);
	expect( video, 'the demo contract has a video item' ).toBeDefined();
	await contract.goto(
		`/contract/${ video?.contract_id }/${ video?.product_id }`
	);
	await expect(
		contract.getByRole( 'tab', { name: 'Training Details' } )
	).toBeVisible();
	await expect(
		contract.getByRole( 'tab', { name: 'Share Details' } )
	).toHaveCount( 0 );
	await expect( contract.getByTestId( 'lp-share-notice' ) ).toHaveCount( 0 );
	await expect(
		contract.getByRole( 'button', { name: 'Share', exact: true } )
	).toHaveCount( 0 );
	await contractContext.close();
} );

test( 'after an e-mail send focus is on the result and Escape still closes the Share modal', async ( {
	page,
} ) => {
	test.slow();
	await logIn( page, OWNER.login, PASSWORD, '/my-account/library' );
	await page.goto(
		`/my-account/library/videos/${ setup.item }?tab=share-details`
	);
	const share = page.getByRole( 'button', { name: 'Share', exact: true } );
	await share.focus();
	await page.keyboard.press( 'Enter' );
	const dialog = page.getByRole( 'dialog', { name: 'Share Licenses' } );
	await expect( dialog ).toBeVisible();
	await dialog.getByRole( 'textbox', { name: 'Email addresses' } ).focus();
	await page.keyboard.type( 'day-invitee@example.com' );
	await page.keyboard.press( 'Tab' ); // The send button.
	await expect(
		dialog.getByRole( 'button', { name: 'Share', exact: true } )
	).toBeFocused();
	await page.keyboard.press( 'Enter' );
	await expect( dialog.getByRole( 'status' ) ).toContainText(
		'Invitation sent to 1 recipient.'
	);
	// Focus is on the message itself, not on <body> (the send button disabled itself).
	await expect( page.locator( ':focus' ) ).toContainText(
		'Invitation sent to 1 recipient.'
	);
	const outcome = dialog.getByTestId( 'lp-share-outcome' );
	await expect( outcome ).toBeFocused();
	await checkScreen( page, 'share-modal-sent' );
	await expect( outcome ).toBeFocused();
	await page.keyboard.press( 'Escape' );
	await expect( dialog ).toBeHidden();
	await expect( share ).toBeFocused();
} );

test( 'after Load more items focus is on the first newly loaded card', async ( {
	page,
} ) => {
	// The button's own path: without IntersectionObserver nothing loads by scrolling.
	await page.addInitScript( () => {
		Reflect.deleteProperty( window, 'IntersectionObserver' );
	} );
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password, '/my-account/library' );
	await page.goto( '/my-account/library/videos' );
	const list = page.getByRole( 'list', { name: 'Library items' } );
	await expect( list.getByRole( 'listitem' ) ).toHaveCount( 20 );
	const more = page.getByRole( 'button', { name: 'Load more items' } );
	await more.focus();
	await page.keyboard.press( 'Enter' );
	await expect( list.getByRole( 'listitem' ).nth( 20 ) ).toBeVisible();
	const firstNew = list.getByRole( 'listitem' ).nth( 20 );
	await expect( firstNew.locator( ':focus' ) ).toHaveCount( 1 );
} );

test( 'at 390 px Share Details and the team table show every field and action as cards', async ( {
	page,
} ) => {
	test.slow();
	await logIn( page, OWNER.login, PASSWORD, '/my-account/library' );
	await page.setViewportSize( { width: 390, height: 844 } );
	await page.goto(
		`/my-account/library/videos/${ setup.item }?tab=share-details`
	);
	const shares = page.getByRole( 'table', { name: 'Shared licenses' } );
	await expect( shares.getByRole( 'row' ) ).toHaveCount( 4 );
	await expect(
		shares.getByRole( 'button', { name: /^Revoke / } )
	).toHaveCount( 2 );
	await fitsThePhone( page, shares );
	// Each field says what it is on the card (the column headers are visually hidden).
	for ( const label of [
		'License Expiry',
		'Certificate',
		'Actions',
		'Progress',
	] ) {
		await expect(
			shares.locator( `td[data-label="${ label }"]` ).first()
		).toBeVisible();
	}
	// The e-mail history's rows are cards too.
	const history = page
		.getByRole( 'region', { name: 'Email Send History' } )
		.getByRole( 'table' );
	await expect( history.getByRole( 'row' ) ).not.toHaveCount( 0 );
	await fitsThePhone( page, history );
	await checkScreen( page, 'share-details' );

	await page.setViewportSize( { width: 390, height: 844 } );
	await page.goto( '/my-account/library/users' );
	const team = page.getByRole( 'table', { name: 'Team members' } );
	await expect( team.getByRole( 'row' ) ).toHaveCount( 4 );
	await expect(
		team.getByRole( 'link', { name: /^View Progress of / } )
	).toHaveCount( 3 );
	await expect( team.getByRole( 'button', { name: /^Hide / } ) ).toHaveCount(
		3
	);
	await fitsThePhone( page, team );
	await checkScreen( page, 'team' );
} );

test( 'Remove Team Member says what it does, takes back the unstarted seat on the server, and Hide keeps focus on the next row', async ( {
	page,
} ) => {
	test.slow();
	await logIn( page, OWNER.login, PASSWORD, '/my-account/library' );
	await page.goto( '/my-account/library/users' );
	const before = await portalGet< Record< string, Member > >(
		page,
		'shareduserscontent/'
	);
	const ari = before[ String( setup.members[ 0 ] ) ];
	expect( ari?.revocable_share_ids ).toHaveLength( 1 );

	await page
		.getByRole( 'link', { name: `View Progress of ${ first.name }` } )
		.focus();
	await page.keyboard.press( 'Enter' );
	const remove = page.getByRole( 'button', { name: 'Remove Team Member' } );
	await remove.focus();
	await page.keyboard.press( 'Enter' );
	const dialog = page.getByRole( 'dialog', {
		name: 'Remove this team member?',
	} );
	await expect( dialog ).toContainText(
		`This hides ${ first.name } from your team list in this browser. Trainings they have started stay theirs.`
	);
	const takeBack = dialog.getByRole( 'checkbox', {
		name: 'Also take back 1 unstarted license (it becomes available to share again)',
	} );
	await expect( takeBack ).not.toBeChecked();
	// Cancel takes focus first; the choice sits before it.
	await expect(
		dialog.getByRole( 'button', { name: 'Cancel' } )
	).toBeFocused();
	await checkScreen( page, 'remove-member' );
	await page.keyboard.press( 'Shift+Tab' );
	await expect( takeBack ).toBeFocused();
	await page.keyboard.press( 'Space' );
	await expect( takeBack ).toBeChecked();
	await page.keyboard.press( 'Tab' );
	await page.keyboard.press( 'Tab' );
	await expect(
		dialog.getByRole( 'button', { name: 'Remove from list' } )
	).toBeFocused();
	await page.keyboard.press( 'Enter' );

	await expect( page ).toHaveURL( /\/my-account\/library\/users$/ );
	await expect(
		page.getByRole( 'status' ).filter( { hasText: 'hidden' } )
	).toHaveText(
		`${ first.name } is hidden from your team list. 1 unstarted license was taken back.`
	);
	await expect(
		page.getByRole( 'button', { name: `Hide ${ second.name }` } )
	).toBeFocused();
	const after = await portalGet< Record< string, Member > >(
		page,
		'shareduserscontent/'
	);
	expect(
		after[ String( setup.members[ 0 ] ) ],
		'the member held only that seat: the server took it back'
	).toBeUndefined();
	await checkScreen( page, 'team-after-remove' );

	// Hide keeps focus on the next row, and after the last row on Show All Users.
	await page.getByRole( 'button', { name: `Hide ${ second.name }` } ).focus();
	await page.keyboard.press( 'Enter' );
	await expect(
		page.getByRole( 'button', { name: `Hide ${ third.name }` } )
	).toBeFocused();
	await page.keyboard.press( 'Enter' );
	await expect(
		page.getByRole( 'button', { name: 'Show All Users (2 hidden)' } )
	).toBeFocused();
} );
