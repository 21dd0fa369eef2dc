/**
 * A customer's day (docs/rules/library-and-catalogue.md, "A customer's day": accepting a share, invitations) in a real browser: the recipient who takes the last
 * seat lands on the item, not on a claimed-out invite; someone who already holds the item is shown
 * it with Open; a logged-out recipient creates an account where the site allows it and comes back
 * to the invite (or is told to ask the sharer where it does not); the owner sees the e-mail
 * invitations still pending in Share Details, resends one (a real mail in the site's SMTP sink, one
 * more of the daily quota), cancels one (its link then refuses) and is warned while they outnumber
 * the licenses left. Every state is checked with axe and photographed at 1280 and 390 px
 * (artifacts/screenshots/sharing-invitations-*.png).
 *
 * Its own owner, members and seats are set up through the plugin's code (bin/wp-php), so the
 * demo users other specs walk are untouched.
 */
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
	ARTIFACTS_DIR,
	axeViolations,
	fillLoginForm,
	logIn,
	portalConfig,
	portalGet,
	wpPhp,
} from './support';
import { caughtMail } from './support/mail';

const PASSWORD = 'Invite-Day-Pass-23';
// Strong enough that WordPress's set-password form asks nothing more.
const NEW_PASSWORD = 'q7#Vt-Lw9!xR2-pZ4m';

interface Setup {
	/** Logins of this attempt's people (new ones per attempt, so a retry starts clean). */
	owner: string;
	member: string;
	member2: string;
	lastSeatItem: number;
	lastSeatTitle: string;
	invitedItem: number;
	invitedTitle: string;
	lastSeatLink: string;
	invitedLink: string;
}

let setup: Setup;
/** The addresses the owner invites, and how many mails the sink held before. */
let invited: string[] = [];
let sentBefore = 0;

/**
 * The owner (one seat of a video, three of another), two members, and a copied link of each item,
 * through the plugin's own code. The people are new on every attempt: the group runs in order and
 * each test builds on the last, so a retried group must not meet the seats and invitations of the
 * attempt before it.
 */
