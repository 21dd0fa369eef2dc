/**
 * The lag test of the replicated lane (npm run test:replica, bin/test-replica; docs/rules/platform.md,
 * "Reads that must be fresh (replicas)"). The replica's SQL thread is stopped, so the replica is held behind the primary while it
 * keeps receiving the primary's log, and over real HTTP through the lane's two PHP hosts:
 * 1. a learner's report is acknowledged and the learner sees it at once (the video reply and the library
 *    reply), and a second report is judged against the first (acknowledged, not refused as too fast);
 * 2. 20 people accept one link of 5 seats at once: 5 win, and no seat is held twice;
 * 3. a link withdrawn over HTTP is refused at once;
 * then replication runs again and
 * 4. nothing acknowledged is lost: the primary and the replica hold every acknowledged report and accept;
 * 5. the replica catches up to the same rows: CHECKSUM TABLE of every plugin table, the users and their
 *    meta is the same on both servers.
 * With --expect-failure (the lane's PHP hosts started with LP_PRIMARY_READS=off, so the plugin sends no
 * decision read to the primary) the run must see at least one of 1-3 fail: exit 0 when it does.
 *
 * Usage: node tests/replica/lag.mjs --url <lane> --seed <seed.json> [--expect-failure]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { laneSql, caughtUp, checksums, printChecks } from './lane.mjs';

const { values: options } = parseArgs( {
	options: {
		url: { type: 'string' },
		seed: { type: 'string' },
		database: { type: 'string', default: 'lp_prod_replica' },
		'expect-failure': { type: 'boolean', default: false },
	},
} );
const baseUrl = options.url;
const seed = JSON.parse( fs.readFileSync( options.seed, 'utf8' ) );
let serverErrors = 0; // A lane that does not answer proves nothing either way.
const sleep = ( ms ) => new Promise( ( resolve ) => setTimeout( resolve, ms ) );

const sql = laneSql( options.database );

const headersOf = ( session, extra = {} ) => ( {
	Cookie: session.cookie,
	'X-WP-Nonce': session.nonce,
	...extra,
} );

async function call( method, route, session, body ) {
	const response = await fetch( `${ baseUrl }/wp-json/library/v2${ route }`, {
		method,
		headers: headersOf(
			session,
			body ? { 'Content-Type': 'application/json' } : {}
		),
		body: body ? JSON.stringify( body ) : undefined,
	} );
	let json = null;
	try {
		json = await response.json();
	} catch {}
	if ( response.status >= 500 ) {
		serverErrors++;
	}
	return { status: response.status, body: json };
}

const code = ( reply ) =>
	`${ reply.status }${
		reply.body?.error_code ? ' ' + reply.body.error_code : ''
	}`;

const rows = [];
const check = ( label, pass, detail ) => rows.push( { label, pass, detail } );

if ( ! caughtUp( sql, 30 ) ) {
	throw new Error(
		'the replica is not replicating (bin/prod-replica --status)'
	);
}
sql( 'replica', 'STOP SLAVE SQL_THREAD' );
const acked = { progress: 0, accepts: [] };
try {
	// --- 1. A learner's own progress --------------------------------------------------------------
	const learner = seed.learner;
	const reports = [];
	const seen = [];
	for ( const value of [ 5, 10 ] ) {
		await sleep( 1300 ); // 5% of the 20 s part is 1 s of watching.
		const reply = await call(
			'POST',
			`/video/progress/${ seed.video }`,
			learner,
			{ progress: value, part: 0 }
		);
		reports.push( code( reply ) );
		if ( reply.status === 200 ) {
			acked.progress = Math.max( acked.progress, value );
		}
		const video = await call( 'GET', `/video/${ seed.video }`, learner );
		const items = await call( 'GET', '/items/', learner );
		const row = ( items.body?.data ?? [] ).find(
			( item ) => item.product_id === seed.video
		);
		seen.push( [
			video.body?.data?.progress?.parts?.[ 0 ]?.count ?? 0,
			row?.video_data?.progress?.parts?.[ 0 ]?.count ?? 0,
		] );
	}
	check(
		'A report is acknowledged and judged against the stored one',
		reports.every( ( r ) => r === '200' ),
		`replies ${ reports.join( ', ' ) }`
	);
	check(
		'The learner sees their own progress right after each report',
		seen.every(
			( [ video, items ], i ) =>
				video >= [ 5, 10 ][ i ] && items >= [ 5, 10 ][ i ]
		) && acked.progress === 10,
		`shown (video reply, library reply) after 5: ${ seen[ 0 ] }; after 10: ${ seen[ 1 ] }`
	);

	// --- 2. The accept race -------------------------------------------------------------------------
	const replies = await Promise.all(
		seed.recipients.map( ( session ) =>
			call( 'POST', '/accept-share', session, {
				encoded: seed.raceLink,
			} )
		)
	);
	replies.forEach( ( reply, i ) => {
		if ( reply.status === 200 ) {
			acked.accepts.push( [ seed.recipients[ i ].id, seed.shared ] );
		}
	} );
	const held = sql(
		'primary',
		`SELECT holder_id, COUNT(*) FROM ${ seed.table }lp_licenses WHERE product_id = ${ seed.shared } AND holder_id <> 0 GROUP BY holder_id`
	);
	const counts = replies.reduce( ( all, reply ) => {
		all[ code( reply ) ] = ( all[ code( reply ) ] ?? 0 ) + 1;
		return all;
	}, {} );
	check(
		'20 accept one link of 5 seats: 5 win, no seat spent twice',
		acked.accepts.length === 5 &&
			held.length === 5 &&
			held.every( ( [ , n ] ) => n === '1' ) &&
			held.every( ( [ holder ] ) =>
				acked.accepts.some( ( [ id ] ) => id === Number( holder ) )
			),
		`${ Object.entries( counts )
			.map( ( [ k, n ] ) => `${ n }×${ k }` )
			.join( ', ' ) }; holders on the primary ${ held.length }`
	);

	// --- 3. A withdrawn link ------------------------------------------------------------------------
	const withdrawn = await call(
		'DELETE',
		`/share-link/${ seed.withdrawn }`,
		seed.withdrawer
	);
	const late = seed.recipients[ seed.recipients.length - 1 ];
	const accept = await call( 'POST', '/accept-share', late, {
		encoded: seed.link,
	} );
	if ( accept.status === 200 ) {
		acked.accepts.push( [ late.id, seed.withdrawn ] );
	}
	const [ [ behind ] ] = sql(
		'replica',
		`SELECT COUNT(*) FROM ${ seed.table }lp_share_links WHERE owner_id = ${ seed.withdrawer.id } AND revoked_at = 0`
	);
	check(
		'A withdrawn link is refused at once',
		withdrawn.status === 200 &&
			( withdrawn.body?.data?.withdrawn ?? 0 ) >= 1 &&
			accept.status >= 400 &&
			accept.status < 500,
		`withdraw ${ code( withdrawn ) }, then accept ${ code( accept ) }; the replica still shows ${ behind } live link(s)`
	);
} finally {
	sql( 'replica', 'START SLAVE SQL_THREAD' );
}

// --- 4 and 5. Nothing lost, the same rows -----------------------------------------------------------
const synced = caughtUp( sql, 60 );
const lost = [];
for ( const role of [ 'primary', 'replica' ] ) {
	const [ [ percent = '0' ] = [] ] = sql(
		role,
		`SELECT MAX(percent) FROM ${ seed.table }lp_progress WHERE user_id = ${ seed.learner.id } AND product_id = ${ seed.video } AND part_index = 0`
	);
	if ( Number( percent ) < acked.progress ) {
		lost.push( `${ role }: progress ${ percent } < ${ acked.progress }` );
	}
	for ( const [ holder, product ] of acked.accepts ) {
		const [ [ n ] ] = sql(
			role,
			`SELECT COUNT(*) FROM ${ seed.table }lp_licenses WHERE holder_id = ${ holder } AND product_id = ${ product }`
		);
		if ( n !== '1' ) {
			lost.push( `${ role }: recipient ${ holder } holds ${ n } seats` );
		}
	}
}
check(
	'Nothing acknowledged is lost (primary and replica)',
	synced && lost.length === 0,
	lost.length
		? lost.join( '; ' )
		: `progress ${ acked.progress }%, ${ acked.accepts.length } accepts on both`
);
const tables = sql(
	'primary',
	`SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() AND ( table_name LIKE '${ seed.table }lp\\_%' OR table_name IN ( '${ seed.table }users', '${ seed.table }usermeta', '${ seed.table }posts', '${ seed.table }postmeta' ) ) ORDER BY table_name`
).map( ( [ name ] ) => name );
const differ =
	checksums( sql, 'primary', tables ) !== checksums( sql, 'replica', tables );
check(
	'The replica catches up to the same rows',
	synced && ! differ,
	`${ tables.length } tables, CHECKSUM TABLE ${ differ ? 'differs' : 'equal' } after catching up`
);

const failed = printChecks( rows );
const decisions = rows.slice( 0, 4 ).filter( ( row ) => ! row.pass ).length;
if ( options[ 'expect-failure' ] ) {
	// Without the primary reads at least one decision check must fail, and the data must still converge.
	const caught =
		decisions > 0 &&
		serverErrors === 0 &&
		rows.slice( 4 ).every( ( row ) => row.pass );
	process.stdout.write(
		caught
			? `\nAs expected without the primary reads: ${ decisions } decision check(s) failed.\n`
			: '\nThe lag test did not catch the decision reads sent to the replica.\n'
	);
	process.exit( caught ? 0 : 1 );
}
if ( serverErrors ) {
	process.stdout.write(
		`\n${ serverErrors } repl(ies) were server errors (5xx).\n`
	);
}
process.stdout.write(
	failed ? `\n${ failed } check(s) failed.\n` : '\nAll checks passed.\n'
);
process.exit( failed ? 1 : 0 );
