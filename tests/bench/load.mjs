/**
 * The load bench (npm run bench:load, bin/bench-load starts the production lane and seeds it):
 * 200 concurrent connections with autocannon against nginx + PHP-FPM + MariaDB, every figure a
 * ratio to the bare authenticated REST request (GET wp/v2/users/me) measured with the same
 * connections and sessions in rounds that alternate with the scenario's (the median round's ratio is
 * shown), so both see the same machine load.
 *
 * - POST video/progress/{id}: each connection is one learner raising its own progress the way the
 *   player does (one 5% step per report, parts of 20 s, so within the 2x rule at the rate the machine
 *   serves); it keeps its next step and the highest value the server acknowledged per part.
 * - GET items/ for one-item learners, for owners of 1,000 items (as browsers ask: gzip; once
 *   uncompressed, the 1 MB reply; and one page of 100 rows, ?per_page=100), and for owners of 100 items.
 * - GET shareduserscontent/ for owners of 500-member teams.
 * Then the checks: for every learner the highest acknowledged value of every part equals the progress
 * table, GET items/ and GET video/{id}; and the races over real parallel HTTP: 50 and 200 recipients
 * accepting one link with 3 and 10 seats (exactly 3 and 10 win), 20 parallel first reports of one seat
 * (one activation), 8 parallel e-mail sends inside one cooldown (one goes out).
 *
 * Usage: node tests/bench/load.mjs --url <site> --seed <seed json> [--out <json>] [--connections 200]
 *        [--duration 15] [--warmup 2] [--rounds 3] [--check-command '<command printing bin/bench-load-check.php's JSON>']
 * Prints one table; exits 1 when a target or a check fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../..'
);
const { values: options } = parseArgs( {
	options: {
		url: { type: 'string' },
		seed: { type: 'string' },
		out: { type: 'string' },
		connections: { type: 'string', default: '200' },
		duration: { type: 'string', default: '15' },
		warmup: { type: 'string', default: '2' },
		rounds: { type: 'string', default: '3' },
		site: { type: 'string', default: 'prod' },
		mail: { type: 'string' },
	},
} );
const baseUrl = options.url;
const seed = JSON.parse( fs.readFileSync( options.seed, 'utf8' ) );
const connections = Number( options.connections );
const duration = Number( options.duration );
const warmup = Number( options.warmup );
const rounds = Number( options.rounds );

// The load targets (docs/measurements.md, "Load"): throughput at least, p99 at most, as ratios to the floor.
const TARGETS = {
	progress: { rps: 0.9, p99: 1.2 },
	itemsLearner: { rps: 0.9, p99: 1.3 },
	itemsOwner: { rps: 0.8, p99: 1.3 },
	team: { rps: 0.8 },
};

const headersOf = ( session, extra = {} ) => ( {
	Cookie: session.cookie,
	'X-WP-Nonce': session.nonce,
	...extra,
} );

/**
 * One autocannon run: each connection takes the next session in turn (connection n = session n
 * when there are as many sessions as connections) and sends the request made for it.
 * @param {Array<object>} sessions   Sessions.
 * @param {Function}      requestFor Session → autocannon request (may hold setupRequest/onResponse).
 * @param {number}        seconds    Duration.
 */
function cannon( sessions, requestFor, seconds ) {
	let next = 0;
	return autocannon( {
		url: baseUrl,
		connections,
		duration: seconds,
		timeout: 30,
		setupClient: ( client ) => {
			client.setRequests( [
				requestFor( sessions[ next++ % sessions.length ] ),
			] );
		},
	} );
}

/**
 * Waits until the requests a run left behind are served. autocannon drops its connections when the
 * time is up, but PHP-FPM still serves every request already queued (FIFO), which would slow the next
 * run down: one request answered means the queue before it is gone.
 * @param {Object} session Any session.
 */
async function drain( session ) {
	await fetch( `${ baseUrl }/wp-json/wp/v2/users/me`, {
		headers: headersOf( session ),
		signal: AbortSignal.timeout( 120000 ),
	} ).then( ( response ) => response.arrayBuffer() );
}

