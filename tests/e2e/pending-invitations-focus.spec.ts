/**
 * Resend and Cancel on the pending invitations, walked with the mouse as an
 * owner does, in two tabs of the same browser. Focus goes to what the action said (never to the
 * page), the rows stay where they were under the pointer (their boxes are measured before and
 * after), and the cooldown counts down from the seconds the server's reply gave.
 * Photos at 1280 and 390 px: artifacts/screenshots/pending-invitations-*.png.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { checkScreens, logIn, wpPhp } from './support';

const PASSWORD = 'pending-focus-Pass-37';
const COOLDOWN_SECONDS = 60;

interface Setup {
	owner: string;
	item: number;
	emails: string[];
}

let setup: Setup;

/**
 * An owner of their own with four seats of a video and three e-mailed invitations nobody has
 * accepted, through the plugin's code; the site's cooldown at its default (60 s).
 */
function seed(): Setup {
	const run = Date.now().toString( 36 );
	const owner = `pending-owner-${ run }`;
	const emails = [ 1, 2, 3 ].map(
		( n ) => `pending${ n }-${ run }@example.test`
	);
	const out = wpPhp( `
		global $wpdb;
		$services = \\LibraryPortal\\Services::on( $wpdb );
		$seeder   = \\LibraryPortal\\Dev\\DemoSeeder::create();
		$owner    = $seeder->user( '${ owner }', 'Pia Pending', '${ PASSWORD }' );
		$found    = get_posts( array( 'post_type' => 'library_item', 'title' => 'Suicide Risk Assessment', 'posts_per_page' => 1, 'fields' => 'ids' ) );
		$item     = (int) $found[0];
		$now      = time();
		$services->licenses->create_grant( array( 'owner_id' => $owner, 'product_id' => $item, 'quantity' => 4, 'expires_at' => 0, 'tag' => '', 'source' => 'e2e' ), $now );
		foreach ( array( '${ emails.join( "', '" ) }' ) as $n => $email ) {
			// Sent a minute apart, oldest last in the list (newest first).
			$services->share_links->issue( $owner, $item, $now - 60 * ( 3 - $n ), $email );
		}
		$services->settings->update( array( 'cooldown_seconds' => ${ COOLDOWN_SECONDS } ) );
		echo $item;
	` );
	return { owner, item: Number( out.trim() ), emails };
}

/**
 * The top of each pending invitation's row, in order.
 *
 * @param block The "Pending invitations" region.
 */
const rowTops = ( block: Locator ): Promise< number[] > =>
	block
		.getByRole( 'listitem' )
		.evaluateAll( ( rows ) =>
			rows.map( ( row ) => Math.round( row.getBoundingClientRect().top ) )
		);

/**
 * The seconds the countdown shows now.
 *
 * @param outcome The outcome box.
 */
async function secondsShown( outcome: Locator ): Promise< number > {
	const text = await outcome.innerText();
	const found = /Please wait (\d+) seconds before sending more emails/.exec(
		text
	);
	return found ? Number( found[ 1 ] ) : -1;
}

/**
 * The owner's Share Details tab in a tab of its own, with the pending invitations shown.
 *
 * @param page Page of the owner's browser.
 */
async function openShareDetails( page: Page ): Promise< Locator > {
	await page.goto(
		`/my-account/library/videos/${ setup.item }?tab=share-details`
	);
	const block = page.getByRole( 'region', { name: 'Pending invitations' } );
	await expect( block.getByRole( 'listitem' ) ).toHaveCount( 3 );
	return block;
}

test.beforeAll( () => {
	setup = seed();
	expect( setup.item ).toBeGreaterThan( 0 );
} );

test.afterAll( () => {
	wpPhp(
		`\\LibraryPortal\\Services::on( $GLOBALS['wpdb'] )->settings->update( array( 'cooldown_seconds' => 60 ) );`
	);
} );

