/**
 * Measures the portal on a running bench site (bin/bench starts it):
 * - server time and query count of GET items/ (10 and 1,000 items) and of a bare authenticated
 *   REST request (GET wp/v2/users/me) on the same site, the browser's way (cookie + X-WP-Nonce),
 *   requests interleaved so both see the same machine load; medians and their ratio;
 * - the same for items/ when the library must be built (its cache entry dropped before each sample);
 * - the learning routes against the same floor: GET video/{id} and POST video/progress/{id}
 *   (each sample raises a different item's saved progress by one 5% step, a real write);
 * - the Share Details data, GET videosharedata/{id}, of an item shared with 5 and with 200 team
 *   members, against the same floor; its query count must not grow with the shares;
 * - the team screens' data, GET shareduserscontent/, and the dashboard's figures, GET dashboard/,
 *   for teams of 10 and 500, against the floor;
 * - the gzip size of the plugin's own JavaScript each route loads in Chromium, and whether
 *   hls.js is among it (only the item detail, which plays a video, may load it, and only once Play
 *   is pressed).
 *
 * Usage: node tests/bench/bench.mjs <site url> <requests> <output json>
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import chromiumLaunch from '../chromium.cjs';

const [ , , baseUrl, requestsArg = '40', outFile ] = process.argv;
const requests = Number( requestsArg );
const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../..'
);
const buildUrlPart = '/wp-content/plugins/library-portal/build/';
const TARGET_RATIO = 1.5;
// A progress report must cost no more than WordPress's own smallest authenticated request
// (docs/measurements.md, "Bench");
// the video reply a little more.
const TARGET_PROGRESS_RATIO = 1.0;
// The whole list of 1,000 items built again after a change (its kept reply dropped).
const TARGET_REBUILT_RATIO = 3;
const TARGET_VIDEO_RATIO = 1.5;
// The Share Details tab's data with 200 shares.
const TARGET_SHARE_DATA_RATIO = 1.5;
// The team screens' data with 500 members.
const TARGET_TEAM_RATIO = 1.5;
const VIDEO_TYPES = new Set( [
	'workshop',
	'on-demand',
	'on-demand-workshop',
	'webinar',
	'on-demand-webinar',
] );
// The one budget number, shared with tools/bundle-budget.mjs and the e2e spec.
const TARGET_LIST_KB =
	JSON.parse(
		fs.readFileSync( path.join( root, 'tools/budgets.json' ), 'utf8' )
	).listRouteGzipBytes / 1024;

const median = ( values ) => {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	const mid = Math.floor( sorted.length / 2 );
	return sorted.length % 2
		? sorted[ mid ]
		: ( sorted[ mid - 1 ] + sorted[ mid ] ) / 2;
};

async function logIn( login, password ) {
	const response = await fetch( `${ baseUrl }/wp-login.php`, {
		method: 'POST',
		redirect: 'manual',
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded',
			Cookie: 'wordpress_test_cookie=WP%20Cookie%20check',
		},
		body: new URLSearchParams( {
			log: login,
			pwd: password,
			testcookie: '1',
			'wp-submit': 'Log In',
		} ),
	} );
	const cookie = response.headers
		.getSetCookie()
		.map( ( c ) => c.split( ';' )[ 0 ] )
		.join( '; ' );
	if ( ! cookie.includes( 'wordpress_logged_in' ) ) {
		throw new Error( `Could not log in as ${ login }` );
	}
	const nonce = await (
		await fetch( `${ baseUrl }/wp-admin/admin-ajax.php?action=rest-nonce`, {
			headers: { Cookie: cookie },
		} )
	).text();
	return { cookie, nonce };
}

/**
 * A user's library rows (GET items/), the browser's way.
 * @param {{cookie: string, nonce: string}} auth Session.
 */
async function libraryItems( auth ) {
	const response = await fetch( `${ baseUrl }/wp-json/library/v2/items/`, {
		headers: { Cookie: auth.cookie, 'X-WP-Nonce': auth.nonce },
	} );
	return ( await response.json() ).data;
}

/**
 * One request the browser's way. `request` is a path (GET) or { route, method, body }.
 * @param {string|{route: string, method?: string, body?: object}} request Path or request.
 * @param {{cookie: string, nonce: string}}                        auth    Session.
 */
