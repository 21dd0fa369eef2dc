/**
 * The invitation mail as its reader meets it: from the brand's name, one
 * layout with the brand's logo and a button, readable on a phone. The owner sends it from the
 * Share modal; the mail is read back from the site's mail sink and its HTML part opened at 390
 * and 1280 px (artifacts/screenshots/branded-mail-invitation-*.png).
 */
import { expect, test } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { checkScreens, logIn, wpPhp } from './support';
import { caughtMail, type CaughtMail } from './support/mail';

const PASSWORD = 'Branded-Mail-Pass-37';

// The invitation below is sent with no cooldown; the site's default (60 s) comes back afterwards, as
// the specs that run next on this worker's site expect it (sharing.spec.ts reads the Wait (60s) button).
test.afterAll( () => {
	wpPhp(
		`\\LibraryPortal\\Services::on( $GLOBALS['wpdb'] )->settings->update( array( 'cooldown_seconds' => 60 ) );`
	);
} );

test( 'an invitation comes from the brand, as a branded mail that fits a phone, and leads to a branded login', async ( {
	page,
	browser,
} ) => {
	test.slow();
	const login = `branded-mail-${ Date.now().toString( 36 ) }`;
	const invited = `${ login }-invitee@example.test`;
	const seeded = JSON.parse(
		wpPhp( `
			$services = \\LibraryPortal\\Services::on( $GLOBALS['wpdb'] );
			$owner    = \\LibraryPortal\\Dev\\DemoSeeder::create()->user( '${ login }', 'Olivia Bennett', '${ PASSWORD }' );
			$found    = get_posts( array( 'post_type' => 'library_item', 'posts_per_page' => 1, 'fields' => 'ids', 'orderby' => 'ID', 'order' => 'ASC' ) );
			$services->licenses->create_grant( array( 'owner_id' => $owner, 'product_id' => (int) $found[0], 'quantity' => 3, 'expires_at' => 0, 'tag' => '', 'source' => 'e2e' ), time() );
			$services->settings->update( array( 'cooldown_seconds' => 0, 'mail_from_name' => '' ) );
			echo wp_json_encode( array( 'item' => (int) $found[0], 'site' => wp_specialchars_decode( get_bloginfo( 'name' ), ENT_QUOTES ), 'logo' => $services->settings->logo() ) );
		` )
	) as { item: number; site: string; logo: string };

	await logIn(
		page,
		login,
		PASSWORD,
		`/my-account/library/videos/${ seeded.item }?tab=share-details`
	);
	await page.getByRole( 'button', { name: 'Share', exact: true } ).click();
	const dialog = page.getByRole( 'dialog', { name: 'Share Licenses' } );
	const before = caughtMail().length;
	await dialog.getByLabel( 'Email addresses' ).fill( invited );
	await dialog.getByRole( 'button', { name: 'Share', exact: true } ).click();
	await expect(
		dialog.getByText( 'Invitation sent to 1 recipient.' )
	).toBeVisible();
	const find = (): CaughtMail | undefined =>
		caughtMail()
			.slice( before )
			.find( ( mail ) => mail.to.includes( invited ) );
	await expect.poll( () => !! find(), { timeout: 15_000 } ).toBe( true );
	const mail = find()!;

	// From the site's name (no From name set), never "WordPress".
	expect( mail.from ).toContain( seeded.site );
	expect( mail.from ).not.toContain( 'WordPress' );
	expect( mail.text ).toMatch( /\/shareseats\/[A-Za-z0-9_-]+\// );

	// The HTML part as a mail app shows it, on a phone: no sideways scrolling.
	await page.setViewportSize( { width: 390, height: 844 } );
	await page.setContent( mail.html, { waitUntil: 'load' } );
	const button = page.getByRole( 'link', { name: 'Open the invitation' } );
	await expect( button ).toBeVisible();
	expect( await button.getAttribute( 'href' ) ).toMatch(
		/\/shareseats\/[A-Za-z0-9_-]+\//
	);
	// The demo's brand logo (bin/make-demo-media), named by the brand.
	expect( seeded.logo ).not.toBe( '' );
	await expect(
		page.getByRole( 'img', { name: seeded.site } )
	).toBeVisible();
	const widths = await page.evaluate( () => ( {
		scroll: document.documentElement.scrollWidth,
		client: document.documentElement.clientWidth,
	} ) );
	expect( widths.scroll ).toBeLessThanOrEqual( widths.client );
	await checkScreens( page, 'branded-mail-invitation' );

	// The invitee follows the button in another browser (the mail app's): the login screen they
	// meet carries the brand, not WordPress's logo.
	await openInviteLoggedOut(
		browser,
		( await button.getAttribute( 'href' ) )!,
		seeded
	);
} );

/**
 * Opens an invitation's link without cookies and checks the login screen it leads to.
 *
 * @param browser
 * @param link        The mail's button address.
 * @param seeded      The site's name and logo.
 * @param seeded.site
 * @param seeded.logo
 */
async function openInviteLoggedOut(
	browser: Browser,
	link: string,
	seeded: { site: string; logo: string }
): Promise< void > {
	const context = await browser.newContext( {
		viewport: { width: 390, height: 844 },
	} );
	const login = await context.newPage();
	await login.goto( link );
	await expect( login ).toHaveURL( /wp-login\.php/ );
	const logo = login.locator( '#login h1 a' );
	await expect( logo ).toHaveText( seeded.site );
	await expect( logo ).toHaveAttribute(
		'href',
		new URL( '/', login.url() ).href
	);
	expect(
		await logo.evaluate(
			( node ) => getComputedStyle( node ).backgroundImage
		)
	).toContain( new URL( seeded.logo ).pathname );
	await checkScreens( login, 'branded-login-invite' );
	await context.close();
}

test( 'the certificate verify page carries the brand and leads back to the site, or to the library', async ( {
	browser,
	page,
} ) => {
	const login = `branded-verify-${ Date.now().toString( 36 ) }`;
	const seeded = JSON.parse(
		wpPhp( `
			$services = \\LibraryPortal\\Services::on( $GLOBALS['wpdb'] );
			$learner  = \\LibraryPortal\\Dev\\DemoSeeder::create()->user( '${ login }', 'Lena Learner', '${ PASSWORD }' );
			$found    = get_posts( array( 'post_type' => 'library_item', 'posts_per_page' => 1, 'fields' => 'ids', 'orderby' => 'ID', 'order' => 'ASC' ) );
			$services->certificates->issue( $learner, (int) $found[0], 100, time() );
			echo wp_json_encode( array( 'code' => $services->certificates->for_user_item( $learner, (int) $found[0] )->code, 'site' => wp_specialchars_decode( get_bloginfo( 'name' ), ENT_QUOTES ) ) );
		` )
	) as { code: string; site: string };
	const address = `/certificate/verify/${ seeded.code }`;

	// Someone checking the certificate, not logged in: the brand, and the way to the site.
	const context = await browser.newContext();
	const visitor = await context.newPage();
	await visitor.goto( address );
	await expect(
		visitor.getByRole( 'heading', { level: 1, name: 'Certificate check' } )
	).toBeVisible();
	await expect(
		visitor.getByRole( 'banner' ).getByRole( 'link', { name: seeded.site } )
	).toBeVisible();
	await checkScreens( visitor, 'certificate-verify-branded' );
	await visitor
		.getByRole( 'link', { name: `Go to ${ seeded.site }` } )
		.click();
	await expect( visitor ).toHaveURL( /\/$/ );
	await context.close();

	// The learner who opened it from their library goes back there.
	await logIn( page, login, PASSWORD, address );
	await page.getByRole( 'link', { name: 'Back to your library' } ).click();
	await expect( page ).toHaveURL( /\/my-account\/library\/?$/ );
} );
