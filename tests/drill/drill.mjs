/**
 * The fault drill (npm run drill, bin/drill: docs/rules/platform.md "Faults: the drill"). A learner plays
 * the demo workshop in Chromium on the production lane (nginx + PHP-FPM + MariaDB) while:
 * A. the lane's MariaDB is killed (SIGKILL, by the pid in var/run/mariadb.pid) during part 1 and
 *    started again 5 s later (bin/mariadb start: InnoDB recovers);
 * B. during part 2, the lane's PHP-FPM workers (the children of the master in var/run/prod-fpm.pid)
 *    are killed (SIGKILL) while a progress report is in flight, a few times.
 * The learner then pauses, the page's progress queue empties, and the drill checks:
 * - the server holds what the player measured, per part, to the 5% step;
 * - no report the server acknowledged (200) is missing: every part holds at least the highest
 *   value a 200 reply said it held (logged from the browser side);
 * - CHECK TABLE is OK on every table of the plugin (Schema::TABLES).
 * Prints one table, saves artifacts/drill.txt and artifacts/drill.json, exits 1 when a check fails.
 *
 * Usage (bin/drill makes the learner): node tests/drill/drill.mjs --url <lane> --login <login>
 *   --password <password> --user <id> --item <id> --tables <comma-separated table names>
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { chromium } from '@playwright/test';

const require = createRequire( import.meta.url );
const chromiumLaunch = require( '../chromium.cjs' );
const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../..'
);
const { values: options } = parseArgs( {
	options: {
		url: { type: 'string' },
		login: { type: 'string' },
		password: { type: 'string' },
		user: { type: 'string' },
		item: { type: 'string' },
		tables: { type: 'string' },
		'db-down': { type: 'string', default: '5' },
		'fpm-kills': { type: 'string', default: '3' },
	},
} );
const baseUrl = options.url;
const userId = Number( options.user );
const itemId = Number( options.item );
const tables = ( options.tables ?? '' ).split( ',' ).filter( Boolean );
const dbDownSeconds = Number( options[ 'db-down' ] );
const fpmKills = Number( options[ 'fpm-kills' ] );
const STEP = 5;
const QUEUE_KEY = 'library-portal:pending-progress';
const runDir = path.join( root, 'var/run' );

const sleep = ( ms ) => new Promise( ( resolve ) => setTimeout( resolve, ms ) );
const log = ( text ) =>
	process.stdout.write(
		`[${ new Date().toISOString().slice( 11, 23 ) }] ${ text }\n`
	);

/**
 * SQL through the lane's MariaDB as root (bin/mariadb client), tab-separated rows.
 * @param {string} query SQL.
 */
function sql( query ) {
	return execFileSync(
		path.join( root, 'bin/mariadb' ),
		[ 'client', '-N', '-B', '-e', query, 'lp_prod' ],
		{ encoding: 'utf8' }
	)
		.trim()
		.split( '\n' )
		.filter( Boolean )
		.map( ( line ) => line.split( '\t' ) );
}

/**
 * The pid in one of this checkout's pid files, only when that process is what the file says it is
 * (its command line names this checkout), so the drill never signals another engineer's process.
 * @param {string} file        Pid file in var/run.
 * @param {string} mustContain What the process's command line holds.
 */
function ownPid( file, mustContain ) {
	const pid = Number(
		fs.readFileSync( path.join( runDir, file ), 'utf8' ).trim()
	);
	const cmdline = fs
		.readFileSync( `/proc/${ pid }/cmdline`, 'utf8' )
		.replace( /\0/g, ' ' );
	if ( ! cmdline.includes( mustContain ) ) {
		throw new Error( `pid ${ pid } (${ file }) is not ours: ${ cmdline }` );
	}
	return pid;
}

/** The PHP-FPM workers of the lane: the children of its master. */
function fpmWorkers() {
	const master = ownPid(
		'prod-fpm.pid',
		path.join( root, 'var/prod/php-fpm.conf' )
	);
	return fs
		.readFileSync( `/proc/${ master }/task/${ master }/children`, 'utf8' )
		.trim()
		.split( /\s+/ )
		.filter( Boolean )
		.map( Number );
}

const isReport = ( url ) =>
	/\/library\/v2\/video\/progress\/\d+/.test( new URL( url ).pathname );