/**
 * Warm-up (not counted), then the measured run.
 * @param {string}        label      Row label.
 * @param {Array<object>} sessions   Sessions.
 * @param {Function}      requestFor Session → request.
 */
async function measure( label, sessions, requestFor ) {
	if ( warmup > 0 ) {
		await cannon( sessions, requestFor, warmup );
		settleInFlight();
		await drain( sessions[ 0 ] );
	}
	const result = await cannon( sessions, requestFor, duration );
	settleInFlight();
	await drain( sessions[ 0 ] );
	return {
		label,
		rps: result.requests.total / result.duration,
		p50: result.latency.p50,
		p99: result.latency.p99,
		errors: result.errors + result.non2xx + result.mismatches,
		statuses: Object.fromEntries(
			Object.entries( result.statusCodeStats ?? {} ).map(
				( [ code, stat ] ) => [ code, stat.count ]
			)
		),
		kib:
			result.throughput.total /
			Math.max( 1, result.requests.total ) /
			1024,
	};
}

const get = ( route, extra ) => ( session ) => ( {
	method: 'GET',
	path: route,
	headers: headersOf( session, extra ),
} );
// As browsers ask (nginx compresses replies over 512 bytes); progress replies are read, so plain.
const gzip = { 'Accept-Encoding': 'gzip' };
const floorRequest = get( '/wp-json/wp/v2/users/me', gzip );

/**
 * The middle value (the mean of the two middle ones for an even count).
 * @param {number[]} values Values.
 */
function median( values ) {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	const middle = Math.floor( sorted.length / 2 );
	return sorted.length % 2
		? sorted[ middle ]
		: ( sorted[ middle - 1 ] + sorted[ middle ] ) / 2;
}

/**
 * Rows of several rounds as one: the median of each figure, errors and statuses added up.
 * @param {Array<object>} runs Rows of measure().
 */
function combined( runs ) {
	const statuses = {};
	for ( const run of runs ) {
		for ( const [ code, count ] of Object.entries( run.statuses ) ) {
			statuses[ code ] = ( statuses[ code ] ?? 0 ) + count;
		}
	}
	return {
		label: runs[ 0 ].label,
		rps: median( runs.map( ( r ) => r.rps ) ),
		p50: median( runs.map( ( r ) => r.p50 ) ),
		p99: median( runs.map( ( r ) => r.p99 ) ),
		errors: runs.reduce( ( sum, r ) => sum + r.errors, 0 ),
		statuses,
		kib: median( runs.map( ( r ) => r.kib ) ),
	};
}

/**
 * A scenario against the floor, in `rounds` rounds that alternate which of the two goes first, so
 * both see the same machine (a shared machine's speed drifts by more than the targets' margins
 * within a minute). Each round gives a ratio; the row shows the median round's.
 * @param {string}        label      Row label.
 * @param {Array<object>} sessions   Sessions.
 * @param {Function}      requestFor Session → request.
 * @param {object|null}   target     { rps, p99 } ratios, or null (measured, not judged).
 */
