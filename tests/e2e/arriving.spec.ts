/**
 * Arriving (issue 37, points 1 and 2), walked the way a person does it, at 1280 and 390 px:
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
import { checkScreens, logIn, portalGet, wpPhp } from './support';
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
	// wp-login.php focuses the login field 200 ms after load: fill until both hold theirs.
	await expect( async () => {
		await page.locator( '#user_login' ).fill( login );
		await page.locator( '#user_pass' ).fill( password );
		await expect( page.locator( '#user_login' ) ).toHaveValue( login, {
			timeout: 500,
		} );
		await expect( page.locator( '#user_pass' ) ).toHaveValue( password, {
			timeout: 500,
		} );
	} ).toPass();
	await Promise.all( [
		page.waitForURL( ( url ) => ! url.pathname.endsWith( '/wp-login.php' ) ),
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
			await checkScreens( page, `arriving-login-portal-${ width }` );
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

			// An explicit destination is kept, wp-admin's profile included.
			const explicit = await freshPage( browser, width );
			await logIn( explicit, login, NEW_PASSWORD, '/wp-admin/profile.php' );
			await expect( explicit ).toHaveURL( /\/wp-admin\/profile\.php/ );
			await explicit.context().close();
		} );
	}
} );