async function timed( request, auth ) {
	const {
		route,
		method = 'GET',
		body,
	} = typeof request === 'string' ? { route: request } : request;
	const started = performance.now();
	const response = await fetch( `${ baseUrl }${ route }`, {
		method,
		headers: {
			Cookie: auth.cookie,
			'X-WP-Nonce': auth.nonce,
			...( body ? { 'Content-Type': 'application/json' } : {} ),
		},
		body: body ? JSON.stringify( body ) : undefined,
	} );
	const bytes = await response.arrayBuffer();
	const wall = performance.now() - started;
	if ( response.status !== 200 ) {
		throw new Error(
			`${ method } ${ route } answered ${
				response.status
			}: ${ Buffer.from( bytes ).toString( 'utf8' ).slice( 0, 300 ) }`
		);
	}
	const timing = /dur=([\d.]+)/.exec(
		response.headers.get( 'server-timing' ) || ''
	);
	return {
		wall,
		server: timing ? Number( timing[ 1 ] ) : NaN,
		queries: Number( response.headers.get( 'x-library-queries' ) ),
		bytes: bytes.byteLength,
	};
}

/**
 * Medians of interleaved samples. A case's `route` is a path, or a function of the sample number
 * (0, 1, ...; warm-ups first) giving a path or { route, method, body }.
 * @param {Array<{label: string, route: string|Function, auth: object}>} cases Requests.
 */
async function measureRequests( cases ) {
	const samples = Object.fromEntries( cases.map( ( c ) => [ c.label, [] ] ) );
	const at = ( c, n ) =>
		typeof c.route === 'function' ? c.route( n ) : c.route;
	let n = 0;
	for ( ; n < 3; n++ ) {
		for ( const c of cases ) {
			await timed( at( c, n ), c.auth );
		}
	}
	for ( let i = 0; i < requests; i++, n++ ) {
		for ( const c of cases ) {
			samples[ c.label ].push( await timed( at( c, n ), c.auth ) );
		}
	}
	return cases.map( ( c ) => {
		const first = at( c, 0 );
		return {
			label: c.label,
			route: typeof first === 'string' ? first : first.route,
			serverMs: median( samples[ c.label ].map( ( s ) => s.server ) ),
			wallMs: median( samples[ c.label ].map( ( s ) => s.wall ) ),
			queries: median( samples[ c.label ].map( ( s ) => s.queries ) ),
			kib: samples[ c.label ][ 0 ].bytes / 1024,
		};
	} );
}

/**
 * Items of the user that play a video for them (GET video/{id} answers 200), with the saved
 * percent of their first part: the progress writes' targets.
 * @param {{cookie: string, nonce: string}} auth   Session.
 * @param {number}                          wanted Items needed.
 */
async function videoItems( auth, wanted ) {
	const found = [];
	for ( const item of await libraryItems( auth ) ) {
		if ( found.length >= wanted ) {
			break;
		}
		if ( ! VIDEO_TYPES.has( item.content_type ) ) {
			continue;
		}
		const response = await fetch(
			`${ baseUrl }/wp-json/library/v2/video/${ item.product_id }`,
			{ headers: { Cookie: auth.cookie, 'X-WP-Nonce': auth.nonce } }
		);
		if ( response.status !== 200 ) {
			continue;
		}
		const video = ( await response.json() ).data;
		const saved = video.progress.parts[ 0 ]?.count ?? 0;
		// Two steps are sent: one to warm up (and activate the seat), one measured.
		if ( saved <= 90 ) {
			found.push( { id: item.product_id, saved } );
		}
	}
	if ( found.length < wanted ) {
		throw new Error(
			`only ${ found.length } of ${ wanted } items play a video for the bench user`
		);
	}
	return found;
}

/**
 * POST video/progress/{id}: each sample a different item, one 5% step above what it has. Two
 * passes (not measured) start each item's watching clock and raise it once, which also activates
 * its seat, so the measured pass is the steady report a player sends every 5%.
 * @param {{cookie: string, nonce: string}}    auth  Session.
 * @param {string}                             login The session's user (its watching is banked).
 * @param {Array<{id: number, saved: number}>} items Targets.
 */
