/**
 * Arriving, walked the way a person does it, at 1280 and 390 px:
 * - a customer who logs in at wp-login.php, or resets a forgotten password and follows the reset
 *   screen's "Log in", lands in the portal, not in wp-admin/profile.php; an explicit redirect_to
 *   is kept;
 * - an e-mailed invitation belongs to its address: the invitee opens the mail in a fresh browser
 *   (no cookies), creates an account with the address the form already holds, opens WordPress's
 *   set-password mail in another fresh browser, sets a password, follows the reset screen's
 *   "Log in" and is offered the invitation right after the login; the owner sees it accepted;
 * - where nobody may register, the invite's login page makes the account itself (name and
 *   password) for the invited address, and a setting turns that off.
 * Only links the screens and the mails offer are followed. Screens are checked with axe and
 * photographed (artifacts/screenshots/arriving-*.png).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import path from 'node:path';
import {
	ARTIFACTS_DIR,
	checkScreens,
	fillLoginForm,
	logIn,
	wpPhp,
} from './support';
import { caughtMail, type CaughtMail } from './support/mail';

const PASSWORD = 'Arriving-Pass-37';
// Strong enough that WordPress's set-password form asks nothing more.
const NEW_PASSWORD = 'q7#Vt-Lw9!xR2-pZ4m';
const WIDTHS = [ 1280, 390 ] as const;
const PORTAL = /\/my-account\/library\/?$/;

/**
 * A fresh browser context (no cookies) at a width.
 *
 * @param browser
 * @param width   Viewport width.
 */
async function freshPage( browser: Browser, width: number ): Promise< Page > {
	const context = await browser.newContext( {
		viewport: { width, height: width === 390 ? 844 : 900 },
	} );
	return context.newPage();
}

/**
 * Waits for the first mail to an address caught after `before` messages.
 *
 * @param address Recipient.
 * @param before  Messages in the sink before the action that sends it.
 * @param subject Part of the subject, to pick among several mails.
 */
async function mailTo(
	address: string,
	before: number,
	subject: RegExp = /./
): Promise< CaughtMail > {
	const find = () =>
		caughtMail()
			.slice( before )
			.find(
				( mail ) =>
					mail.to.includes( address ) && subject.test( mail.subject )
			);
	await expect.poll( () => !! find(), { timeout: 15_000 } ).toBe( true );
	return find()!;
}

/**
 * The first address in a mail's text that matches.
 *
 * @param mail    Caught mail.
 * @param pattern Address pattern.
 */
function linkIn( mail: CaughtMail, pattern: RegExp ): string {
	const link = pattern.exec( mail.text )?.[ 0 ];
	expect( link, `a link in "${ mail.subject }"` ).toBeTruthy();
	return link!.replace( /[>.]+$/, '' );
}

/**
 * Sets a new password on WordPress's reset screen (opened from its mail) and follows the
 * screen's own "Log in" link. WordPress's script puts a generated password into the field once
 * its strength checker has loaded: typed before, the text would be replaced, so it is waited for.
 *
 * @param page Page on the reset screen.
 */
async function setPasswordAndFollowLogIn( page: Page ): Promise< void > {
	await expect( page.locator( '#pass1' ) ).not.toHaveValue( '' );
	await page.locator( '#pass1' ).fill( NEW_PASSWORD );
	await expect( page.locator( '#pass1' ) ).toHaveValue( NEW_PASSWORD );
	await page.locator( '#wp-submit' ).click();
	await expect(
		page.getByText( 'Your password has been reset.' )
	).toBeVisible();
	await page.getByRole( 'link', { name: 'Log in', exact: true } ).click();
	await expect( page.locator( '#user_login' ) ).toBeVisible();
}

/**
 * Fills and submits wp-login.php's form (the page is on it).
 *
 * @param page     Page on the login form.
 * @param login    Login or e-mail.
 * @param password Password.
 */
async function submitLogin(
	page: Page,
	login: string,
	password: string
): Promise< void > {
	// After a password reset the form empties the password as its script focuses it: fillLoginForm
	// waits for that moment.
	await fillLoginForm( page, login, password );
	await Promise.all( [
		page.waitForURL(
			( url ) => ! url.pathname.endsWith( '/wp-login.php' )
		),
		page.locator( '#wp-submit' ).click(),
	] );
}