async function scenario( label, sessions, requestFor, target ) {
	const floorLabel = `  floor: GET wp/v2/users/me (${ label.split( ' (' )[ 0 ] })`;
	const floors = [];
	const runs = [];
	for ( let round = 0; round < rounds; round++ ) {
		if ( round % 2 ) {
			runs.push( await measure( label, sessions, requestFor ) );
			floors.push( await measure( floorLabel, sessions, floorRequest ) );
		} else {
			floors.push( await measure( floorLabel, sessions, floorRequest ) );
			runs.push( await measure( label, sessions, requestFor ) );
		}
	}
	const floor = combined( floors );
	const row = combined( runs );
	// A floor that answered nothing gives no ratio (NaN: the target fails).
	const ratio = ( a, b ) => ( b > 0 ? a / b : NaN );
	row.rpsRatio = median(
		runs.map( ( r, i ) => ratio( r.rps, floors[ i ].rps ) )
	);
	row.p99Ratio = median(
		runs.map( ( r, i ) => ratio( r.p99, floors[ i ].p99 ) )
	);
	row.rounds = runs.map( ( r, i ) => ( {
		rpsRatio: ratio( r.rps, floors[ i ].rps ),
		p99Ratio: ratio( r.p99, floors[ i ].p99 ),
	} ) );
	row.target = target;
	if ( target ) {
		const parts = [ `≥ ${ target.rps }×` ];
		if ( target.p99 ) {
			parts.push( `p99 ≤ ${ target.p99 }×` );
		}
		parts.push( '0 errors' );
		row.targetText = parts.join( ', ' );
		row.pass =
			row.rpsRatio >= target.rps &&
			( ! target.p99 || row.p99Ratio <= target.p99 ) &&
			row.errors === 0 &&
			floor.errors === 0;
	}
	return [ floor, row ];
}

// --- Learners raising their progress ---------------------------------------------------------------
const learners = seed.learners.map( ( session ) => ( {
	session,
	part: 0,
	next: 5,
	acked: {}, // part → highest value acknowledged with a 200
	unacked: {}, // part → values sent without a reply (a timeout): the server may have stored them
	pending: null,
	refusals: {},
	staleReplies: 0,
} ) );
const bySession = new Map( learners.map( ( l ) => [ l.session, l ] ) );

/**
 * autocannon closes its connections when the time is up: a report then in flight gets no reply, but
 * the server may still store it. It counts as sent without an acknowledgement.
 */
function settleInFlight() {
	for ( const learner of learners ) {
		if ( learner.pending ) {
			const { part, value } = learner.pending;
			( learner.unacked[ part ] ??= [] ).push( value );
			learner.pending = null;
		}
	}
}

/**
 * The learner's next report, one 5% step above what the server acknowledged for the part.
 * @param {Object} session A learner's session.
 */
function progressRequest( session ) {
	const learner = bySession.get( session );
	return {
		method: 'POST',
		path: `/wp-json/library/v2/video/progress/${ seed.loadItem }`,
		headers: headersOf( session, { 'Content-Type': 'application/json' } ),
		setupRequest: ( request ) => {
			if ( learner.pending ) {
				// The last report got no reply (its connection was dropped): it may have been stored.
				const { part, value } = learner.pending;
				( learner.unacked[ part ] ??= [] ).push( value );
			}
			learner.pending = { part: learner.part, value: learner.next };
			return {
				...request,
				body: JSON.stringify( {
					progress: learner.next,
					part: learner.part,
				} ),
			};
		},
		onResponse: ( status, body ) => {
			const { part, value } = learner.pending;
			learner.pending = null;
			if ( status !== 200 ) {
				let code = String( status );
				try {
					code += ` ${ JSON.parse( body ).error_code ?? '' }`;
				} catch {}
				learner.refusals[ code ] =
					( learner.refusals[ code ] ?? 0 ) + 1;
				return; // The same step again next time.
			}
			learner.acked[ part ] = Math.max(
				learner.acked[ part ] ?? 0,
				value
			);
			const shown =
				JSON.parse( body ).data?.progress?.parts?.[ part ]?.count;
			if ( shown !== learner.acked[ part ] ) {
				learner.staleReplies++;
			}
			if ( value >= 100 ) {
				if ( learner.part < seed.parts - 1 ) {
					learner.part++;
					learner.next = 5;
				}
			} else {
				learner.next = value + 5;
			}
		},
	};
}

// --- Consistency: acknowledged = stored = shown ---------------------------------------------------
async function inParallel( items, limit, work ) {
	const results = new Array( items.length );
	let i = 0;
	await Promise.all(
		Array.from( { length: limit }, async () => {
			while ( i < items.length ) {
				const n = i++;
				results[ n ] = await work( items[ n ] );
			}
		} )
	);
	return results;
}