async function progressWrites( auth, login, items ) {
	const report = ( item, step ) => ( {
		route: `/wp-json/library/v2/video/progress/${ item.id }`,
		method: 'POST',
		body: {
			progress: Math.min( 100, item.saved + 5 * step ),
			part: 0,
		},
	} );
	// The watching-time rule allows a raise only for time watched: the first report starts the
	// item's clock, and bin/bench-watch.php banks ten minutes of watching before each round of
	// raises (each raise is one step; a silence after it still holds one step of the part).
	const watch = () =>
		execFileSync(
			path.join( root, 'bin/wp-php' ),
			[ process.env.BENCH_SITE, 'bin/bench-watch.php', login, '600' ],
			{ stdio: [ 'ignore', 'ignore', 'inherit' ] }
		);
	for ( const item of items ) {
		await timed( report( item, 0 ), auth );
	}
	watch();
	for ( const item of items ) {
		await timed( report( item, 1 ), auth ); // Warms up and activates the seat.
	}
	watch();
	return ( n ) => report( items[ n % items.length ], 2 );
}

/**
 * items/ when the library has to be built: the user's cache entry is dropped (bin/bench-forget.php)
 * before each sample.
 * @param {string}                          label   Row label.
 * @param {string}                          login   Bench user.
 * @param {{cookie: string, nonce: string}} auth    Session.
 * @param {number}                          samples Samples.
 */
async function measureRebuilds( label, login, auth, samples ) {
	const results = [];
	const bares = [];
	for ( let i = 0; i < samples; i++ ) {
		execFileSync(
			path.join( root, 'bin/wp-php' ),
			[ process.env.BENCH_SITE, 'bin/bench-forget.php', login ],
			{ stdio: 'ignore' }
		);
		// The floor right beside each rebuild, in the same state of the machine.
		bares.push( await timed( '/wp-json/wp/v2/users/me', auth ) );
		results.push( await timed( '/wp-json/library/v2/items/', auth ) );
	}
	return {
		label,
		route: '/wp-json/library/v2/items/',
		serverMs: median( results.map( ( r ) => r.server ) ),
		wallMs: median( results.map( ( r ) => r.wall ) ),
		queries: median( results.map( ( r ) => r.queries ) ),
		kib: results[ 0 ].bytes / 1024,
		bareMs: median( bares.map( ( r ) => r.server ) ),
	};
}

async function measureRoutes( login, password, productId ) {
	const browser = await chromium.launch( chromiumLaunch );
	const context = await browser.newContext();
	const page = await context.newPage();
	// Straight to the portal after logging in: wp-admin's profile page asks for avatars from the
	// internet, which this machine may not reach, and its load would wait for them.
	await page.goto(
		`${ baseUrl }/wp-login.php?redirect_to=${ encodeURIComponent(
			`${ baseUrl }/my-account/library`
		) }`
	);
	await page.fill( '#user_login', login );
	await page.fill( '#user_pass', password );
	await Promise.all( [
		page.waitForNavigation(),
		page.click( '#wp-submit' ),
	] );

	const routes = [
		[ 'dashboard', '/my-account/library' ],
		[ 'list', '/my-account/library/videos' ],
		[ 'detail', `/my-account/library/videos/${ productId }` ],
		[ 'team', '/my-account/library/users' ],
	];
	const results = [];
	for ( const [ name, route ] of routes ) {
		const files = new Set();
		const onResponse = ( response ) => {
			const url = new URL( response.url() );
			if (
				url.pathname.includes( buildUrlPart ) &&
				url.pathname.endsWith( '.js' )
			) {
				files.add( url.pathname.split( buildUrlPart )[ 1 ] );
			}
		};
		page.on( 'response', onResponse );
		await page.goto( `${ baseUrl }${ route }`, {
			waitUntil: 'networkidle',
		} );
		let gzip = 0;
		const loadsHls = ( file ) =>
			/\bhls\.js\b|HlsConfig|MEDIA_ATTACHED|hlsMediaAttached/.test(
				fs.readFileSync( path.join( root, 'build', file ), 'utf8' )
			);
		for ( const file of files ) {
			const source = fs.readFileSync( path.join( root, 'build', file ) );
			gzip += gzipSync( source, { level: 9 } ).length;
		}
		const hlsBeforePlay = [ ...files ].some( loadsHls );
		const firstFiles = [ ...files ].sort();
		// hls.js comes when the learner presses Play, not before (docs/rules/learning-and-progress.md,
		// "No video before Play").
		if ( name === 'detail' ) {
			// The playlist is asked for by hls.js once it has loaded and attached.
			const playlist = page.waitForResponse( ( response ) =>
				/\.m3u8(\?|$)/.test( response.url() )
			);
			await page
				.getByRole( 'button', { name: /^Play / } )
				.first()
				.click();
			await playlist;
		}
		page.off( 'response', onResponse );
		results.push( {
			name,
			route,
			files: firstFiles,
			gzipKb: gzip / 1024,
			hlsBeforePlay,
			hls: [ ...files ].some( loadsHls ),
		} );
	}
	await browser.close();
	return results;
}