test( 'Resend keeps focus on its outcome and the rows still; the cooldown the server gave counts down', async ( {
	page,
} ) => {
	test.slow();
	await logIn( page, setup.owner, PASSWORD, '/my-account/library' );
	// A second tab opened before the resend: it does not know of the cooldown yet.
	const second = await page.context().newPage();
	const secondBlock = await openShareDetails( second );
	const block = await openShareDetails( page );
	const outcome = page.getByTestId( 'lp-pending-outcome' );

	// The person scrolls to the row first (the list is newest first: this one is last).
	const resendFirst = block.getByRole( 'button', {
		name: `Resend ${ setup.emails[ 0 ] }`,
	} );
	await resendFirst.scrollIntoViewIfNeeded();
	const before = await rowTops( block );
	await resendFirst.click();
	await expect( outcome ).toContainText(
		`The invitation was sent again to ${ setup.emails[ 0 ] }.`
	);
	await expect( outcome ).toBeFocused();
	expect( await rowTops( block ), 'the rows did not move' ).toEqual( before );
	// The server's cooldown (its reply's retry_after), counted down; Resend waits for it.
	const first = await secondsShown( outcome );
	expect( first ).toBeGreaterThan( COOLDOWN_SECONDS - 10 );
	expect( first ).toBeLessThanOrEqual( COOLDOWN_SECONDS );
	await expect(
		block.getByRole( 'button', { name: `Resend ${ setup.emails[ 1 ] }` } )
	).toBeDisabled();
	await expect
		.poll( () => secondsShown( outcome ), { timeout: 5_000 } )
		.toBeLessThan( first );
	await checkScreens( page, 'pending-invitations-resent' );

	// In the other tab the next click meets the server's cooldown: the rows stay under the
	// pointer, focus goes to the refusal, and its seconds count down.
	const secondOutcome = second.getByTestId( 'lp-pending-outcome' );
	const resendSecond = secondBlock.getByRole( 'button', {
		name: `Resend ${ setup.emails[ 1 ] }`,
	} );
	await resendSecond.scrollIntoViewIfNeeded();
	const secondBefore = await rowTops( secondBlock );
	await resendSecond.click();
	await expect( secondOutcome ).toContainText( /Please wait \d+ seconds/ );
	await expect( secondOutcome ).toBeFocused();
	expect(
		await rowTops( secondBlock ),
		'the rows did not move under the pointer'
	).toEqual( secondBefore );
	const refused = await secondsShown( secondOutcome );
	expect( refused ).toBeGreaterThan( 0 );
	expect( refused ).toBeLessThanOrEqual( COOLDOWN_SECONDS );
	await expect
		.poll( () => secondsShown( secondOutcome ), { timeout: 5_000 } )
		.toBeLessThan( refused );
	// Still the same row under the pointer: its Resend waits, nobody else's was sent.
	await expect(
		secondBlock.getByRole( 'button', {
			name: `Resend ${ setup.emails[ 2 ] }`,
		} )
	).toBeDisabled();
	await checkScreens( second, 'pending-invitations-cooldown' );
	await second.close();
} );

test( 'after confirming Cancel invitation, focus is on what the server said', async ( {
	page,
} ) => {
	test.slow();
	await logIn( page, setup.owner, PASSWORD, '/my-account/library' );
	const block = await openShareDetails( page );
	const canceled = setup.emails[ 2 ]!;
	await block.getByRole( 'button', { name: `Cancel ${ canceled }` } ).click();
	await page
		.getByRole( 'dialog', { name: 'Cancel the invitation?' } )
		.getByRole( 'button', { name: 'Cancel invitation' } )
		.click();
	const outcome = page.getByTestId( 'lp-pending-outcome' );
	await expect( outcome ).toContainText(
		`The invitation to ${ canceled } was canceled.`
	);
	await expect( block.getByRole( 'listitem' ) ).toHaveCount( 2 );
	await expect( outcome ).toBeFocused();
	await expect( page.locator( 'body' ) ).not.toBeFocused();
	await checkScreens( page, 'pending-invitations-canceled' );
} );