test.describe( 'Arriving: the login of a customer', () => {
	// Fresh contexts, mail read back from the sink and axe at two widths, on a shared machine.
	test.slow();

	for ( const width of WIDTHS ) {
		test( `a customer logging in without a destination, and after a password reset, lands in the portal (${ width } px)`, async ( {
			browser,
		} ) => {
			const login = `arriving-customer-${ width }-${ Date.now().toString( 36 ) }`;
			const email = `${ login }@example.test`;
			wpPhp(
				`$id = \\LibraryPortal\\Dev\\DemoSeeder::create()->user( '${ login }', 'Casey Customer', '${ PASSWORD }' ); wp_update_user( array( 'ID' => $id, 'user_email' => '${ email }' ) );`
			);

			const page = await freshPage( browser, width );
			await page.goto( '/wp-login.php' );
			await submitLogin( page, login, PASSWORD );
			await expect( page ).toHaveURL( PORTAL );
			await expect( page ).not.toHaveURL( /wp-admin/ );
			await expect( page.getByRole( 'main' ) ).toBeVisible();
			await checkScreens( page, 'arriving-login-portal' );
			await page.context().close();

			// Forgot the password: WordPress's own lost-password form and mail.
			const asking = await freshPage( browser, width );
			await asking.goto( '/wp-login.php' );
			await asking
				.getByRole( 'link', { name: 'Lost your password?' } )
				.click();
			const before = caughtMail().length;
			await asking.locator( '#user_login' ).fill( email );
			await asking.locator( '#wp-submit' ).click();
			await expect( asking ).toHaveURL( /checkemail=confirm/ );
			await asking.context().close();
			const reset = linkIn(
				await mailTo( email, before ),
				/https?:\/\/\S+wp-login\.php\?\S*action=rp\S*/
			);
			// The mail app opens the link in another browser.
			const mailApp = await freshPage( browser, width );
			await mailApp.goto( reset );
			await setPasswordAndFollowLogIn( mailApp );
			await submitLogin( mailApp, login, NEW_PASSWORD );
			await expect( mailApp ).toHaveURL( PORTAL );
			await mailApp.context().close();

			// An explicit destination is kept.
			const explicit = await freshPage( browser, width );
			await logIn(
				explicit,
				login,
				NEW_PASSWORD,
				'/my-account/library/notifications'
			);
			await expect( explicit ).toHaveURL(
				/\/my-account\/library\/notifications$/
			);
			await explicit.context().close();
		} );
	}
} );

interface Owner {
	login: string;
	item: number;
	title: string;
}

/**
 * An owner, Olivia Bennett, with three seats of a video item (new people on every call, so
 * the widths and retries do not meet each other's invitations).
 *
 * @param tag Part of the login.
 */
function seedOwner( tag: string ): Owner {
	const login = `olivia-${ tag }-${ Date.now().toString( 36 ) }`;
	return {
		login,
		...( JSON.parse(
			wpPhp( `
				$services = \\LibraryPortal\\Services::on( $GLOBALS['wpdb'] );
				$owner    = \\LibraryPortal\\Dev\\DemoSeeder::create()->user( '${ login }', 'Olivia Bennett', '${ PASSWORD }' );
				$videos   = array();
				foreach ( get_posts( array( 'post_type' => 'library_item', 'posts_per_page' => -1, 'fields' => 'ids', 'orderby' => 'ID', 'order' => 'ASC' ) ) as $id ) {
					if ( '' !== (string) get_post_meta( $id, '_lp_video_url', true ) ) {
						$videos[] = (int) $id;
					}
				}
				$services->licenses->create_grant( array( 'owner_id' => $owner, 'product_id' => $videos[2], 'quantity' => 3, 'expires_at' => 0, 'tag' => '', 'source' => 'e2e' ), time() );
				$services->settings->update( array( 'cooldown_seconds' => 0 ) );
				echo wp_json_encode( array( 'item' => $videos[2], 'title' => get_the_title( $videos[2] ) ) );
			` )
		) as Omit< Owner, 'login' > ),
	};
}

/**
 * The owner e-mails an invitation from the Share modal, as they do; the mail it sent.
 *
 * @param browser
 * @param owner   The owner.
 * @param email   Invited address.
 */
