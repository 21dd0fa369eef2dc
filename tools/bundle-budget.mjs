#!/usr/bin/env node
/**
 * Bundle budget of the library list route: the entry (shell + router) plus the lazy
 * `island-library` chunk, i.e. all of our own JS that /my-account/library/videos loads
 * (WordPress's React, api-fetch and i18n are external and not counted).
 *
 * Fails when that JS is over the budget in tools/budgets.json (gzip bytes) or contains hls.js,
 * when the lazy `player` chunk group (the player and hls.js) is over its own budget, or when any
 * file outside the player group bundles hls.js. Builds first when build/ is
 * missing or older than src/ or the build config. Run from `npm run test:unit`.
 *
 * The wp-admin Reports screen's `admin-reports` entry (Chart.js) has a budget of its own and is
 * not part of the list route's; Chart.js may live in no other file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join( dirname( fileURLToPath( import.meta.url ) ), '..' );
const buildDir = join( root, 'build' );
const manifestPath = join( buildDir, 'chunks.json' );
// The one budget number, shared with the e2e spec and the bench.
const budgets = JSON.parse(
	readFileSync( join( root, 'tools/budgets.json' ), 'utf8' )
);
export const BUDGET_BYTES = budgets.listRouteGzipBytes;
export const PLAYER_BUDGET_BYTES = budgets.playerChunkGzipBytes;
const PLAYER_GROUP = 'player';
// Measured at 55,112 B gzip (admin-reports.js, Chart.js 4.6.2 with bar and line only); the budget
// in tools/budgets.json (adminReportsGzipBytes) leaves about 5% for growth.
export const ADMIN_REPORTS_BUDGET_BYTES = budgets.adminReportsGzipBytes;
const ADMIN_REPORTS_ENTRY = 'admin-reports';
// Packages only the admin Reports entry may bundle.
const ADMIN_REPORTS_PACKAGES = [ 'chart.js', '@kurkle/color' ];
const LIST_ROUTE_GROUPS = [ 'island-library' ];
// Strings that only hls.js contains (event names and its name), in case it was inlined.
const HLS_MARKERS = [ 'hlsManifestParsed', 'hlsMediaAttached', 'hls.js' ];

function newestMtime( path ) {
	const stat = statSync( path );
	if ( ! stat.isDirectory() ) {
		return stat.mtimeMs;
	}
	return readdirSync( path ).reduce(
		( newest, name ) =>
			Math.max( newest, newestMtime( join( path, name ) ) ),
		stat.mtimeMs
	);
}

function buildIfNeeded() {
	const inputs = [
		'src',
		'webpack.config.js',
		'package.json',
		'tsconfig.json',
	]
		.map( ( name ) => join( root, name ) )
		.filter( existsSync );
	const newestInput = Math.max( ...inputs.map( newestMtime ) );
	if (
		existsSync( manifestPath ) &&
		statSync( manifestPath ).mtimeMs >= newestInput
	) {
		return;
	}
	console.log(
		'bundle-budget: build/ is missing or stale, running `wp-scripts build`…'
	);
	const result = spawnSync(
		process.execPath,
		[
			join( root, 'node_modules/@wordpress/scripts/bin/wp-scripts.js' ),
			'build',
		],
		{ cwd: root, stdio: 'inherit' }
	);
	if ( result.status !== 0 ) {
		console.error( 'bundle-budget: the build failed.' );
		process.exit( 1 );
	}
}

buildIfNeeded();

const manifest = JSON.parse( readFileSync( manifestPath, 'utf8' ) );
const files = [
	...new Set( [
		...( manifest.entries.index ?? [] ),
		...LIST_ROUTE_GROUPS.flatMap( ( group ) => {
			if ( ! manifest.chunkGroups[ group ] ) {
				console.error(
					`bundle-budget: chunk group "${ group }" is missing from build/chunks.json.`
				);
				process.exit( 1 );
			}
			return manifest.chunkGroups[ group ];
		} ),
	] ),
].filter( ( file ) => file.endsWith( '.js' ) );

let total = 0;
const problems = [];
for ( const file of files ) {
	const source = readFileSync( join( buildDir, file ) );
	const gzipped = gzipSync( source ).length;
	total += gzipped;
	console.log(
		`  ${ file.padEnd( 24 ) } ${ String( source.length ).padStart( 8 ) } B  ${ String(
			gzipped
		).padStart( 7 ) } B gzip`
	);
	const packages = manifest.packages[ file ] ?? [];
	if ( packages.includes( 'hls.js' ) ) {
		problems.push( `${ file } bundles the hls.js package` );
	}
	const text = source.toString( 'utf8' );
	for ( const marker of HLS_MARKERS ) {
		if ( text.includes( marker ) ) {
			problems.push( `${ file } contains "${ marker }" (hls.js code)` );
		}
	}
}
console.log(
	`bundle-budget: list route (${ files.join( ' + ' ) }) = ${ total } B gzip, budget ${ BUDGET_BYTES } B.`
);
if ( total > BUDGET_BYTES ) {
	problems.push(
		`the list route is ${ total } B gzip, over the ${ BUDGET_BYTES } B budget`
	);
}

// The player: its own budget, and the only place hls.js may live.
const playerFiles = ( manifest.chunkGroups[ PLAYER_GROUP ] ?? [] ).filter(
	( file ) => file.endsWith( '.js' )
);
if ( playerFiles.length === 0 ) {
	problems.push(
		`chunk group "${ PLAYER_GROUP }" is missing from build/chunks.json`
	);
}
let playerTotal = 0;
for ( const file of playerFiles ) {
	playerTotal += gzipSync( readFileSync( join( buildDir, file ) ) ).length;
}
console.log(
	`bundle-budget: player (${ playerFiles.join( ' + ' ) }) = ${ playerTotal } B gzip, budget ${ PLAYER_BUDGET_BYTES } B.`
);
if ( playerTotal > PLAYER_BUDGET_BYTES ) {
	problems.push(
		`the player chunk is ${ playerTotal } B gzip, over the ${ PLAYER_BUDGET_BYTES } B budget`
	);
}
for ( const [ file, names ] of Object.entries( manifest.packages ) ) {
	if ( names.includes( 'hls.js' ) && ! playerFiles.includes( file ) ) {
		problems.push( `${ file } bundles hls.js outside the player chunk` );
	}
}
// The admin Reports screen: its own entry and budget, and the only place Chart.js may live.
const adminFiles = ( manifest.entries[ ADMIN_REPORTS_ENTRY ] ?? [] ).filter(
	( file ) => file.endsWith( '.js' )
);
if ( adminFiles.length === 0 ) {
	problems.push(
		`entry "${ ADMIN_REPORTS_ENTRY }" is missing from build/chunks.json`
	);
}
if ( typeof ADMIN_REPORTS_BUDGET_BYTES !== 'number' ) {
	problems.push( 'tools/budgets.json has no adminReportsGzipBytes number' );
}
let adminTotal = 0;
for ( const file of adminFiles ) {
	adminTotal += gzipSync( readFileSync( join( buildDir, file ) ) ).length;
}
console.log(
	`bundle-budget: admin reports (${ adminFiles.join( ' + ' ) }) = ${ adminTotal } B gzip, budget ${ ADMIN_REPORTS_BUDGET_BYTES } B.`
);
if ( adminTotal > ADMIN_REPORTS_BUDGET_BYTES ) {
	problems.push(
		`the admin reports entry is ${ adminTotal } B gzip, over the ${ ADMIN_REPORTS_BUDGET_BYTES } B budget`
	);
}
for ( const [ file, names ] of Object.entries( manifest.packages ) ) {
	for ( const name of ADMIN_REPORTS_PACKAGES ) {
		if ( names.includes( name ) && ! adminFiles.includes( file ) ) {
			problems.push(
				`${ file } bundles ${ name } outside the admin reports entry`
			);
		}
	}
}
if ( problems.length > 0 ) {
	for ( const problem of problems ) {
		console.error( `bundle-budget: FAIL: ${ problem }` );
	}
	process.exit( 1 );
}
console.log( `bundle-budget: OK (${ relative( root, buildDir ) }/).` );