const logins = JSON.parse(
	fs.readFileSync( process.env.BENCH_LOGINS, 'utf8' )
);
const owner = logins.find( ( l ) => l.login === 'demo-owner' );
const small = await logIn( 'bench-10', 'password' );
const largeLogin = 'bench-1000';
const large = await logIn( largeLogin, 'password' );

const rows = await measureRequests( [
	{
		label: 'GET items/ (1,000 items)',
		route: '/wp-json/library/v2/items/',
		auth: large,
	},
	{
		label: 'GET items/ (10 items)',
		route: '/wp-json/library/v2/items/',
		auth: small,
	},
	{
		label: 'GET user/ (1,000 items)',
		route: '/wp-json/library/v2/user/',
		auth: large,
	},
	{
		label: 'GET wp/v2/users/me (bare REST)',
		route: '/wp-json/wp/v2/users/me',
		auth: large,
	},
] );
const learningItems = await videoItems( large, requests + 3 );
const multiPart = learningItems[ 0 ].id;
const learning = await measureRequests( [
	{
		label: 'GET video/{id}',
		route: `/wp-json/library/v2/video/${ multiPart }`,
		auth: large,
	},
	{
		label: 'POST video/progress/{id}',
		route: await progressWrites( large, largeLogin, learningItems ),
		auth: large,
	},
	{
		label: 'GET wp/v2/users/me (bare, again)',
		route: '/wp-json/wp/v2/users/me',
		auth: large,
	},
] );
/**
 * The item a bench team owner shared with the team (bin/bench-seed.php), found in their list.
 * @param {{cookie: string, nonce: string}} auth Session.
 */
async function teamItem( auth ) {
	const item = ( await libraryItems( auth ) ).find( ( row ) =>
		row.title.startsWith( 'Team Training' )
	);
	if ( ! item ) {
		throw new Error( 'the bench team owner has no shared item' );
	}
	return item.product_id;
}
const team5 = await logIn( 'bench-team-5', 'password' );
const team200 = await logIn( 'bench-team-200', 'password' );
const sharing = await measureRequests( [
	{
		label: 'GET videosharedata/{id} (200)',
		route: `/wp-json/library/v2/videosharedata/${ await teamItem(
			team200
		) }`,
		auth: team200,
	},
	{
		label: 'GET videosharedata/{id} (5)',
		route: `/wp-json/library/v2/videosharedata/${ await teamItem(
			team5
		) }`,
		auth: team5,
	},
	{
		label: 'GET wp/v2/users/me (bare, third)',
		route: '/wp-json/wp/v2/users/me',
		auth: team200,
	},
] );
const team10 = await logIn( 'bench-team-10', 'password' );
const team500 = await logIn( 'bench-team-500', 'password' );
const team = await measureRequests( [
	{
		label: 'GET shareduserscontent/ (500)',
		route: '/wp-json/library/v2/shareduserscontent/',
		auth: team500,
	},
	{
		label: 'GET shareduserscontent/ (10)',
		route: '/wp-json/library/v2/shareduserscontent/',
		auth: team10,
	},
	{
		label: 'GET wp/v2/users/me (bare, fourth)',
		route: '/wp-json/wp/v2/users/me',
		auth: team500,
	},
	{
		label: 'GET dashboard/ (500)',
		route: '/wp-json/library/v2/dashboard/',
		auth: team500,
	},
	{
		label: 'GET dashboard/ (10)',
		route: '/wp-json/library/v2/dashboard/',
		auth: team10,
	},
] );
const rebuilt = [
	await measureRebuilds(
		'GET items/ (1,000 items, rebuilt)',
		'bench-1000',
		large,
		10
	),
	await measureRebuilds(
		'GET items/ (10 items, rebuilt)',
		'bench-10',
		small,
		10
	),
];
const ownerAuth = await logIn( owner.login, owner.password );
const ownerItems = await libraryItems( ownerAuth );
const ownerVideo =
	ownerItems.find( ( item ) => item.title === 'Trauma-Informed Care' ) ??
	ownerItems.find( ( item ) => VIDEO_TYPES.has( item.content_type ) );
