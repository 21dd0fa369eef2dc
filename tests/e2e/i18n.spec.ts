/**
 * Translations reach every layer: a pseudo locale (en_XA, tools/pseudo-locale.cjs: every text
 * accented between « and ») is written into the e2e site's languages folder, the demo owner's
 * profile language is set to it, and the dashboard, the list and an item detail show texts
 * translated by PHP (the page and the shortcode's texts, labels in the REST replies, a REST
 * error) and by the scripts (the entry and the lazy island chunks). The owner's language and
 * the languages folder are put back after.
 */
import { expect, test, type Page } from '@playwright/test';
import pseudoLocale from '../../tools/pseudo-locale.cjs';
import {
	credentials,
	DetailPage,
	islandReplacedFirstScreen,
	itemIdByTitle,
	LibraryPage,
	logIn,
	portalConfig,
	wpPhp,
} from './support';

const LOCALE = 'en_XA';
const { pseudo } = pseudoLocale;

/**
 * PHP that finds a user by login, as `$user_id`.
 *
 * @param login User login.
 */
function userId( login: string ): string {
	return `$user_id = get_user_by( 'login', ${ JSON.stringify( login ) } )->ID;`;
}

/**
 * The pseudo-translation of a text with placeholders, any value in their place.
 *
 * @param text Source text, e.g. 'Notifications, %s unread'.
 */
function pattern( text: string ): RegExp {
	const parts = pseudo( text )
		.split( /%(?:\d+\$)?[sd]/ )
		.map( ( part ) => part.replace( /[.*+?^${}()|[\]\\]/g, '\\$&' ) );
	return new RegExp( `^${ parts.join( '.+' ) }$` );
}

/**
 * Visible texts in the portal that did not go through a translation (no «…»): item titles,
 * names and numbers are data; anything else is a text the code does not translate.
 *
 * @param page Page showing the portal.
 */
function untranslated( page: Page ): Promise< string[] > {
	return page.locator( '#library-portal-root' ).evaluate( ( root ) => {
		const found: string[] = [];
		const walker = document.createTreeWalker( root, NodeFilter.SHOW_TEXT );
		for ( let node = walker.nextNode(); node; node = walker.nextNode() ) {
			const text = ( node.textContent ?? '' ).trim();
			const element = node.parentElement;
			if (
				/[A-Za-z]{2,}/.test( text ) &&
				! text.includes( '«' ) &&
				element &&
				element.closest( '[hidden], [aria-hidden="true"]' ) === null
			) {
				found.push( text );
			}
		}
		return [ ...new Set( found ) ];
	} );
}

const owner = credentials( 'demo-owner' );
const langDir = wpPhp( 'echo WP_LANG_DIR;' ).trim();
let previousLocale = '';

test.describe.configure( { mode: 'serial' } );

// Installed languages make the login form offer a language list, which asks wordpress.org for
// their names unless WordPress has them stored: it gets this locale's name, no request.
const TRANSLATIONS = 'available_translations';

test.beforeAll( () => {
	pseudoLocale.build( { out: langDir, locale: LOCALE } );
	wpPhp(
		`set_site_transient( '${ TRANSLATIONS }', array( '${ LOCALE }' => array( 'language' => '${ LOCALE }', 'english_name' => 'Pseudo', 'native_name' => 'Pseudo (${ LOCALE })', 'iso' => array( 'en' ) ) ), DAY_IN_SECONDS );`
	);
	previousLocale = wpPhp(
		`${ userId( owner.login ) } echo get_user_meta( $user_id, 'locale', true );`
	).trim();
	wpPhp(
		`${ userId( owner.login ) } update_user_meta( $user_id, 'locale', '${ LOCALE }' );`
	);
} );

test.afterAll( () => {
	wpPhp(
		previousLocale
			? `${ userId( owner.login ) } update_user_meta( $user_id, 'locale', ${ JSON.stringify( previousLocale ) } );`
			: `${ userId( owner.login ) } delete_user_meta( $user_id, 'locale' );`
	);
	pseudoLocale.remove( { out: langDir, locale: LOCALE } );
	wpPhp( `delete_site_transient( '${ TRANSLATIONS }' );` );
} );