async function ownerInvites(
	browser: Browser,
	owner: Owner,
	email: string
): Promise< CaughtMail > {
	const page = await freshPage( browser, 1280 );
	await logIn(
		page,
		owner.login,
		PASSWORD,
		`/my-account/library/videos/${ owner.item }?tab=share-details`
	);
	await page.getByRole( 'button', { name: 'Share', exact: true } ).click();
	const dialog = page.getByRole( 'dialog', { name: 'Share Licenses' } );
	const before = caughtMail().length;
	await dialog.getByLabel( 'Email addresses' ).fill( email );
	await dialog.getByRole( 'button', { name: 'Share', exact: true } ).click();
	await expect(
		dialog.getByText( 'Invitation sent to 1 recipient.' )
	).toBeVisible();
	await page.context().close();
	return mailTo( email, before );
}

/**
 * What the owner's Share Details say of an address: accepted (in the shares) and not pending.
 *
 * @param browser
 * @param owner   The owner.
 * @param email   Invited address.
 */
async function ownerSeesAccepted(
	browser: Browser,
	owner: Owner,
	email: string
): Promise< void > {
	const page = await freshPage( browser, 1280 );
	await logIn(
		page,
		owner.login,
		PASSWORD,
		`/my-account/library/videos/${ owner.item }?tab=share-details`
	);
	await expect(
		page.getByRole( 'cell', { name: email, exact: true } ).first()
	).toBeVisible();
	await expect(
		page
			.getByRole( 'region', { name: 'Pending invitations' } )
			.filter( { hasText: email } )
	).toHaveCount( 0 );
	await page.context().close();
}

const INVITE_LINK = /https?:\/\/\S+\/shareseats\/[A-Za-z0-9_-]+={0,2}\//;

/**
 * The invitation banner offers Accept and Not now with the owner's and the item's names.
 *
 * @param page  Page on a portal screen.
 * @param owner The owner.
 */
async function expectOffer( page: Page, owner: Owner ): Promise< void > {
	await expect(
		page.getByText( `Olivia Bennett shared "${ owner.title }" with you.`, {
			exact: true,
		} )
	).toBeVisible();
	await expect(
		page.getByRole( 'button', { name: 'Accept', exact: true } )
	).toBeVisible();
	await expect(
		page.getByRole( 'button', { name: 'Not now', exact: true } )
	).toBeVisible();
}

