/**
 * Every server entry point of this slice over real HTTP: logged out, without the nonce, with a
 * wrong nonce, and asking for someone else's data.
 */
import {
	expect,
	test,
	type APIRequestContext,
	type Page,
} from '@playwright/test';
import { credentials, LibraryPage, logIn, portalConfig } from './support';

interface Item {
	product_id: number;
	title: string;
	share_user_id: number;
	shared_with: Record< string, { name: string; email: string } >;
}

const ROUTES = [
	'/wp-json/library/v2/items/',
	'/wp-json/library/v2/user/',
	'/wp-json/library/v2/notifications/',
	'/wp-json/library/v2/dashboard/',
	'/wp-json/library/v2/shareduserscontent/',
];

/**
 * Logs in and returns the page's REST and ping nonces from the portal configuration.
 * @param page
 * @param login
 */
async function portalNonces( page: Page, login: string ) {
	const user = credentials( login );
	await logIn( page, user.login, user.password );
	await new LibraryPage( page ).goto();
	const config = await portalConfig( page );
	return { rest: config.restNonce, ping: config.pingNonce };
}

function ping( api: APIRequestContext, nonce?: string ) {
	return api.post( '/wp-admin/admin-ajax.php', {
		form: { action: 'ping_library' },
		headers: nonce ? { 'X-Library-Nonce': nonce } : {},
	} );
}

test.describe( 'logged out', () => {
	for ( const route of ROUTES ) {
		// The `request` fixture is a fresh context without cookies: a visitor who is not logged in.
		test( `${ route } answers 401`, async ( { request } ) => {
			const response = await request.get( route );
			expect( response.status() ).toBe( 401 );
			expect( ( await response.json() ).code ).toBe( 'rest_forbidden' );
		} );
	}

	test( 'the ping answers success: false, so the client reloads', async ( {
		request,
	} ) => {
		const response = await ping( request, 'anything' );
		expect( ( await response.json() ).success ).toBe( false );
	} );
} );

test.describe( 'logged in', () => {
	for ( const route of ROUTES ) {
		test( `${ route }: no nonce is logged out, a wrong one is 403, the right one 200`, async ( {
			page,
		} ) => {
			const nonces = await portalNonces( page, 'demo-owner' );

			expect( ( await page.request.get( route ) ).status() ).toBe( 401 );
			const forged = await page.request.get( route, {
				headers: { 'X-WP-Nonce': 'forged' },
			} );
			expect( forged.status() ).toBe( 403 );
			expect( ( await forged.json() ).code ).toBe(
				'rest_cookie_invalid_nonce'
			);
			const ok = await page.request.get( route, {
				headers: { 'X-WP-Nonce': nonces.rest },
			} );
			expect( ok.status() ).toBe( 200 );
			expect( ( await ok.json() ).success ).toBe( true );
		} );
	}

	test( 'the ping needs its own nonce', async ( { page } ) => {
		const nonces = await portalNonces( page, 'demo-owner' );

		expect( ( await ( await ping( page.request ) ).json() ).success ).toBe(
			false
		);
		expect(
			( await ( await ping( page.request, nonces.rest ) ).json() ).success
		).toBe( false );
		const ok = await ( await ping( page.request, nonces.ping ) ).json();
		expect( ok.success ).toBe( true );
		expect( ok.data.restNonce ).toMatch( /^[0-9a-f]{10}$/ );
	} );

	test( "a team member sees the seats shared with them and none of the owner's other items", async ( {
		page,
	} ) => {
		const nonces = await portalNonces( page, 'demo-member' );
		const items = (
			await (
				await page.request.get( '/wp-json/library/v2/items/', {
					headers: { 'X-WP-Nonce': nonces.rest },
				} )
			).json()
		).data as Item[];

		expect( items.map( ( item ) => item.title ).sort() ).toEqual( [
			'Clinical Documentation Essentials',
			'Trauma-Informed Care',
		] );
		for ( const item of items ) {
			expect( item.share_user_id ).toBeGreaterThan( 0 );
			expect( item.shared_with ).toEqual( {} );
		}
		const user = await (
			await page.request.get( '/wp-json/library/v2/user/?id=1', {
				headers: { 'X-WP-Nonce': nonces.rest },
			} )
		).json();
		expect( user.data.user_email ).toBe( 'demo-member@example.com' );
	} );

	test( "someone else's contract page carries no contract data", async ( {
		page,
	} ) => {
		await portalNonces( page, 'demo-owner' );
		await page.goto( '/contract/1' );
		expect( ( await portalConfig( page ) ).contractData ).toBeNull();
	} );
} );