const stored = () => {
	const parts = {};
	for ( const [ part, percent ] of sql(
		`SELECT part_index, percent FROM wp_lp_progress WHERE user_id = ${ userId } AND product_id = ${ itemId }`
	) ) {
		parts[ Number( part ) ] = Number( percent );
	}
	return parts;
};

async function main() {
	const browser = await chromium.launch( {
		...chromiumLaunch,
		headless: true,
	} );
	const context = await browser.newContext( { baseURL: baseUrl } );
	const page = await context.newPage();
	const events = []; // Every progress report the browser saw answered (or fail).
	const acknowledged = {}; // part → highest value a 200 reply said the server holds.
	let onReportRequest = null;

	page.on( 'request', ( request ) => {
		if ( request.method() === 'POST' && isReport( request.url() ) ) {
			onReportRequest?.( request );
		}
	} );
	page.on( 'requestfinished', async ( request ) => {
		if ( request.method() !== 'POST' || ! isReport( request.url() ) ) {
			return;
		}
		const response = await request.response();
		const body = request.postDataJSON() ?? {};
		const status = response?.status() ?? 0;
		let held = null;
		const reply = await response?.json().catch( () => null );
		const code = status === 200 ? '' : String( reply?.code ?? '' );
		if ( status === 200 ) {
			const parts = reply?.data?.progress?.parts ?? [];
			held = Number( parts[ body.part ]?.count ?? body.progress );
			acknowledged[ body.part ] = Math.max(
				acknowledged[ body.part ] ?? 0,
				held
			);
		}
		events.push( {
			at: Date.now(),
			part: body.part,
			progress: body.progress,
			status,
			code,
			held,
		} );
		log(
			`report part ${ body.part } ${ body.progress }% → ${ status }${ code ? ` ${ code }` : '' }${ held === null ? '' : ` (server holds ${ held })` }`
		);
	} );
	page.on( 'requestfailed', ( request ) => {
		if ( request.method() === 'POST' && isReport( request.url() ) ) {
			const body = request.postDataJSON() ?? {};
			events.push( {
				at: Date.now(),
				part: body.part,
				progress: body.progress,
				status: 0,
				code: '',
				held: null,
			} );
			log(
				`report part ${ body.part } ${ body.progress }% → no reply (${ request.failure()?.errorText })`
			);
		}
	} );

	// Log in through the form, open the workshop, play part 1 muted at 1x.
	await page.goto(
		`/wp-login.php?redirect_to=${ encodeURIComponent( '/my-account/library' ) }`
	);
	await page.locator( '#user_login' ).fill( options.login );
	await page.locator( '#user_pass' ).fill( options.password );
	await Promise.all( [
		page.waitForURL(
			( url ) => ! url.pathname.endsWith( '/wp-login.php' ),
			{ timeout: 30000 }
		),
		page.locator( '#wp-submit' ).click(),
	] );
	await page.goto( `/my-account/library/videos/${ itemId }` );
	const video = page.getByTestId( 'lp-player-video' );
	await video.waitFor( { timeout: 30000 } );
	const state = () =>
		video.evaluate( ( element ) => ( {
			currentTime: element.currentTime,
			duration: element.duration,
			paused: element.paused,
			ended: element.ended,
			src: element.currentSrc,
		} ) );
	const waitFor = async ( test, what, timeout = 60000 ) => {
		const until = Date.now() + timeout;
		while ( Date.now() < until ) {
			const value = await test();
			if ( value ) {
				return value;
			}
			await sleep( 100 );
		}
		throw new Error( `timed out waiting for ${ what }` );
	};
	const play = () =>
		video.evaluate( async ( element ) => {
			element.muted = true;
			await element.play();
		} );
	const partLabel = () =>
		page
			.getByRole( 'group', { name: 'Video parts' } )
			.getByRole( 'button', { pressed: true } )
			.textContent()
			.catch( () => '' );
	await waitFor(
		async () => ( await state() ).duration > 0,
		'the video metadata'
	);
	await play();

	// A. The database goes away for dbDownSeconds during part 1 (after a first accepted step).
	await waitFor(
		() => ( acknowledged[ 0 ] ?? 0 ) >= STEP,
		'a first acknowledged step'
	);
	const mariadbPid = ownPid(
		'mariadb.pid',
		path.join( root, 'var/mariadb' )
	);
	const downAt = Date.now();
	process.kill( mariadbPid, 'SIGKILL' );
	log(
		`MariaDB killed (pid ${ mariadbPid }) at part 1 ${ ( await state() ).currentTime.toFixed( 1 ) } s`
	);
	await sleep( dbDownSeconds * 1000 );
	execFileSync( path.join( root, 'bin/mariadb' ), [ 'start' ], {
		stdio: 'inherit',
	} );
	const upAt = Date.now();
	log(
		`MariaDB started again after ${ ( ( upAt - downAt ) / 1000 ).toFixed( 1 ) } s`
	);

	// Part 1 plays to its end; the player moves to part 2 (started here if it waits for a gesture).
	await waitFor( async () => ( await state() ).ended, 'the end of part 1' );
	const part1Src = ( await state() ).src;
	await waitFor( async () => {
		const now = await state();
		return now.src !== part1Src && now.duration > 0;
	}, 'part 2' );
	if ( ( await state() ).paused ) {
		await play();
	}
	log( `part 2 playing (${ await partLabel() })` );

	// B. PHP-FPM workers killed while a report is in flight, fpmKills times (0, 20, 40 ms after it left).
	const killed = [];
	for ( let kill = 0; kill < fpmKills; kill++ ) {
		await new Promise( ( resolve ) => {
			onReportRequest = ( request ) => {
				onReportRequest = null;
				const body = request.postDataJSON() ?? {};
				setTimeout( () => {
					const pids = fpmWorkers();
					for ( const pid of pids ) {
						try {
							process.kill( pid, 'SIGKILL' );
						} catch {
							// Gone already (the master replaces workers).
						}
					}
					killed.push( {
						part: body.part,
						progress: body.progress,
						pids,
					} );
					log(
						`PHP-FPM workers killed (${ pids.join( ' ' ) }) with report part ${ body.part } ${ body.progress }% in flight`
					);
					resolve();
				}, kill * 20 );
			};
		} );
	}

	// Watch on a little after the last kill, then pause: what the player measured.
	await sleep( 3000 );
	await video.evaluate( ( element ) => element.pause() );
	const paused = await state();
	const measured = {
		0: 100,
		1:
			Math.floor(
				( paused.currentTime / paused.duration ) * ( 100 / STEP )
			) * STEP,
	};
	log(
		`paused part 2 at ${ paused.currentTime.toFixed( 2 ) } s of ${ paused.duration.toFixed( 2 ) } s: measured ${ measured[ 1 ] }%`
	);

	// The queue empties (retries after Retry-After / backoff), at most 90 s.
	await waitFor(
		() =>
			page.evaluate(
				( key ) =>
					window.localStorage.getItem( key ) === null ||
					window.localStorage.getItem( key ) === '[]',
				QUEUE_KEY
			),
		'the progress queue to empty',
		90000
	).catch( () => log( 'the progress queue did not empty within 90 s' ) );
	await sleep( 500 );
	const queued = await page.evaluate(
		( key ) => window.localStorage.getItem( key ),
		QUEUE_KEY
	);
	await browser.close();

	// The checks.
	const held = stored();
	const checks = [];
	for ( const part of [ 0, 1 ] ) {
		checks.push( {
			check: `part ${ part + 1 }: server holds what the player measured`,
			expected: `${ measured[ part ] }%`,
			got: `${ held[ part ] ?? 0 }%`,
			ok: ( held[ part ] ?? 0 ) === measured[ part ],
		} );
	}
	const missing = Object.entries( acknowledged ).filter(
		( [ part, value ] ) => ( held[ part ] ?? 0 ) < value
	);
	checks.push( {
		check: 'acknowledged (200) writes all held',
		expected: `${ events.filter( ( event ) => event.status === 200 ).length } replies, 0 missing`,
		got: missing.length
			? missing
					.map(
						( [ part, value ] ) =>
							`part ${ Number( part ) + 1 } acked ${ value }, holds ${ held[ part ] ?? 0 }`
					)
					.join( '; ' )
			: '0 missing',
		ok: missing.length === 0,
	} );
	const checked = sql(
		`CHECK TABLE ${ tables.map( ( table ) => `\`${ table }\`` ).join( ', ' ) }`
	);
	const notOk = checked.filter(
		( row ) => row[ 2 ] === 'status' && row[ 3 ] !== 'OK'
	);
	const statusRows = checked.filter( ( row ) => row[ 2 ] === 'status' );
	checks.push( {
		check: 'CHECK TABLE on every plugin table',
		expected: `${ tables.length } OK`,
		got:
			notOk.length || statusRows.length !== tables.length
				? checked.map( ( row ) => row.join( ' ' ) ).join( '; ' )
				: `${ statusRows.length } OK`,
		ok: notOk.length === 0 && statusRows.length === tables.length,
	} );
	checks.push( {
		check: 'progress queue empty in the browser',
		expected: 'empty',
		got: queued === null || queued === '[]' ? 'empty' : queued,
		ok: queued === null || queued === '[]',
	} );

	// Reports the portal itself refused (409 progress_too_fast, …) are final: the queue drops them. Not a
	// failure of the drill when the checks above hold, but worth reading (docs/rules/platform.md "Faults: the drill").
	const refusedByPortal = events.filter(
		( event ) => event.status >= 400 && event.status < 500
	);
	const during = ( from, to ) =>
		events.filter( ( event ) => event.at >= from && event.at <= to );
	const outage = during( downAt, upAt + 1000 );
	const answerOf = ( event ) =>
		event.status
			? `${ event.status }${ event.code ? ` ${ event.code }` : '' }`
			: 'no reply';
	const statusCounts = ( list ) =>
		Object.entries(
			list.reduce(
				( counts, event ) => ( {
					...counts,
					[ answerOf( event ) ]:
						( counts[ answerOf( event ) ] ?? 0 ) + 1,
				} ),
				{}
			)
		)
			.map( ( [ status, count ] ) => `${ count }× ${ status }` )
			.join( ', ' ) || 'none';
	const cutStatuses = events.filter(
		( event ) => event.status !== 200 && event.at > upAt + 1000
	);
	const lines = [
		`Fault drill: production lane ${ baseUrl } (nginx + PHP-FPM + MariaDB), Chromium, learner ${ userId }, item ${ itemId }, ${ new Date().toISOString() }`,
		`A. MariaDB pid ${ mariadbPid } killed, started again after ${ ( ( upAt - downAt ) / 1000 ).toFixed( 1 ) } s; reports answered meanwhile: ${ statusCounts( outage ) }`,
		`B. PHP-FPM workers killed ${ killed.length }× with a report in flight (${ killed.map( ( kill ) => `part ${ kill.part + 1 } ${ kill.progress }%: ${ kill.pids.length } workers` ).join( '; ' ) }); reports not answered 200 after A: ${ statusCounts( cutStatuses ) }`,
		`Reports: ${ events.length } (${ statusCounts( events ) }); highest acknowledged per part: ${ JSON.stringify( acknowledged ) }; stored: ${ JSON.stringify( held ) }`,
		`Refused by the portal (a too-fast claim of a part whose report was lost is held and sent again): ${ refusedByPortal.length ? refusedByPortal.map( ( event ) => `part ${ event.part + 1 } ${ event.progress }% ${ answerOf( event ) }` ).join( '; ' ) : 'none' }`,
		'',
		'| Check | Expected | Got | Result |',
		'|---|---|---|---|',
		...checks.map(
			( row ) =>
				`| ${ row.check } | ${ row.expected } | ${ row.got } | ${ row.ok ? 'PASS' : 'FAIL' } |`
		),
	];
	const text = lines.join( '\n' );
	process.stdout.write( `\n${ text }\n` );
	fs.mkdirSync( path.join( root, 'artifacts' ), { recursive: true } );
	fs.writeFileSync( path.join( root, 'artifacts/drill.txt' ), `${ text }\n` );
	fs.writeFileSync(
		path.join( root, 'artifacts/drill.json' ),
		JSON.stringify(
			{
				measured,
				held,
				acknowledged,
				killed,
				mariadbPid,
				downSeconds: ( upAt - downAt ) / 1000,
				events,
				checks,
			},
			null,
			'\t'
		)
	);
	return checks.every( ( row ) => row.ok ) ? 0 : 1;
}

main().then(
	( code ) => process.exit( code ),
	( error ) => {
		process.stderr.write( `drill failed: ${ error.stack ?? error }\n` );
		process.exit( 2 );
	}
);