function databaseState() {
	return JSON.parse(
		execFileSync(
			path.join( root, 'bin/wp-php' ),
			[ options.site, 'bin/bench-load-check.php', options.seed ],
			{ encoding: 'utf8', stdio: [ 'ignore', 'pipe', 'inherit' ] }
		)
	);
}

async function replyOf( route, session ) {
	const response = await fetch( `${ baseUrl }${ route }`, {
		headers: headersOf( session ),
	} );
	return { status: response.status, body: await response.json() };
}

async function consistency() {
	// Reports cut off at the end may still be running on the server: read once nothing moves.
	let stored = databaseState().progress;
	for ( let tries = 0; tries < 15; tries++ ) {
		await new Promise( ( resolve ) => setTimeout( resolve, 2000 ) );
		const again = databaseState().progress;
		const settled = JSON.stringify( again ) === JSON.stringify( stored );
		stored = again;
		if ( settled ) {
			break;
		}
	}
	const problems = [];
	let checkedParts = 0;
	await inParallel( learners, 16, async ( learner ) => {
		const { id } = learner.session;
		const items = await replyOf(
			'/wp-json/library/v2/items/',
			learner.session
		);
		const video = await replyOf(
			`/wp-json/library/v2/video/${ seed.loadItem }`,
			learner.session
		);
		if ( items.status !== 200 || video.status !== 200 ) {
			problems.push(
				`learner ${ id }: items/ ${ items.status }, video ${ video.status }`
			);
			return;
		}
		const row = items.body.data.find(
			( r ) => r.product_id === seed.loadItem
		);
		for ( let part = 0; part < seed.parts; part++ ) {
			const acked = learner.acked[ part ] ?? 0;
			const inTable = stored[ id ]?.[ part ] ?? 0;
			const listed = row?.video_data.progress.parts[ part ]?.count ?? 0;
			const played = video.body.data.progress.parts[ part ]?.count ?? 0;
			checkedParts++;
			const unacked = learner.unacked[ part ] ?? [];
			const tableOk =
				inTable === acked ||
				( inTable > acked && unacked.includes( inTable ) );
			if ( ! tableOk || listed !== inTable || played !== inTable ) {
				problems.push(
					`learner ${ id } part ${ part }: acknowledged ${ acked }, table ${ inTable }, items/ ${ listed }, video/{id} ${ played }`
				);
			}
		}
	} );
	const acknowledged = learners.reduce(
		( sum, l ) =>
			sum + Object.values( l.acked ).reduce( ( a, v ) => a + v / 5, 0 ),
		0
	);
	const stale = learners.reduce( ( sum, l ) => sum + l.staleReplies, 0 );
	if ( stale ) {
		problems.push(
			`${ stale } progress replies did not show the value just acknowledged`
		);
	}
	return {
		label: 'Acknowledged = table = items/ = video/{id}',
		detail: `${ learners.length } learners, ${ checkedParts } parts, ${ acknowledged } steps acknowledged`,
		pass: problems.length === 0,
		problems: problems.slice( 0, 10 ),
	};
}

// --- Races over real parallel HTTP ------------------------------------------------------------------
async function post( route, session, body ) {
	const response = await fetch( `${ baseUrl }/wp-json${ route }`, {
		method: 'POST',
		headers: headersOf( session, { 'Content-Type': 'application/json' } ),
		body: JSON.stringify( body ),
	} );
	let json = null;
	try {
		json = await response.json();
	} catch {}
	return { status: response.status, body: json };
}

const countBy = ( replies ) =>
	replies.reduce( ( counts, r ) => {
		const key = `${ r.status }${
			r.body?.error_code ? ' ' + r.body.error_code : ''
		}`;
		counts[ key ] = ( counts[ key ] ?? 0 ) + 1;
		return counts;
	}, {} );
const show = ( counts ) =>
	Object.entries( counts )
		.map( ( [ k, v ] ) => `${ v }×${ k }` )
		.join( ', ' );

