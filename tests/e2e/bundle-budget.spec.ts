/**
 * What the list route really downloads: at most tools/budgets.json's bytes of the plugin's own gzip JavaScript,
 * and no hls.js (a lazy chunk the item page's player fetches when the learner presses Play).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { credentials, logIn } from './support';
import { itemIdByTitle } from './support/learning';

const BUILD = '/wp-content/plugins/library-portal/build/';
// The budget numbers, shared with tools/bundle-budget.mjs and the bench.
const budgets = JSON.parse(
	readFileSync( join( __dirname, '../../tools/budgets.json' ), 'utf8' )
) as { listRouteGzipBytes: number; playerChunkGzipBytes: number };
const BUDGET_BYTES = budgets.listRouteGzipBytes;
const PLAYER_BUDGET_BYTES = budgets.playerChunkGzipBytes;
const HLS_CODE = /HlsConfig|MEDIA_ATTACHED|hlsMediaAttached/;

/**
 * Logs the demo owner in and opens a second tab of the same browser (its cookies) to measure: the
 * login lands in the portal, whose scripts may still be arriving when the test navigates, and a
 * response's body is gone once its page has navigated away. The new tab has heard of none of them.
 *
 * @param loginPage The test's page, used to log in.
 */
async function measuredPage( loginPage: Page ): Promise< Page > {
	const owner = credentials( 'demo-owner' );
	await logIn( loginPage, owner.login, owner.password );
	return loginPage.context().newPage();
}

test( 'the list route stays within its JavaScript budget', async ( {
	page: loginPage,
} ) => {
	const page = await measuredPage( loginPage );
	const bodies: Promise< [ string, Buffer ] >[] = [];
	page.on( 'response', ( response ) => {
		const { pathname } = new URL( response.url() );
		if ( pathname.includes( BUILD ) && pathname.endsWith( '.js' ) ) {
			bodies.push(
				response.body().then( ( body ) => [ pathname, body ] )
			);
		}
	} );

	await page.goto( '/my-account/library/videos' );
	// The list is drawn by the lazy library island: every script it needed has arrived.
	await expect(
		page.getByRole( 'list', { name: 'Library items', exact: true } )
	).toBeVisible();
	const scripts = new Map( await Promise.all( bodies ) );

	const gzipBytes = [ ...scripts.values() ].reduce(
		( sum, body ) => sum + gzipSync( body, { level: 9 } ).length,
		0
	);
	test.info().annotations.push( {
		type: 'list route JS (gzip)',
		description: `${ ( gzipBytes / 1024 ).toFixed( 1 ) } kB in ${ [ ...scripts.keys() ].map( ( p ) => p.split( BUILD )[ 1 ] ).join( ', ' ) }`,
	} );
	expect( scripts.size ).toBeGreaterThan( 0 );
	expect( gzipBytes ).toBeLessThanOrEqual( BUDGET_BYTES );
	for ( const [ pathname, body ] of scripts ) {
		expect( pathname ).not.toMatch( /hls|player/ );
		expect( body.toString( 'utf8' ), pathname ).not.toMatch( HLS_CODE );
	}
} );

test( 'hls.js arrives only with the player chunk, within its budget', async ( {
	page: loginPage,
} ) => {
	const page = await measuredPage( loginPage );
	const bodies: Promise< [ string, Buffer ] >[] = [];
	page.on( 'response', ( response ) => {
		const { pathname } = new URL( response.url() );
		if ( pathname.includes( BUILD ) && pathname.endsWith( '.js' ) ) {
			bodies.push(
				response.body().then( ( body ) => [ pathname, body ] )
			);
		}
	} );

	// A video item the demo owner watches (dev/DemoSeeder.php gives it three HLS parts).
	await page.goto( '/my-account/library' );
	const item = await itemIdByTitle( page, 'Trauma-Informed Care' );
	await page.goto( `/my-account/library/videos/${ item }` );
	const video = page.getByTestId( 'lp-player-video' );
	await expect( video ).toBeAttached();
	// hls.js waits for the learner's Play (its scripts are fetched on the press, not with the page).
	await page
		.getByTestId( 'lp-player' )
		.getByRole( 'button', { name: /^Play ./ } )
		.click();
	await expect
		.poll(
			() =>
				video.evaluate(
					( element: HTMLVideoElement ) => element.readyState
				),
			{ message: 'the video loads after Play', timeout: 15_000 }
		)
		.toBeGreaterThanOrEqual( 1 );

	const scripts = new Map( await Promise.all( bodies ) );
	let playerBytes = 0;
	for ( const [ pathname, body ] of scripts ) {
		if ( HLS_CODE.test( body.toString( 'utf8' ) ) ) {
			// Only the player group (player.js and the hls.js file it pulls in) may hold hls.js.
			expect( pathname ).not.toMatch( /index\.js|island-/ );
			playerBytes += gzipSync( body, { level: 9 } ).length;
		} else if ( /\/player\.js$/.test( pathname ) ) {
			playerBytes += gzipSync( body, { level: 9 } ).length;
		}
	}
	test.info().annotations.push( {
		type: 'player JS (gzip)',
		description: `${ ( playerBytes / 1024 ).toFixed( 1 ) } kB`,
	} );
	expect( playerBytes ).toBeGreaterThan( 0 );
	expect( playerBytes ).toBeLessThanOrEqual( PLAYER_BUDGET_BYTES );
} );
