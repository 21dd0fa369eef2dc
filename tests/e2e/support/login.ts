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
	// wp-login.php focuses and selects the login field 200 ms after load: a password typed at
	// that moment lands there (seen on a loaded machine). Fill again until both fields hold theirs.
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
	await Promise.all( [
		page.waitForURL(
			( url ) => ! url.pathname.endsWith( '/wp-login.php' )
		),
		page.locator( '#wp-submit' ).click(),
	] );
	const cookies = await page.context().cookies();
	expect(
		cookies.some( ( cookie ) =>
			cookie.name.startsWith( 'wordpress_logged_in_' )
		),
		`logged in as ${ login }`
	).toBe( true );
}

/**
 * Logs out by dropping the session cookies.
 *
 * @param page Playwright page.
 */
export async function logOut( page: Page ): Promise< void > {
	await page.context().clearCookies();
}