async function mailsInSink( marker ) {
	const folder = options.mail;
	if ( ! folder || ! fs.existsSync( folder ) ) {
		return null;
	}
	// The sink writes the file as the SMTP conversation ends; give it a moment.
	await new Promise( ( resolve ) => setTimeout( resolve, 1000 ) );
	return fs
		.readdirSync( folder )
		.filter( ( file ) =>
			fs
				.readFileSync( path.join( folder, file ), 'utf8' )
				.includes( marker )
		).length;
}

async function races() {
	const rows = [];
	const links = [
		[ seed.links[ 0 ], 50 ],
		[ seed.links[ 1 ], 200 ],
	];
	const accepted = [];
	for ( const [ link, people ] of links ) {
		const replies = await Promise.all(
			seed.recipients.slice( 0, people ).map( ( session ) =>
				post( '/library/v2/accept-share', session, {
					encoded: link.code,
				} )
			)
		);
		accepted.push( [ link, people, replies ] );
	}
	const seatReplies = await Promise.all(
		Array.from( { length: 20 }, () =>
			post(
				`/library/v2/video/progress/${ seed.seatRace.item }`,
				seed.seatRace.session,
				{ progress: 5, part: 0 }
			)
		)
	);
	const marker = `load-${ seed.run }-`;
	const mailReplies = await Promise.all(
		Array.from( { length: 8 }, ( _, i ) =>
			post( '/library/v2/send-share-emails', seed.mailRace.session, {
				emails: `${ marker }${ i }@example.com`,
				product_id: seed.mailRace.item,
			} )
		)
	);
	const state = databaseState();
	for ( const [ link, people, replies ] of accepted ) {
		const won = replies.filter( ( r ) => r.status === 200 ).length;
		const seats = state.links[ link.item ];
		rows.push( {
			label: `Race: ${ people } accept one link, ${ link.seats } seats left`,
			detail: `${ show( countBy( replies ) ) }; seats assigned ${ seats.assigned }, available ${ seats.available }`,
			pass:
				won === link.seats &&
				seats.assigned === link.seats &&
				seats.available === 0 &&
				replies.every(
					( r ) =>
						r.status === 200 || r.status === 409 || r.status === 410
				),
		} );
	}
	const activations = seatReplies.filter(
		( r ) => r.status === 200 && r.body?.data?.activated === true
	).length;
	rows.push( {
		label: 'Race: 20 parallel first reports of one seat',
		detail: `${ show( countBy( seatReplies ) ) }; ${ activations } replies activated, seats activated ${ state.seatRace.activated }`,
		pass:
			activations === 1 &&
			state.seatRace.activated === 1 &&
			seatReplies.every( ( r ) => r.status === 200 ),
	} );
	const sent = mailReplies.filter( ( r ) => r.status === 200 ).length;
	const inSink = await mailsInSink( marker );
	rows.push( {
		label: 'Race: 8 parallel e-mail sends in one cooldown',
		detail: `${ show( countBy( mailReplies ) ) }; history rows ${ state.mailsSent }, mails caught ${ inSink ?? 'n/a' }`,
		pass:
			sent === 1 &&
			mailReplies.filter( ( r ) => r.status === 429 ).length === 7 &&
			state.mailsSent === 1 &&
			( inSink === null || inSink === 1 ),
	} );
	return rows;
}

