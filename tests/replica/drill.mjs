/**
 * The fault drill of the replicated lane (npm run drill:replica, bin/drill-replica; docs/scaling.md "The
 * replicated lane"). A learner reports progress every 1.5 s over HTTP, and reads their library, while:
 * 1. the primary is stopped for 6 s: every report must be answered 503 `database_unavailable` with Retry-After
 *    (a write that cannot be taken), the library still answers from the replica;
 * 2. the replica is stopped for 6 s: reports are taken (200) and reads fall back to the primary;
 * 3. PHP host 1 is killed (SIGKILL to its FPM master's process group, by the lane's own pid file): every
 *    request is answered by host 2.
 * Then: nothing acknowledged is lost (primary and replica hold at least the highest acknowledged value), the
 * replica catches up to the same rows (CHECKSUM TABLE), and no reply was anything but what the phase allows.
 *
 * Usage: node tests/replica/drill.mjs --url <lane> --seed <seed.json> (tests/replica/seed.php makes it)
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { root, laneSql, caughtUp, checksums, printChecks } from './lane.mjs';

const { values: options } = parseArgs( {
	options: {
		url: { type: 'string' },
		seed: { type: 'string' },
		database: { type: 'string', default: 'lp_prod_replica' },
	},
} );
const baseUrl = options.url;
const seed = JSON.parse( fs.readFileSync( options.seed, 'utf8' ) );
const sleep = ( ms ) => new Promise( ( resolve ) => setTimeout( resolve, ms ) );
const log = ( text ) =>
	process.stdout.write(
		`[${ new Date().toISOString().slice( 11, 23 ) }] ${ text }\n`
	);

const sql = laneSql( options.database );

/**
 * One of the lane's servers started or stopped with its own options.
 * @param {'primary'|'replica'} role   Server.
 * @param {'start'|'stop'}      action What to do.
 */
function server( role, action ) {
	execFileSync(
		path.join( root, 'bin/prod-replica' ),
		[ '--db', role, action ],
		{ stdio: 'inherit' }
	);
}

/**
 * Kills PHP host 1 (its FPM master and workers), only when the pid file's process is this checkout's.
 */
function killHost() {
	const file = path.join( root, 'var/run/prod-replica-fpm1.pid' );
	const pid = Number( fs.readFileSync( file, 'utf8' ).trim() );
	const command = fs
		.readFileSync( `/proc/${ pid }/cmdline`, 'utf8' )
		.replace( /\0/g, ' ' );
	if ( ! command.includes( path.join( root, 'var/prod-replica' ) ) ) {
		throw new Error(
			`pid ${ pid } is not this lane's PHP host 1: ${ command }`
		);
	}
	process.kill( -pid, 'SIGKILL' );
}

const headers = {
	Cookie: seed.learner.cookie,
	'X-WP-Nonce': seed.learner.nonce,
};
let next = 5;
let acked = 0;
const replies = [];

/**
 * One report (the next 5% step) and one read of the library, in a phase.
 * @param {string} name Phase name.
 */
async function step( name ) {
	const value = Math.min( next, 100 );
	const report = await fetch(
		`${ baseUrl }/wp-json/library/v2/video/progress/${ seed.video }`,
		{
			method: 'POST',
			headers: { ...headers, 'Content-Type': 'application/json' },
			body: JSON.stringify( { progress: value, part: 0 } ),
		}
	);
	const body = await report.json().catch( () => null );
	if ( report.status === 200 ) {
		acked = Math.max( acked, value );
		next = value + 5;
	}
	const read = await fetch( `${ baseUrl }/wp-json/library/v2/items/`, {
		headers,
	} );
	replies.push( {
		phase: name,
		report: `${ report.status }${
			( body?.code ?? body?.error_code )
				? ' ' + ( body?.code ?? body?.error_code )
				: ''
		}`,
		retryAfter: report.headers.get( 'retry-after' ),
		read: read.status,
	} );
}

async function phase( name, seconds ) {
	log( name );
	const until = Date.now() + seconds * 1000;
	while ( Date.now() < until ) {
		await sleep( 1500 );
		await step( name );
	}
}

const rows = [];
const check = ( label, pass, detail ) => rows.push( { label, pass, detail } );
const of = ( name ) => replies.filter( ( r ) => r.phase === name );
const show = ( list, key ) =>
	Object.entries(
		list.reduce( ( all, r ) => {
			all[ r[ key ] ] = ( all[ r[ key ] ] ?? 0 ) + 1;
			return all;
		}, {} )
	)
		.map( ( [ k, n ] ) => `${ n }×${ k }` )
		.join( ', ' );

try {
	await phase( 'normal', 3 );
	server( 'primary', 'stop' );
	await phase( 'primary stopped', 6 );
	server( 'primary', 'start' );
	await phase( 'primary back', 3 );
	server( 'replica', 'stop' );
	await phase( 'replica stopped', 6 );
	server( 'replica', 'start' );
	await phase( 'replica back', 3 );
	killHost();
	await phase( 'PHP host 1 killed', 6 );
} finally {
	// Whatever happened, both servers run again (start is a no-op for a running one).
	server( 'primary', 'start' );
	server( 'replica', 'start' );
}

check(
	'Primary stopped: each report 503 database_unavailable with Retry-After; reads 200 from the replica',
	of( 'primary stopped' ).length > 0 &&
		of( 'primary stopped' ).every(
			( r ) =>
				r.report === '503 database_unavailable' &&
				Number( r.retryAfter ) > 0 &&
				r.read === 200
		),
	`reports ${ show( of( 'primary stopped' ), 'report' ) }; reads ${ show(
		of( 'primary stopped' ),
		'read'
	) }`
);
for ( const name of [
	'normal',
	'primary back',
	'replica stopped',
	'replica back',
	'PHP host 1 killed',
] ) {
	check(
		`${ name }: every report and read answered 200`,
		of( name ).length > 0 &&
			of( name ).every( ( r ) => r.report === '200' && r.read === 200 ),
		`reports ${ show( of( name ), 'report' ) }; reads ${ show( of( name ), 'read' ) }`
	);
}

const synced = caughtUp( sql, 60 );
const held = [ 'primary', 'replica' ].map( ( role ) =>
	Number(
		sql(
			role,
			`SELECT COALESCE(MAX(percent), 0) FROM ${ seed.table }lp_progress WHERE user_id = ${ seed.learner.id } AND product_id = ${ seed.video }`
		)[ 0 ][ 0 ]
	)
);
check(
	'Nothing acknowledged is lost',
	acked > 0 && held.every( ( percent ) => percent >= acked ),
	`highest acknowledged ${ acked }%; primary holds ${ held[ 0 ] }%, replica ${ held[ 1 ] }%`
);
const tables = sql(
	'primary',
	`SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name LIKE '${ seed.table }lp\\_%' ORDER BY table_name`
).map( ( [ name ] ) => name );
check(
	'The replica catches up to the same rows',
	synced &&
		checksums( sql, 'primary', tables ) ===
			checksums( sql, 'replica', tables ),
	`${ tables.length } plugin tables, caught up: ${ synced }`
);

const failed = printChecks( rows );
process.stdout.write(
	failed ? `\n${ failed } check(s) failed.\n` : '\nAll checks passed.\n'
);
process.exit( failed ? 1 : 0 );