const routes = await measureRoutes(
	owner.login,
	owner.password,
	ownerVideo.product_id
);

const bare = rows.find( ( r ) => r.label.includes( 'bare' ) );
const largeItems = rows[ 0 ];
const ratio = largeItems.serverMs / bare.serverMs;
const wallRatio = largeItems.wallMs / bare.wallMs;
const list = routes.find( ( r ) => r.name === 'list' );
const detail = routes.find( ( r ) => r.name === 'detail' );
const learningBare = learning[ 2 ];
const videoRatio = learning[ 0 ].serverMs / learningBare.serverMs;
const progressRatio = learning[ 1 ].serverMs / learningBare.serverMs;
const shareDataRatio = sharing[ 0 ].serverMs / sharing[ 2 ].serverMs;
const teamRatio = team[ 0 ].serverMs / team[ 2 ].serverMs;
const dashboardRatio = team[ 3 ].serverMs / team[ 2 ].serverMs;
const teamRoute = routes.find( ( r ) => r.name === 'team' );
const checks = [
	[
		`items/ (1,000) ÷ bare REST, median server time ≤ ${ TARGET_RATIO }`,
		ratio <= TARGET_RATIO,
		ratio.toFixed( 2 ),
	],
	[
		`items/ (1,000) rebuilt ÷ bare REST beside it, median server time ≤ ${ TARGET_REBUILT_RATIO }`,
		rebuilt[ 0 ].serverMs / rebuilt[ 0 ].bareMs <= TARGET_REBUILT_RATIO,
		`${ ( rebuilt[ 0 ].serverMs / rebuilt[ 0 ].bareMs ).toFixed(
			2
		) } (bare ${ rebuilt[ 0 ].bareMs.toFixed( 1 ) } ms)`,
	],
	[
		'query count of items/ independent of item count (cached, rebuilt)',
		rows[ 0 ].queries === rows[ 1 ].queries &&
			rebuilt[ 0 ].queries === rebuilt[ 1 ].queries,
		`10 items: ${ rows[ 1 ].queries }, ${ rebuilt[ 1 ].queries }; 1,000 items: ${ rows[ 0 ].queries }, ${ rebuilt[ 0 ].queries }`,
	],
	[
		`list route ≤ ${ TARGET_LIST_KB.toFixed( 1 ) } kB of the plugin's gzip JS`,
		list.gzipKb <= TARGET_LIST_KB,
		`${ list.gzipKb.toFixed( 1 ) } kB`,
	],
	[
		'no hls.js on the list route',
		! list.hls,
		list.hls ? 'hls.js loaded' : 'none',
	],
	[
		`POST video/progress ÷ bare REST, median server time ≤ ${ TARGET_PROGRESS_RATIO }`,
		progressRatio <= TARGET_PROGRESS_RATIO,
		`${ progressRatio.toFixed( 2 ) } (${ learning[ 1 ].queries } queries; bare ${ learningBare.queries })`,
	],
	[
		`GET video/{id} ÷ bare REST, median server time ≤ ${ TARGET_VIDEO_RATIO }`,
		videoRatio <= TARGET_VIDEO_RATIO,
		`${ videoRatio.toFixed( 2 ) } (${ learning[ 0 ].queries } queries)`,
	],
	[
		`GET videosharedata/{id} (200 shares) ÷ bare REST, median server time ≤ ${ TARGET_SHARE_DATA_RATIO }`,
		shareDataRatio <= TARGET_SHARE_DATA_RATIO,
		`${ shareDataRatio.toFixed( 2 ) } (${ sharing[ 0 ].queries } queries)`,
	],
	[
		'query count of videosharedata/{id} independent of share count',
		sharing[ 0 ].queries === sharing[ 1 ].queries,
		`5 shares: ${ sharing[ 1 ].queries }; 200 shares: ${ sharing[ 0 ].queries }`,
	],
	[
		`GET shareduserscontent/ (500 members) ÷ bare REST, median server time ≤ ${ TARGET_TEAM_RATIO }`,
		teamRatio <= TARGET_TEAM_RATIO,
		`${ teamRatio.toFixed( 2 ) } (${ team[ 0 ].queries } queries)`,
	],
	[
		'query count of shareduserscontent/ independent of team size',
		team[ 0 ].queries === team[ 1 ].queries,
		`10 members: ${ team[ 1 ].queries }; 500 members: ${ team[ 0 ].queries }`,
	],
	[
		`GET dashboard/ (500 members) ÷ bare REST, median server time ≤ ${ TARGET_TEAM_RATIO }`,
		dashboardRatio <= TARGET_TEAM_RATIO,
		`${ dashboardRatio.toFixed( 2 ) } (${ team[ 3 ].queries } queries)`,
	],
	[
		'query count of dashboard/ independent of team size',
		team[ 3 ].queries === team[ 4 ].queries,
		`10 members: ${ team[ 4 ].queries }; 500 members: ${ team[ 3 ].queries }`,
	],
	[
		`team route ≤ ${ TARGET_LIST_KB.toFixed( 1 ) } kB of the plugin's gzip JS, no hls.js`,
		teamRoute.gzipKb <= TARGET_LIST_KB && ! teamRoute.hls,
		`${ teamRoute.gzipKb.toFixed( 1 ) } kB`,
	],
	[
		'hls.js on the item detail route only, and only after Play',
		detail.hls &&
			! detail.hlsBeforePlay &&
			routes.every( ( r ) => r === detail || ! r.hls ),
		routes
			.flatMap( ( r ) => [
				...( r.hlsBeforePlay ? [ `${ r.name } (at load)` ] : [] ),
				...( r.hls && ! r.hlsBeforePlay
					? [ `${ r.name } (after Play)` ]
					: [] ),
			] )
			.join( ', ' ) || 'none',
	],
];

