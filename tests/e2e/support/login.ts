/**
 * Logging in through WordPress's own login form, as a person does.
 */
import { expect, type Page } from '@playwright/test';

/**
 * Logs in through wp-login.php and waits until WordPress has set its cookies and left the form.
 *
 * @param page       Playwright page.
 * @param login      User login.
 * @param password   Password.
 * @param redirectTo Path to land on afterwards, e.g. "/my-account/library" (default: where WordPress sends the user).
 */
export async function logIn(
	page: Page,
	login: string,
	password: string,
	redirectTo?: string
): Promise< void > {
	const query = redirectTo
		? `?redirect_to=${ encodeURIComponent( redirectTo ) }`
		: '';
	await page.goto( `/wp-login.php${ query }` );
	await fillLoginForm( page, login, password );
	await Promise.all( [
		page.waitForURL(
			( url ) => ! url.pathname.endsWith( '/wp-login.php' )
		),
		page.locator( '#wp-submit' ).click(),
	] );
	if ( /\/my-account\/library\/?$/.test( new URL( page.url() ).pathname ) ) {
		// Without a destination the login lands in the portal (Accounts\LoginDestination), and a
		// library that is only contracts moves on to its contract with a full page load: let the
		// landing settle (the island's dashboard drawn, or the contract's address reached), or the
		// test's next navigation races that one (net::ERR_ABORTED).
		const drawnDashboard = page.locator(
			'#library-portal-root:not(:has([data-first-screen])) .lp-dashboard'
		);
		await expect( async () => {
			if ( ! /\/contract\/\d+/.test( new URL( page.url() ).pathname ) ) {
				await expect( drawnDashboard ).toBeVisible( { timeout: 500 } );
			}
		} ).toPass();
		await expect( page.locator( '[data-first-screen]' ) ).toHaveCount( 0 );
	}
	const cookies = await page.context().cookies();
	expect(
		cookies.some( ( cookie ) =>
			cookie.name.startsWith( 'wordpress_logged_in_' )
		),
		`logged in as ${ login }`
	).toBe( true );
}

/**
 * Types a login and password into wp-login.php's form.
 *
 * wp-login.php's own script focuses a field 200 ms after it runs; when the page already knows the
 * login (right after a password reset WordPress reads it from its reset cookie) it also empties the
 * password field at that moment. A password typed before it is lost, and the browser then refuses to
 * submit the empty required field: the click does nothing and the test waits out its budget (seen on
 * WordPress 7.1 under load). So the fields are filled only once that script has focused its field
 * (it does not run on a page that shows an error, nor without script), and again until each holds
 * its own.
 *
 * @param page     Playwright page showing wp-login.php.
 * @param login    User login.
 * @param password Password.
 */
export async function fillLoginForm(
	page: Page,
	login: string,
	password: string
): Promise< void > {
	// Without script (a test of the no-script pages) nothing will move the focus or empty a field.
	const scripted = await page
		.evaluate(
			() =>
				typeof ( window as unknown as { wp_attempt_focus?: unknown } )
					.wp_attempt_focus === 'function'
		)
		.catch( () => false );
	if ( scripted ) {
		await expect(
			page
				.locator( '#login_error, #user_login:focus, #user_pass:focus' )
				.first()
		).toBeAttached( { timeout: 30_000 } );
	}
	const loginField = page.locator( '#user_login' );
	const passwordField = page.locator( '#user_pass' );
	await expect( async () => {
		await loginField.fill( login );
		await passwordField.fill( password );
		await expect( loginField ).toHaveValue( login, { timeout: 500 } );
		await expect( passwordField ).toHaveValue( password, {
			timeout: 500,
		} );
	} ).toPass();
}

/**
 * Logs out by dropping the session cookies.
 *
 * @param page Playwright page.
 */
export async function logOut( page: Page ): Promise< void > {
	await page.context().clearCookies();
}