function seed(): Setup {
	const run = Date.now().toString( 36 );
	const owner = `invite-owner-${ run }`;
	const member = `invite-member-${ run }`;
	const member2 = `invite-member2-${ run }`;
	const php = `
		global $wpdb;
		$services = \\LibraryPortal\\Services::on( $wpdb );
		$seeder   = \\LibraryPortal\\Dev\\DemoSeeder::create();
		$owner    = $seeder->user( '${ owner }', 'Iris Owner', '${ PASSWORD }' );
		$seeder->user( '${ member }', 'Mark Member', '${ PASSWORD }' );
		$seeder->user( '${ member2 }', 'Mina Member', '${ PASSWORD }' );
		$videos = array();
		foreach ( get_posts( array( 'post_type' => 'library_item', 'posts_per_page' => -1, 'fields' => 'ids', 'orderby' => 'ID', 'order' => 'ASC' ) ) as $id ) {
			if ( '' !== (string) get_post_meta( $id, '_lp_video_url', true ) ) {
				$videos[] = (int) $id;
			}
		}
		$now = time();
		$services->licenses->create_grant( array( 'owner_id' => $owner, 'product_id' => $videos[0], 'quantity' => 1, 'expires_at' => 0, 'tag' => '', 'source' => 'e2e' ), $now );
		$services->licenses->create_grant( array( 'owner_id' => $owner, 'product_id' => $videos[1], 'quantity' => 3, 'expires_at' => 0, 'tag' => '', 'source' => 'e2e' ), $now );
		$services->settings->update( array( 'cooldown_seconds' => 0 ) );
		echo wp_json_encode( array(
			'lastSeatItem'  => $videos[0],
			'lastSeatTitle' => get_the_title( $videos[0] ),
			'invitedItem'   => $videos[1],
			'invitedTitle'  => get_the_title( $videos[1] ),
			'lastSeatLink'  => home_url( '/shareseats/' . $services->share_links->issue( $owner, $videos[0], $now ) . '/' ),
			'invitedLink'   => home_url( '/shareseats/' . $services->share_links->issue( $owner, $videos[1], $now ) . '/' ),
		) );
	`;
	return {
		owner,
		member,
		member2,
		...( JSON.parse( wpPhp( php ) ) as Omit<
			Setup,
			'owner' | 'member' | 'member2'
		> ),
	};
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
				`sharing-invitations-${ name }-${ width }.png`
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
 * A user's own browser context, logged in.
 *
 * @param browser
 * @param login   Login.
 */
async function loggedIn( browser: Browser, login: string ): Promise< Page > {
	const page = await ( await browser.newContext() ).newPage();
	await logIn( page, login, PASSWORD );
	return page;
}

/**
 * The code of an invite address.
 *
 * @param link Invite address.
 */
const codeOf = ( link: string ): string =>
	link.replace( /^.*\/shareseats\/|\/$/g, '' );

/**
 * POST accept-share as the page's user; status and error code.
 *
 * @param page Page of a logged-in user on a portal screen.
 * @param link Invite address.
 */
async function acceptByApi(
	page: Page,
	link: string
): Promise< { status: number; code: string } > {
	const reply = await page.request.post( '/wp-json/library/v2/accept-share', {
		data: { encoded: codeOf( link ) },
		headers: { 'X-WP-Nonce': ( await portalConfig( page ) ).restNonce },
	} );
	return {
		status: reply.status(),
		code:
			( ( await reply.json() ) as { error_code?: string } ).error_code ??
			'',
	};
}

const itemPath = ( id: number ) => `/my-account/library/videos/${ id }`;

test.describe( 'Sharing: accepting and inviting', () => {
	test.describe.configure( { mode: 'serial' } );
	// Several people's browser contexts and axe at two widths per screen, on a shared machine.
	test.slow();

	test.beforeAll( () => {
		setup = seed();
	} );

	test.afterAll( () => {
		wpPhp(
			`update_option( 'users_can_register', 0 ); \\LibraryPortal\\Services::on( $GLOBALS['wpdb'] )->settings->update( array( 'cooldown_seconds' => 60 ) );`
		);
	} );

	test( 'taking the last seat shows the success text, then the item after 2 s; the holder then sees Already in your library with Open', async ( {
		browser,
	} ) => {
		const member = await loggedIn( browser, setup.member );
		await member.goto( setup.lastSeatLink );
		const banner = member.locator( '.lp-banner' );
		await expect(
			banner.getByText(
				`Iris Owner shared "${ setup.lastSeatTitle }" with you.`
			)
		).toBeVisible();
		await checkScreen( member, 'invite' );

		await member.getByRole( 'button', { name: 'Accept' } ).click();
		await expect(
			member.getByText( 'Successfully added to your library!' )
		).toBeVisible();
		const shown = Date.now();
		// The item's page, not the invite reloaded on its last seat ("all licenses claimed").
		await member.waitForURL( `**${ itemPath( setup.lastSeatItem ) }`, {
			timeout: 10_000,
		} );
		expect( Date.now() - shown ).toBeGreaterThan( 1_500 );
		await expect(
			member.getByRole( 'heading', {
				level: 1,
				name: setup.lastSeatTitle,
			} )
		).toBeVisible();
		await expect(
			member.getByText(
				'Sorry, all licenses have been claimed for this training.'
			)
		).toHaveCount( 0 );

		// The same link again: the item is theirs, so Open instead of a claim.
		await member.goto( setup.lastSeatLink );
		await expect(
			member.getByText( 'Already in your library', { exact: true } )
		).toBeVisible();
		await expect(
			member.getByRole( 'button', { name: /Accept|Notify/ } )
		).toHaveCount( 0 );
		await expect(
			member.getByText(
				'Sorry, all licenses have been claimed for this training.'
			)
		).toHaveCount( 0 );
		await checkScreen( member, 'already-held' );
		await member.getByRole( 'link', { name: 'Open', exact: true } ).click();
		await member.waitForURL( `**${ itemPath( setup.lastSeatItem ) }` );
		await expect(
			member.getByRole( 'heading', {
				level: 1,
				name: setup.lastSeatTitle,
			} )
		).toBeVisible();
		await member.context().close();
	} );

	test( 'a logged-out visitor creates an account, comes back to the invite and accepts', async ( {
		browser,
	} ) => {
		wpPhp( `update_option( 'users_can_register', 1 );` );
		const visitor = await ( await browser.newContext() ).newPage();
		await visitor.goto( setup.invitedLink );
		await expect( visitor ).toHaveURL( /wp-login\.php/ );
		await expect(
			visitor.getByText(
				'Log in to accept the training shared with you.'
			)
		).toBeVisible();
		const create = visitor.getByRole( 'link', {
			name: 'Create an account',
		} );
		await expect( create ).toBeVisible();
		await checkScreen( visitor, 'login-register-open' );

		const login = `newcomer${ Date.now() }`;
		const email = `${ login }@example.test`;
		const before = caughtMail().length;
		await create.click();
		await expect( visitor ).toHaveURL( /action=register/ );
		await visitor.locator( '#user_login' ).fill( login );
		await visitor.locator( '#user_email' ).fill( email );
		await visitor.locator( '#wp-submit' ).click();
		await expect( visitor ).toHaveURL( /checkemail=registered/ );
		await expect(
			visitor.getByText( 'Registration complete.' )
		).toBeVisible();
		// The "login page" link of that screen carries the invite on.
		const loginLink = await visitor
			.getByRole( 'link', { name: 'login page' } )
			.getAttribute( 'href' );
		expect( decodeURIComponent( loginLink ?? '' ) ).toContain(
			setup.invitedLink
		);

		// The set-password link of WordPress's welcome mail, caught by the site's SMTP sink.
		await expect
			.poll( () =>
				caughtMail()
					.slice( before )
					.some( ( mail ) => mail.to.includes( email ) )
			)
			.toBe( true );
		const welcome = caughtMail()
			.slice( before )
			.find( ( mail ) => mail.to.includes( email ) )!;
		const setPassword = /https?:\/\/\S+wp-login\.php\?\S*action=rp\S*/.exec(
			welcome.text
		)?.[ 0 ];
		expect( setPassword ).toBeTruthy();
		// WordPress's own script puts a generated password into the field once its strength
		// checker (zxcvbn, loaded after the page) is there: typed before, the text would be
		// replaced by that one. So the generated one is waited for, then replaced.
		await visitor.goto( setPassword!.replace( /[>.]+$/, '' ) );
		await expect( visitor.locator( '#pass1' ) ).not.toHaveValue( '' );
		await visitor.locator( '#pass1' ).fill( NEW_PASSWORD );
		await expect( visitor.locator( '#pass1' ) ).toHaveValue( NEW_PASSWORD );
		await visitor.locator( '#wp-submit' ).click();
		await expect(
			visitor.getByText( 'Your password has been reset.' )
		).toBeVisible();

		await visitor.goto( loginLink! );
		await fillLoginForm( visitor, login, NEW_PASSWORD );
		await visitor.locator( '#wp-submit' ).click();
		await visitor.waitForURL(
			`**/shareseats/${ codeOf( setup.invitedLink ) }/`
		);
		await visitor.getByRole( 'button', { name: 'Accept' } ).click();
		await expect(
			visitor.getByText( 'Successfully added to your library!' )
		).toBeVisible();
		await visitor.waitForURL( `**${ itemPath( setup.invitedItem ) }` );
		await visitor.context().close();
		wpPhp(
			`require_once ABSPATH . 'wp-admin/includes/user.php'; wp_delete_user( get_user_by( 'login', '${ login }' )->ID );`
		);
	} );

	test( 'where nobody may register, the login says to ask the sharer', async ( {
		browser,
	} ) => {
		wpPhp( `update_option( 'users_can_register', 0 );` );
		const visitor = await ( await browser.newContext() ).newPage();
		await visitor.goto( setup.invitedLink );
		await expect( visitor ).toHaveURL( /wp-login\.php/ );
		await expect(
			visitor.getByText(
				'No account yet? This site does not let visitors create one: ask the person who shared this training with you to have an account made for you.'
			)
		).toBeVisible();
		await expect(
			visitor.getByRole( 'link', { name: 'Create an account' } )
		).toHaveCount( 0 );
		await checkScreen( visitor, 'login-register-closed' );
		await visitor.context().close();
	} );

	test( 'the owner sees pending invitations, is warned while they outnumber the licenses, and resends one through the quota', async ( {
		browser,
	} ) => {
		const owner = await loggedIn( browser, setup.owner );
		const shareTab = `${ itemPath( setup.invitedItem ) }?tab=share-details`;
		await owner.goto( shareTab );
		await owner
			.getByRole( 'button', { name: 'Share', exact: true } )
			.click();
		const dialog = owner.getByRole( 'dialog', { name: 'Share Licenses' } );
		const stamp = Date.now();
		invited = [ 1, 2, 3, 4 ].map(
			( n ) => `invitee${ n }-${ stamp }@example.test`
		);
		const resent = invited[ 0 ]!;
		const before = caughtMail().length;
		await dialog
			.getByLabel( 'Email addresses' )
			.fill( invited.join( '\n' ) );
		await dialog
			.getByRole( 'button', { name: 'Share', exact: true } )
			.click();
		await expect(
			dialog.getByText( 'Invitations sent to 4 recipients.' )
		).toBeVisible();
		await expect.poll( () => caughtMail().length ).toBe( before + 4 );
		await dialog.getByRole( 'button', { name: 'Close' } ).click();
		await expect( dialog ).toBeHidden();

		// Four pending, three licenses left (the server says so): the warning shows.
		const block = owner.getByRole( 'region', {
			name: 'Pending invitations',
		} );
		for ( const email of invited ) {
			await expect( block ).toContainText( email );
		}
		await expect( owner.getByTestId( 'lp-pending-warning' ) ).toContainText(
			'More invitations are pending than licenses are left.'
		);
		await checkScreen( owner, 'share-details-pending' );

		// Resend: one more real mail to that address, one more of the daily quota.
		const quotaBefore = (
			await portalGet< { daily_remaining: number } >(
				owner,
				`videosharedata/${ setup.invitedItem }`
			)
		).daily_remaining;
		const mailsBefore = caughtMail().length;
		await block
			.getByRole( 'button', { name: `Resend ${ resent }` } )
			.click();
		await expect(
			block.getByText( `The invitation was sent again to ${ resent }.` )
		).toBeVisible();
		await expect.poll( () => caughtMail().length ).toBe( mailsBefore + 1 );
		const mails = caughtMail();
		expect( mails[ mails.length - 1 ]!.to ).toContain( resent );
		expect(
			(
				await portalGet< { daily_remaining: number } >(
					owner,
					`videosharedata/${ setup.invitedItem }`
				)
			).daily_remaining
		).toBe( quotaBefore - 1 );

		sentBefore = before;
		await owner.context().close();
	} );

	test( 'the owner cancels an invitation: the warning goes and its link refuses', async ( {
		browser,
	} ) => {
		const owner = await loggedIn( browser, setup.owner );
		await owner.goto(
			`${ itemPath( setup.invitedItem ) }?tab=share-details`
		);
		const block = owner.getByRole( 'region', {
			name: 'Pending invitations',
		} );
		const canceled = invited[ 3 ]!;
		// Cancel the last one (asked first): three pending, three left, no warning; its link refuses.
		const canceledMail = caughtMail()
			.slice( sentBefore, sentBefore + 4 )
			.find( ( mail ) => mail.to.includes( canceled ) )!;
		const canceledLink =
			/https?:\/\/\S+\/shareseats\/[A-Za-z0-9_-]+\//.exec(
				canceledMail.text
			)![ 0 ];
		await block
			.getByRole( 'button', { name: `Cancel ${ canceled }` } )
			.click();
		const confirm = owner.getByRole( 'dialog', {
			name: 'Cancel the invitation?',
		} );
		await checkScreen( owner, 'cancel-invitation' );
		await confirm
			.getByRole( 'button', { name: 'Cancel invitation' } )
			.click();
		await expect(
			block.getByText(
				`The invitation to ${ canceled } was canceled. Its link no longer works.`
			)
		).toBeVisible();
		await expect( block ).not.toContainText( `Cancel ${ canceled }` );
		await expect(
			block.getByRole( 'button', { name: `Cancel ${ canceled }` } )
		).toHaveCount( 0 );
		await expect( owner.getByTestId( 'lp-pending-warning' ) ).toHaveCount(
			0
		);

		const member = await loggedIn( browser, setup.member );
		await member.goto( canceledLink );
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
		expect( await acceptByApi( member, canceledLink ) ).toEqual( {
			status: 410,
			code: 'revoked_link',
		} );
		await member.context().close();
		await owner.context().close();
	} );

	test( 'the success text before the page moves on, at both widths', async ( {
		browser,
	} ) => {
		// A seat of the invited item for the member at each width (the last test: they keep it).
		// The move to the item's page (a full page load, 2 s after the text) is answered 204 No
		// Content, so the browser stays on the invite: the page under axe is the same however slow
		// the machine. (Pausing the page's clock instead also stops axe's own timers; holding the
		// request stalls Playwright's evaluate.) The first test follows the move itself.
		for ( const width of [ 1280, 390 ] ) {
			const context = await browser.newContext( {
				viewport: { width, height: width === 390 ? 844 : 900 },
			} );
			const member = await context.newPage();
			await logIn(
				member,
				width === 390 ? setup.member2 : setup.member,
				PASSWORD
			);
			let movedTo = '';
			await member.route(
				new RegExp( `${ itemPath( setup.invitedItem ) }/?(\\?.*)?$` ),
				( route ) => {
					movedTo = route.request().url();
					return route.fulfill( { status: 204 } );
				}
			);
			await member.goto( setup.invitedLink );
			await member.getByRole( 'button', { name: 'Accept' } ).click();
			await expect(
				member.getByText( 'Successfully added to your library!' )
			).toBeVisible();
			await member.screenshot( {
				path: path.join(
					ARTIFACTS_DIR,
					'screenshots',
					`sharing-invitations-accepted-${ width }.png`
				),
				fullPage: true,
			} );
			expect( await axeViolations( member ), `at ${ width } px` ).toEqual(
				[]
			);
			await expect
				.poll( () => movedTo, { timeout: 10_000 } )
				.toContain( itemPath( setup.invitedItem ) );
			await expect( member ).toHaveURL( /\/shareseats\// );
			await context.close();
		}
	} );
} );