test.describe( 'Arriving: an e-mailed invitation to a new address', () => {
	test.describe.configure( { mode: 'serial' } );
	test.slow();

	test.afterAll( () => {
		wpPhp(
			`update_option( 'users_can_register', 0 ); \\LibraryPortal\\Services::on( $GLOBALS['wpdb'] )->settings->update( array( 'cooldown_seconds' => 60, 'invite_accounts' => true ) );`
		);
	} );

	for ( const width of WIDTHS ) {
		test( `where visitors may register: sign up with the address the form holds, set the password from WordPress's mail in another browser, log in, accept (${ width } px)`, async ( {
			browser,
		} ) => {
			wpPhp( `update_option( 'users_can_register', 1 );` );
			const owner = seedOwner( `open-${ width }` );
			const login = `newcomer${ width }x${ Date.now().toString( 36 ) }`;
			const email = `${ login }@example.test`;
			const invitation = await ownerInvites( browser, owner, email );
			const link = linkIn( invitation, INVITE_LINK );

			// The mail opened in a browser without the visitor's cookies.
			const visitor = await freshPage( browser, width );
			await visitor.goto( link );
			await expect( visitor ).toHaveURL( /wp-login\.php/ );
			await visitor
				.getByRole( 'link', { name: 'Create an account' } )
				.click();
			await expect( visitor ).toHaveURL( /action=register/ );
			await expect( visitor.locator( '#user_email' ) ).toHaveValue(
				email
			);
			await checkScreens( visitor, 'arriving-register' );
			const before = caughtMail().length;
			await visitor.locator( '#user_login' ).fill( login );
			await visitor.locator( '#wp-submit' ).click();
			await expect(
				visitor.getByText( 'Registration complete.' )
			).toBeVisible();
			await visitor.context().close();

			// WordPress's set-password mail, opened from the mail app: yet another browser.
			const setPassword = linkIn(
				await mailTo( email, before ),
				/https?:\/\/\S+wp-login\.php\?\S*action=rp\S*/
			);
			const mailApp = await freshPage( browser, width );
			await mailApp.goto( setPassword );
			await setPasswordAndFollowLogIn( mailApp );
			await submitLogin( mailApp, login, NEW_PASSWORD );
			// Right after the login: the invitation, although nothing in this browser knew of it.
			await expect( mailApp ).toHaveURL( /\/shareseats\// );
			await expectOffer( mailApp, owner );
			await checkScreens( mailApp, 'arriving-offer' );
			await mailApp
				.getByRole( 'button', { name: 'Accept', exact: true } )
				.click();
			await expect(
				mailApp.getByText( 'Successfully added to your library!' )
			).toBeVisible();
			await mailApp.waitForURL(
				`**/my-account/library/videos/${ owner.item }`,
				{ timeout: 10_000 }
			);
			await mailApp.context().close();

			await ownerSeesAccepted( browser, owner, email );
		} );

		test( `where nobody may register: the invite makes the account for the invited address; Not now, then offered at the next login (${ width } px)`, async ( {
			browser,
		} ) => {
			wpPhp(
				`update_option( 'users_can_register', 0 ); \\LibraryPortal\\Services::on( $GLOBALS['wpdb'] )->settings->update( array( 'invite_accounts' => true ) );`
			);
			const owner = seedOwner( `closed-${ width }` );
			const email = `closed${ width }x${ Date.now().toString( 36 ) }@example.test`;
			const invitation = await ownerInvites( browser, owner, email );
			expect( invitation.text ).toContain(
				'If you have no account yet, you can create one on the way.'
			);

			const visitor = await freshPage( browser, width );
			await visitor.goto( linkIn( invitation, INVITE_LINK ) );
			await expect( visitor ).toHaveURL( /wp-login\.php/ );
			await checkScreens( visitor, 'arriving-login-create-your-account' );
			await visitor
				.getByRole( 'link', { name: 'Create your account' } )
				.click();
			await expect(
				visitor.getByRole( 'textbox', { name: 'Email' } )
			).toHaveValue( email );
			await checkScreens( visitor, 'arriving-invite-account' );
			// A password too short: said so, the name kept, nothing made.
			await visitor.getByLabel( 'Your name' ).fill( 'Nina Newcomer' );
			await visitor
				.getByLabel( 'Password', { exact: true } )
				.fill( 'short' );
			// The browser's own minlength check would stop the form: the server's answer is what is tested.
			await visitor
				.locator( '#registerform' )
				.evaluate( ( form ) =>
					form.setAttribute( 'novalidate', 'novalidate' )
				);
			await visitor.locator( '#wp-submit' ).click();
			await expect(
				visitor.getByText(
					'Please choose a password of at least 8 characters.'
				)
			).toBeVisible();
			await expect( visitor.getByLabel( 'Your name' ) ).toHaveValue(
				'Nina Newcomer'
			);
			await checkScreens( visitor, 'arriving-invite-account-error' );
			await visitor
				.getByLabel( 'Password', { exact: true } )
				.fill( NEW_PASSWORD );
			await visitor.locator( '#wp-submit' ).click();
			await expect( visitor ).toHaveURL( /\/shareseats\// );
			await expectOffer( visitor, owner );
			await visitor
				.getByRole( 'button', { name: 'Not now', exact: true } )
				.click();
			await expect(
				visitor.getByRole( 'button', { name: 'Accept', exact: true } )
			).toHaveCount( 0 );
			await visitor.context().close();

			// Later, another browser: the login offers it again; accepted there.
			const later = await freshPage( browser, width );
			await later.goto( '/wp-login.php' );
			await submitLogin( later, email, NEW_PASSWORD );
			await expect( later ).toHaveURL( /\/shareseats\// );
			await expectOffer( later, owner );
			await later
				.getByRole( 'button', { name: 'Accept', exact: true } )
				.click();
			await expect(
				later.getByText( 'Successfully added to your library!' )
			).toBeVisible();
			await later.context().close();

			await ownerSeesAccepted( browser, owner, email );
		} );
	}

	test( 'where nobody may register and the setting is off: the mail and the login say to ask the sharer', async ( {
		browser,
	} ) => {
		wpPhp(
			`update_option( 'users_can_register', 0 ); \\LibraryPortal\\Services::on( $GLOBALS['wpdb'] )->settings->update( array( 'invite_accounts' => false ) );`
		);
		const owner = seedOwner( 'off' );
		const email = `off${ Date.now().toString( 36 ) }@example.test`;
		const invitation = await ownerInvites( browser, owner, email );
		expect( invitation.text ).toContain(
			'ask the person who shared the training with you to have one made for you'
		);
		for ( const width of WIDTHS ) {
			const visitor = await freshPage( browser, width );
			await visitor.goto( linkIn( invitation, INVITE_LINK ) );
			await expect(
				visitor.getByText(
					'No account yet? This site does not let visitors create one: ask the person who shared this training with you to have an account made for you.'
				)
			).toBeVisible();
			await expect(
				visitor.getByRole( 'link', {
					name: /Create (an|your) account/,
				} )
			).toHaveCount( 0 );
			await visitor.context().close();
		}
	} );
} );

test.describe( 'Arriving with WooCommerce: My Account', () => {
	test.slow();
	let woocommerce = false;

	test.beforeAll( () => {
		woocommerce =
			wpPhp( 'echo function_exists( "WC" ) ? "yes" : "no";' ).trim() ===
			'yes';
	} );

	test.afterAll( () => {
		if ( woocommerce ) {
			wpPhp(
				`update_option( 'woocommerce_enable_myaccount_registration', 'no' ); \\LibraryPortal\\Services::on( $GLOBALS['wpdb'] )->settings->update( array( 'cooldown_seconds' => 60 ) );`
			);
		}
	} );

	for ( const width of WIDTHS ) {
		test( `the invitee registers on My Account with the address it holds and is back at the invitation; My Account's login stays WooCommerce's (${ width } px)`, async ( {
			browser,
		} ) => {
			test.skip(
				! woocommerce,
				'WooCommerce is not active on the e2e site: set LP_WOOCOMMERCE_DIR (CONTRIBUTING.md).'
			);
			wpPhp(
				`update_option( 'users_can_register', 0 ); update_option( 'woocommerce_enable_myaccount_registration', 'yes' ); update_option( 'woocommerce_registration_generate_password', 'no' );`
			);
			const owner = seedOwner( `shop-${ width }` );
			const email = `shopper${ width }x${ Date.now().toString( 36 ) }@example.test`;
			const invitation = await ownerInvites( browser, owner, email );

			const visitor = await freshPage( browser, width );
			await visitor.goto( linkIn( invitation, INVITE_LINK ) );
			await expect( visitor ).toHaveURL( /wp-login\.php/ );
			await visitor
				.getByRole( 'link', { name: 'Create an account' } )
				.click();
			await expect( visitor ).toHaveURL( /\/my-account\// );
			await expect( visitor.locator( '#reg_email' ) ).toHaveValue(
				email
			);
			// WooCommerce's and the theme's own page: photographed, not held to the portal's axe rule
			// (the theme's navigation list and WooCommerce's password toggle fail it on main too).
			for ( const shotWidth of WIDTHS ) {
				await visitor.setViewportSize( {
					width: shotWidth,
					height: shotWidth === 390 ? 844 : 900,
				} );
				await visitor.screenshot( {
					path: path.join(
						ARTIFACTS_DIR,
						'screenshots',
						`arriving-store-register-${ shotWidth }.png`
					),
					fullPage: true,
				} );
			}
			// Typed as a person types it: WooCommerce's strength meter listens to the keys and
			// holds the button until it has judged the password.
			await visitor.setViewportSize( {
				width,
				height: width === 390 ? 844 : 900,
			} );
			await visitor
				.locator( '#reg_password' )
				.pressSequentially( NEW_PASSWORD );
			await visitor.locator( '#reg_password' ).press( 'Tab' );
			const register = visitor.locator( 'button[name="register"]' );
			await expect( register ).toBeEnabled();
			await Promise.all( [
				visitor.waitForRequest(
					( request ) => request.method() === 'POST'
				),
				register.click(),
			] );
			// WooCommerce makes the customer and sends its welcome mail before it redirects.
			await expect( visitor ).toHaveURL( /\/shareseats\//, {
				timeout: 20_000,
			} );
			await expectOffer( visitor, owner );
			await visitor
				.getByRole( 'button', { name: 'Accept', exact: true } )
				.click();
			await expect(
				visitor.getByText( 'Successfully added to your library!' )
			).toBeVisible();
			await visitor.context().close();
			await ownerSeesAccepted( browser, owner, email );

			// My Account's own login form: WooCommerce decides where it goes (My Account).
			const customer = await freshPage( browser, width );
			await customer.goto( '/my-account/' );
			await customer.locator( '#username' ).fill( email );
			await customer.locator( '#password' ).fill( NEW_PASSWORD );
			await customer.locator( 'button[name="login"]' ).click();
			await expect( customer ).toHaveURL( /\/my-account\/$/ );
			await customer.context().close();
		} );
	}
} );
