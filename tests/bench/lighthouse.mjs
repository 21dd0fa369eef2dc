/**
 * A phone's view of the portal (bin/lighthouse, `npm run lighthouse`): Lighthouse's mobile preset
 * (simulated slow 4G and 4x CPU slowdown) in Debian's Chromium, logged in as the demo owner, on
 * every portal page a learner and a team manager open (dashboard, list, item, team, notifications),
 * several runs each (default 5); prints LCP, TBT and CLS of every run and their medians, with the
 * machine's load average beside, and exits 1 when a median misses its target.
 *
 * Usage: node tests/bench/lighthouse.mjs <site url> <logins.json> [--runs N] [--page NAME]...
 * (--page dashboard|list|item|team|notifications, repeatable: only those pages, e.g. to look at one
 * page before and after a change without waiting for the others.)
 */
/* eslint-disable no-console -- the report is the output. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import chromiumLaunch from '../chromium.cjs';

const [ , , baseUrl, loginsFile, ...options ] = process.argv;
const runsAt = options.indexOf( '--runs' );
const RUNS = runsAt >= 0 ? Number( options[ runsAt + 1 ] ) : 5;
const ONLY = options.flatMap( ( option, at ) =>
	option === '--page' ? [ options[ at + 1 ] ] : []
);
const OWNER = 'demo-owner';
const ITEM_TITLE = 'Trauma-Informed Care';
// A phone's first seconds, medians on a quiet machine (docs/measurements.md, "A phone's view (Lighthouse)").
const TARGETS = { lcp: 2000, tbt: 150, cls: 0.02 };
const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../..'
);

const median = ( values ) => {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	const mid = Math.floor( sorted.length / 2 );
	return sorted.length % 2
		? sorted[ mid ]
		: ( sorted[ mid - 1 ] + sorted[ mid ] ) / 2;
};

/**
 * The owner's session cookie, from a real log-in.
 */
async function logIn() {
	const { password } = JSON.parse(
		fs.readFileSync( loginsFile, 'utf8' )
	).find( ( entry ) => entry.login === OWNER );
	const response = await fetch( `${ baseUrl }/wp-login.php`, {
		method: 'POST',
		redirect: 'manual',
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded',
			Cookie: 'wordpress_test_cookie=WP%20Cookie%20check',
		},
		body: new URLSearchParams( {
			log: OWNER,
			pwd: password,
			testcookie: '1',
			'wp-submit': 'Log In',
		} ),
	} );
	const cookie = response.headers
		.getSetCookie()
		.map( ( entry ) => entry.split( ';' )[ 0 ] )
		.join( '; ' );
	if ( ! cookie.includes( 'wordpress_logged_in' ) ) {
		throw new Error( `Could not log in as ${ OWNER } at ${ baseUrl }` );
	}
	return cookie;
}

/**
 * The item page to measure: the owner's half-watched workshop, read from the list page's config.
 *
 * @param {string} cookie Session cookie.
 */
async function itemPath( cookie ) {
	const html = await (
		await fetch( `${ baseUrl }/my-account/library/videos`, {
			headers: { Cookie: cookie },
		} )
	).text();
	const json = /window\.libraryPortalConfig = (\{.*?\});\n/s.exec(
		html
	)?.[ 1 ];
	const config = JSON.parse( json ?? '{}' );
	// The page carries the items reply; a page that does not (an older build) is asked the route.
	const items =
		config.initialReplies?.[ 'library/v2/items/' ]?.data ??
		(
			await (
				await fetch( `${ baseUrl }/wp-json/library/v2/items/`, {
					headers: { Cookie: cookie, 'X-WP-Nonce': config.restNonce },
				} )
			).json()
		).data ??
		[];
	const item = items.find( ( row ) => row.title === ITEM_TITLE );
	if ( ! item ) {
		throw new Error( `The demo owner has no "${ ITEM_TITLE }"` );
	}
	return `/my-account/library/videos/${ item.product_id }`;
}