// --- The run ---------------------------------------------------------------------------------------
const learnerSessions = seed.learners;
const rows = [
	...( await scenario(
		'POST video/progress/{id} (200 learners)',
		learnerSessions,
		progressRequest,
		TARGETS.progress
	) ),
];
const checks = [ await consistency() ];
rows.push(
	...( await scenario(
		'GET items/ (one-item learners)',
		learnerSessions,
		get( '/wp-json/library/v2/items/', gzip ),
		TARGETS.itemsLearner
	) ),
	...( await scenario(
		`GET items/ (${ seed.owners.length } owners of 1,000 items, gzip)`,
		seed.owners,
		get( '/wp-json/library/v2/items/', gzip ),
		TARGETS.itemsOwner
	) ),
	...( await scenario(
		`GET items/ (${ seed.owners.length } owners of 1,000 items, uncompressed)`,
		seed.owners,
		get( '/wp-json/library/v2/items/' ),
		null
	) ),
	...( await scenario(
		`GET items/?per_page=100 (${ seed.owners.length } owners of 1,000 items, gzip: one page)`,
		seed.owners,
		get( '/wp-json/library/v2/items/?per_page=100', gzip ),
		TARGETS.itemsOwner
	) ),
	...( await scenario(
		`GET items/ (${ seed.pageOwners.length } owners of 100 items: one page)`,
		seed.pageOwners,
		get( '/wp-json/library/v2/items/', gzip ),
		null
	) ),
	...( await scenario(
		`GET shareduserscontent/ (${ seed.teamOwners.length } owners of ${ seed.teamSize }-member teams)`,
		seed.teamOwners,
		get( '/wp-json/library/v2/shareduserscontent/', gzip ),
		TARGETS.team
	) )
);
checks.push( ...( await races() ) );

const verdict = ( row ) => {
	if ( ! row.target ) {
		return '';
	}
	return row.pass ? 'PASS' : 'FAIL';
};

// One table: load rows, then the checks (their outcome in the target column).
const table = [
	[
		'Scenario',
		'req/s',
		'ratio',
		'p50 ms',
		'p99 ms',
		'p99 ratio',
		'errors',
		'target',
		'result',
	],
];
for ( const r of rows ) {
	const isFloor = r.label.startsWith( '  floor' );
	table.push( [
		r.label,
		r.rps.toFixed( 0 ),
		isFloor ? '1.00' : r.rpsRatio.toFixed( 2 ),
		String( r.p50 ),
		String( r.p99 ),
		isFloor ? '1.00' : r.p99Ratio.toFixed( 2 ),
		String( r.errors ),
		r.targetText ?? ( isFloor ? '' : 'measured' ),
		verdict( r ),
	] );
}
for ( const c of checks ) {
	table.push( [
		c.label,
		'',
		'',
		'',
		'',
		'',
		'',
		c.detail,
		c.pass ? 'PASS' : 'FAIL',
	] );
}
const widths = table[ 0 ].map( ( _, i ) =>
	Math.max( ...table.map( ( line ) => line[ i ].length ) )
);
const text = table
	.map( ( line ) =>
		line
			.map( ( cell, i ) =>
				i === 0 || i === 7
					? cell.padEnd( widths[ i ] )
					: cell.padStart( widths[ i ] )
			)
			.join( '  ' )
			.trimEnd()
	)
	.join( '\n' );
// A window shorter than a few replies' time measures the queue, not the server (a loaded machine).
const slow = rows.filter( ( r ) => r.p50 * 4 > duration * 1000 );
const problems = [
	...( slow.length
		? [
				`median latency above a quarter of the ${ duration } s window in ${ slow.length } rows: the figures are unreliable; run with a longer --duration`,
			]
		: [] ),
	...checks.flatMap( ( c ) => c.problems ?? [] ),
	...rows
		.filter( ( r ) => r.errors )
		.map(
			( r ) =>
				`${ r.label.trim() }: statuses ${ JSON.stringify( r.statuses ) }`
		),
	...learners
		.filter( ( l ) => Object.keys( l.refusals ).length )
		.slice( 0, 5 )
		.map(
			( l ) =>
				`learner ${ l.session.id } refused: ${ JSON.stringify( l.refusals ) }`
		),
];
// eslint-disable-next-line no-console -- the report is the output.
console.log( [ text, ...problems.map( ( p ) => `! ${ p }` ) ].join( '\n' ) );
const passed =
	rows.every( ( r ) => ! r.target || r.pass ) &&
	checks.every( ( c ) => c.pass );
if ( options.out ) {
	fs.writeFileSync(
		options.out,
		JSON.stringify(
			{
				connections,
				duration,
				warmup,
				rounds,
				rows,
				checks,
				problems,
				passed,
			},
			null,
			2
		)
	);
}
process.exitCode = passed ? 0 : 1;