const line = ( ...cells ) => cells.join( '' );
const out = [];
out.push(
	line(
		'Request (median)'.padEnd( 36 ),
		'server ms'.padStart( 10 ),
		'wall ms'.padStart( 9 ),
		'queries'.padStart( 9 ),
		'KiB'.padStart( 8 )
	)
);
for ( const r of [ ...rows, ...rebuilt, ...learning, ...sharing, ...team ] ) {
	out.push(
		line(
			r.label.padEnd( 36 ),
			r.serverMs.toFixed( 1 ).padStart( 10 ),
			r.wallMs.toFixed( 1 ).padStart( 9 ),
			String( r.queries ).padStart( 9 ),
			r.kib.toFixed( 1 ).padStart( 8 )
		)
	);
}
out.push(
	`Ratio items/ (1,000) ÷ bare REST: ${ ratio.toFixed( 2 ) } (server time), ${ wallRatio.toFixed( 2 ) } (wall time); medians of ${ requests } interleaved requests`
);
out.push(
	`Ratios to bare REST (server time, interleaved): GET video/{id} ${ videoRatio.toFixed( 2 ) }, POST video/progress ${ progressRatio.toFixed( 2 ) }`
);
out.push(
	`Ratios to bare REST (server time, interleaved): GET videosharedata/{id} with 200 shares ${ shareDataRatio.toFixed(
		2
	) }, GET shareduserscontent/ with 500 members ${ teamRatio.toFixed( 2 ) }`
);
out.push( '' );
out.push(
	line(
		'Route'.padEnd( 40 ),
		'plugin JS gzip'.padStart( 15 ),
		'  hls.js',
		'  files'
	)
);
const hlsWhen = ( r ) => {
	if ( r.hlsBeforePlay ) {
		return 'yes';
	}
	return r.hls ? 'on Play' : 'no';
};
for ( const r of routes ) {
	out.push(
		line(
			r.route.padEnd( 40 ),
			`${ r.gzipKb.toFixed( 1 ) } kB`.padStart( 15 ),
			hlsWhen( r ).padStart( 8 ),
			`  ${ r.files.join( ', ' ) }`
		)
	);
}
out.push( '' );
for ( const [ label, ok, value ] of checks ) {
	out.push( `${ ok ? 'PASS' : 'FAIL' }  ${ label }: ${ value }` );
}
// eslint-disable-next-line no-console -- the report is the output.
console.log( out.join( '\n' ) );
if ( outFile ) {
	fs.writeFileSync(
		outFile,
		JSON.stringify(
			{
				rows,
				rebuilt,
				learning,
				ratio,
				wallRatio,
				videoRatio,
				progressRatio,
				sharing,
				shareDataRatio,
				team,
				teamRatio,
				dashboardRatio,
				routes,
				checks,
			},
			null,
			2
		)
	);
}