async function main() {
	const cookie = await logIn();
	const allPages = {
		dashboard: '/my-account/library',
		list: '/my-account/library/videos',
		item: await itemPath( cookie ),
		team: '/my-account/library/users',
		notifications: '/my-account/library/notifications',
	};
	const unknown = ONLY.filter( ( name ) => ! ( name in allPages ) );
	if ( unknown.length > 0 ) {
		throw new Error(
			`unknown --page ${ unknown.join(
				', '
			) } (${ Object.keys( allPages ).join( ', ' ) })`
		);
	}
	const pages = Object.fromEntries(
		Object.entries( allPages ).filter(
			( [ name ] ) => ONLY.length === 0 || ONLY.includes( name )
		)
	);
	const launch = () =>
		chromeLauncher.launch( {
			chromePath: chromiumLaunch.executablePath,
			chromeFlags: [ '--headless=new', ...chromiumLaunch.args ],
		} );
	let chrome = await launch();
	let measured = 0;
	const load = [ os.loadavg()[ 0 ] ];
	const reports = {};
	const samples = Object.fromEntries(
		Object.keys( pages ).map( ( name ) => [ name, [] ] )
	);
	try {
		// Pages interleaved, so each sees the same share of the machine's other load.
		for ( let run = 1; run <= RUNS; run++ ) {
			for ( const [ name, address ] of Object.entries( pages ) ) {
				if ( measured++ > 0 ) {
					// A browser of its own per run: after a first run, the next one in the same
					// browser came back logged out (wp-login.php?reauth=1), even with a new cookie.
					await chrome.kill();
					chrome = await launch();
				}
				const result = await lighthouse( `${ baseUrl }${ address }`, {
					port: chrome.port,
					output: 'json',
					logLevel: 'error',
					onlyCategories: [ 'performance' ],
					extraHeaders: { Cookie: cookie },
				} );
				const audits = result.lhr.audits;
				const sample = {
					lcp: audits[ 'largest-contentful-paint' ].numericValue,
					tbt: audits[ 'total-blocking-time' ].numericValue,
					cls: audits[ 'cumulative-layout-shift' ].numericValue,
					fcp: audits[ 'first-contentful-paint' ].numericValue,
					bytes: audits[ 'total-byte-weight' ].numericValue,
					// Lighthouse 13 names the element in its LCP breakdown.
					lcpElement:
						(
							audits[ 'lcp-breakdown-insight' ]?.details?.items ??
							[]
						).find( ( entry ) => entry.type === 'node' )
							?.selector ?? '',
					final: result.lhr.finalDisplayedUrl,
				};
				if ( ! sample.final.includes( address ) ) {
					throw new Error(
						`${ name } ended at ${ sample.final } (not logged in?)`
					);
				}
				samples[ name ].push( sample );
				reports[ name ] = result.report;
				console.log(
					`run ${ run } ${ name.padEnd( 9 ) } LCP ${ (
						sample.lcp / 1000
					).toFixed( 2 ) } s  TBT ${ Math.round(
						sample.tbt
					) } ms  CLS ${ sample.cls.toFixed( 3 ) }  FCP ${ (
						sample.fcp / 1000
					).toFixed( 2 ) } s  ${ Math.round(
						sample.bytes / 1024
					) } KiB  LCP element: ${ sample.lcpElement }`
				);
			}
		}
	} finally {
		await chrome.kill();
	}
	load.push( os.loadavg()[ 0 ] );

	const lines = [
		`Lighthouse ${ ( await import( 'lighthouse/package.json', { with: { type: 'json' } } ) ).default.version } mobile (simulated slow 4G, 4x CPU), ${ RUNS } runs per page, ${ baseUrl }`,
		`machine: ${ os.cpus().length } cores, load average ${ load[ 0 ].toFixed(
			2
		) } before, ${ load[ 1 ].toFixed( 2 ) } after`,
		'',
		'page       LCP (s)  TBT (ms)  CLS     transferred   result',
	];
	let failed = false;
	const summary = {};
	for ( const [ name, list ] of Object.entries( samples ) ) {
		const medians = {
			lcp: median( list.map( ( sample ) => sample.lcp ) ),
			tbt: median( list.map( ( sample ) => sample.tbt ) ),
			cls: median( list.map( ( sample ) => sample.cls ) ),
			bytes: median( list.map( ( sample ) => sample.bytes ) ),
		};
		const misses = Object.keys( TARGETS ).filter(
			( metric ) => medians[ metric ] > TARGETS[ metric ]
		);
		failed = failed || misses.length > 0;
		summary[ name ] = { medians, misses, samples: list };
		lines.push(
			`${ name.padEnd( 10 ) } ${ ( medians.lcp / 1000 )
				.toFixed( 2 )
				.padStart( 7 ) }  ${ String(
				Math.round( medians.tbt )
			).padStart( 8 ) }  ${ medians.cls.toFixed( 3 ) }  ${ String(
				Math.round( medians.bytes / 1024 )
			).padStart( 7 ) } KiB   ${
				misses.length ? `FAIL (${ misses.join( ', ' ) })` : 'PASS'
			}`
		);
	}
	lines.push(
		'',
		`targets: LCP <= ${ TARGETS.lcp / 1000 } s, TBT <= ${
			TARGETS.tbt
		} ms, CLS <= ${ TARGETS.cls } (medians)`
	);
	console.log( `\n${ lines.join( '\n' ) }` );
	fs.mkdirSync( path.join( root, 'artifacts' ), { recursive: true } );
	fs.writeFileSync(
		path.join( root, 'artifacts/lighthouse.txt' ),
		`${ lines.join( '\n' ) }\n`
	);
	// The last run's full report of each page, for a look at what made a figure.
	for ( const [ name, report ] of Object.entries( reports ) ) {
		fs.writeFileSync(
			path.join( root, `artifacts/lighthouse-${ name }.json` ),
			report
		);
	}
	fs.writeFileSync(
		path.join( root, 'artifacts/lighthouse.json' ),
		JSON.stringify( { baseUrl, runs: RUNS, load, summary }, null, 2 )
	);
	process.exitCode = failed ? 1 : 0;
}

main().catch( ( error ) => {
	console.error( error );
	process.exitCode = 2;
} );