test( 'dashboard, list and detail speak the user’s language, from PHP and from every script', async ( {
	page,
} ) => {
	test.slow();
	await logIn( page, owner.login, owner.password );
	const portal = new LibraryPage( page );

	// Dashboard: the page and the shortcode's texts (PHP), the shell (entry script), the
	// dashboard (lazy library chunk).
	await portal.goto( '' );
	await expect( page.locator( 'html' ) ).toHaveAttribute( 'lang', 'en-XA' );
	await expect(
		page.getByRole( 'heading', { level: 1, name: pseudo( 'Dashboard' ) } )
	).toBeVisible();
	await expect(
		page.getByRole( 'button', {
			name: pattern( 'Notifications, %s unread' ),
		} )
	).toBeVisible();
	await expect(
		page.getByRole( 'searchbox', { name: pseudo( 'Search the library' ) } )
	).toHaveAttribute( 'placeholder', pseudo( 'Search the library…' ) );
	const html = await ( await page.request.get( portal.path ) ).text();
	expect( html ).toContain( pseudo( 'Loading your library…' ) );
	expect( html ).toContain(
		pseudo(
			'Your library needs JavaScript. Please turn it on in your browser, or use these links:'
		)
	);
	expect( html ).not.toContain( '<p>Loading your library…</p>' );
	await test.info().attach( 'untranslated texts on the dashboard', {
		body: JSON.stringify( await untranslated( page ), null, 1 ),
		contentType: 'application/json',
	} );
	await portal.screenshot( 'i18n-en_XA-dashboard' );

	// The list: its own texts (library chunk) and the content-type labels of the items reply
	// (PHP, through the REST call the page makes with _locale=user).
	await portal.goto( '/videos' );
	await expect( page.locator( '.lp-item__type' ).first() ).toBeVisible();
	await portal.screenshot( 'i18n-en_XA-list' );
	await expect(
		page.getByText( pattern( 'Showing %1$d of %2$d' ) ).first()
	).toBeVisible();
	const labels = await page.locator( '.lp-item__type' ).allTextContents();
	expect( labels.length ).toBeGreaterThan( 0 );
	for ( const label of labels ) {
		expect( label ).toMatch( /^«.+»$/ );
	}
	expect( labels ).toContain( pseudo( 'On-Demand Workshop' ) );
	await test.info().attach( 'untranslated texts on the list', {
		body: JSON.stringify( await untranslated( page ), null, 1 ),
		contentType: 'application/json',
	} );
	await portal.screenshot( 'i18n-en_XA-list' );

	// A detail (detail chunk) and a REST error text (PHP).
	const id = await itemIdByTitle( page, 'Trauma-Informed Care' );
	const detail = new DetailPage( page );
	await detail.open( id );
	await expect(
		page.getByRole( 'tablist', { name: pseudo( 'Item details' ) } )
	).toBeVisible();
	await expect( detail.detail.locator( '.lp-item__type' ) ).toHaveText(
		pseudo( 'On-Demand Workshop' )
	);
	await test.info().attach( 'untranslated texts on the detail', {
		body: JSON.stringify( await untranslated( page ), null, 1 ),
		contentType: 'application/json',
	} );
	await detail.screenshot( 'i18n-en_XA-detail' );

	const missing = 987654321;
	const { restNonce } = await portalConfig( page );
	const reply = await page.request.get(
		`/wp-json/library/v2/video/${ missing }?_locale=user`,
		// As wp.apiFetch asks: WordPress reads _locale=user only on a JSON request.
		{ headers: { 'X-WP-Nonce': restNonce, Accept: 'application/json' } }
	);
	expect( reply.status() ).toBe( 404 );
	expect( ( ( await reply.json() ) as { message: string } ).message ).toBe(
		pseudo( 'This training is not in your library.' )
	);
} );

test( 'with the profile language put back, the portal is in the site’s language again', async ( {
	page,
} ) => {
	wpPhp(
		`${ userId( owner.login ) } delete_user_meta( $user_id, 'locale' );`
	);
	await logIn( page, owner.login, owner.password );
	const portal = new LibraryPage( page );
	await portal.goto( '' );
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'Dashboard' } )
	).toBeVisible();
	await expect( page.locator( 'html' ) ).toHaveAttribute( 'lang', 'en-US' );
	await portal.goto( '/videos' );
	// The page prints its first four cards before the island mounts (FirstScreen): the labels
	// are read once the island's own list has replaced them.
	await islandReplacedFirstScreen( page );
	await expect(
		page.getByRole( 'list', { name: 'Library items' } )
	).toBeVisible();
	expect(
		await page.locator( '.lp-item__type' ).allTextContents()
	).toContain( 'On-Demand Workshop' );
} );
