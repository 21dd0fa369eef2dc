/**
 * What the list route really downloads: at most tools/budgets.json's bytes of the plugin's own gzip JavaScript,
 * and no hls.js (the player is a lazy chunk of the detail island).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { credentials, logIn } from './support';

const BUILD = '/wp-content/plugins/library-portal/build/';
// The one budget number, shared with tools/bundle-budget.mjs and the bench.
const BUDGET_BYTES: number = JSON.parse(
	readFileSync( join( __dirname, '../../tools/budgets.json' ), 'utf8' )
).listRouteGzipBytes;

test( 'the list route stays within its JavaScript budget', async ( {
	page,
} ) => {
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password );
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
		expect( body.toString( 'utf8' ), pathname ).not.toMatch(
			/HlsConfig|MEDIA_ATTACHED/
		);
	}
} );
