/**
 * An owner who e-mails invitations sees beside the license count how many are
 * pending (the seats stay available until someone accepts), counted by the server. Walked as an
 * owner does: the Share modal, Cancel invitation (the e-mail history then says which invitation
 * was canceled), then the library list.
 * Photos at 1280 and 390 px: artifacts/screenshots/pending-invitations-count-*.png.
 */
import { expect, test } from '@playwright/test';
import { checkScreens, logIn, wpPhp } from './support';

const PASSWORD = 'pending-count-Pass-37';
const TITLE = 'Suicide Risk Assessment';

interface Setup {
	owner: string;
	item: number;
	emails: [ string, string ];
}

let setup: Setup;

/**
 * An owner of their own with three seats of a video, nothing shared yet; no cooldown.
 */
function seed(): Setup {
	const run = Date.now().toString( 36 );
	const owner = `count-owner-${ run }`;
	const out = wpPhp( `
		global $wpdb;
		$services = \\LibraryPortal\\Services::on( $wpdb );
		$owner    = \\LibraryPortal\\Dev\\DemoSeeder::create()->user( '${ owner }', 'Olivia Counts', '${ PASSWORD }' );
		$found    = get_posts( array( 'post_type' => 'library_item', 'title' => '${ TITLE }', 'posts_per_page' => 1, 'fields' => 'ids' ) );
		$item     = (int) $found[0];
		$services->licenses->create_grant( array( 'owner_id' => $owner, 'product_id' => $item, 'quantity' => 3, 'expires_at' => 0, 'tag' => '', 'source' => 'e2e' ), time() );
		echo $item;
	` );
	return {
		owner,
		item: Number( out.trim() ),
		emails: [
			`count1-${ run }@example.test`,
			`count2-${ run }@example.test`,
		],
	};
}

test.beforeAll( () => {
	setup = seed();
	expect( setup.item ).toBeGreaterThan( 0 );
} );

test( 'two e-mailed invitations on three free seats say "2 invitations pending" beside the count', async ( {
	page,
} ) => {
	test.slow();
	await logIn( page, setup.owner, PASSWORD, '/my-account/library' );
	await page.goto(
		`/my-account/library/videos/${ setup.item }?tab=share-details`
	);
	const count = page.locator( '.lp-detail__header .lp-item__licenses' );
	await expect( count ).toHaveText( '3 of 3 licenses available' );

	await page.getByRole( 'button', { name: 'Share', exact: true } ).click();
	const dialog = page.getByRole( 'dialog', { name: 'Share Licenses' } );
	await dialog
		.getByLabel( 'Email addresses' )
		.fill( setup.emails.join( '\n' ) );
	await dialog.getByRole( 'button', { name: 'Share', exact: true } ).click();
	await expect(
		dialog.getByText( 'Invitations sent to 2 recipients.' )
	).toBeVisible();
	// The modal's own count says it too, and the modal stayed open (no reload behind it).
	await expect( dialog.getByTestId( 'lp-pending-invites' ) ).toHaveText(
		'2 invitations pending'
	);
	await page.keyboard.press( 'Escape' );
	await expect( dialog ).toBeHidden();

	// Invitations hold no seat: the spec's count stays, the pending ones are said beside it.
	await expect( count ).toHaveText(
		'3 of 3 licenses available · 2 invitations pending'
	);
	await checkScreens( page, 'pending-invitations-count-detail' );

	const block = page.getByRole( 'region', { name: 'Pending invitations' } );
	await block
		.getByRole( 'button', { name: `Cancel ${ setup.emails[ 0 ] }` } )
		.click();
	await page
		.getByRole( 'dialog', { name: 'Cancel the invitation?' } )
		.getByRole( 'button', { name: 'Cancel invitation' } )
		.click();
	await expect( page.getByTestId( 'lp-pending-outcome' ) ).toContainText(
		`The invitation to ${ setup.emails[ 0 ] } was canceled.`
	);
	await expect( count ).toHaveText(
		'3 of 3 licenses available · 1 invitation pending'
	);
	// The e-mail history says what became of each message (a canceled one shows so).
	const history = page.getByRole( 'region', { name: 'Email Send History' } );
	await expect(
		history.getByRole( 'row' ).filter( { hasText: setup.emails[ 0 ] } )
	).toContainText( 'Sent, then canceled' );
	await expect(
		history.getByRole( 'row' ).filter( { hasText: setup.emails[ 1 ] } )
	).not.toContainText( 'canceled' );
	await checkScreens( page, 'pending-invitations-count-canceled' );

	// The library list says the same on the item's card, from the same reply.
	await page.goto( '/my-account/library/videos' );
	const card = page
		.getByRole( 'article' )
		.filter( { has: page.getByRole( 'heading', { name: TITLE } ) } );
	await expect( card.getByTestId( 'lp-pending-invites' ) ).toHaveText(
		'1 invitation pending'
	);
	await checkScreens( page, 'pending-invitations-count-list' );
} );
