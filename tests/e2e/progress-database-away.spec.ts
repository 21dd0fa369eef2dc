/**
 * The database goes away for real while a part plays
 * (docs/rules/platform.md, "Faults: the database away"): the e2e site's database cannot be reached while var/sites/e2e/database-away exists
 * (bin/site-config.php), so WordPress answers through the plugin's drop-in
 * (includes/dropins/db-error.php): 503, `database_unavailable`, Retry-After. The player keeps what
 * it measured and, on the same page, sends it again once the database is back.
 *
 * The fast part of the fault drill (npm run drill, which kills the production lane's MariaDB and
 * PHP-FPM workers) that fits the e2e suite: PHP's server, no process is signalled.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DetailPage, E2E_SITE, logIn } from './support';
import {
	firstAcceptedStep,
	newWorkshopLearner,
	playerStepOf,
	PROGRESS_QUEUE_KEY,
	PROGRESS_STEP,
	storedFirstPartPercent,
	workshopStepOf,
} from './support/workshop-learner';

const PASSWORD = 'db-away-password-1';
const AWAY_FLAG = resolve(
	__dirname,
	'../../var/sites',
	E2E_SITE,
	'database-away'
);

const isReport = ( url: string ) =>
	/\/library\/v2\/video\/progress\/\d+/.test( new URL( url ).pathname );

/**
 * The highest progress in the page's queue (0 when empty).
 *
 * @param page The portal page.
 */
const queuedProgress = ( page: Page ) =>
	page.evaluate( ( key ) => {
		const entries = JSON.parse(
			window.localStorage.getItem( key ) ?? '[]'
		) as Array< { progress: number } >;
		return Math.max( 0, ...entries.map( ( entry ) => entry.progress ) );
	}, PROGRESS_QUEUE_KEY );

test.afterEach( () => rmSync( AWAY_FLAG, { force: true } ) );

test( 'the database goes away while a part plays: the drop-in answers 503 with Retry-After, and the same page sends what was measured once it is back', async ( {
	page,
} ) => {
	test.slow();
	const { login, user, item } = newWorkshopLearner( 'db-away', PASSWORD );
	await logIn( page, login, PASSWORD, '/my-account/library' );
	const detail = new DetailPage( page );
	await detail.open( item );
	// The first step (after the report that starts playing) reaches the server.
	const first = firstAcceptedStep( page );
	await detail.play( 1 );
	// Its reply first, then the database: an expect() argument is read before the await beside it,
	// so on a busy machine the database was read before the step had reached the server.
	const firstStep = await first;
	expect( storedFirstPartPercent( user, item ) ).toBe( firstStep );

	// The database goes away: the next periodic report meets the drop-in.
	const refused = page.waitForResponse(
		( response ) => isReport( response.url() ) && response.status() === 503
	);
	writeFileSync( AWAY_FLAG, '' );
	const reply = await refused;
	expect( reply.headers()[ 'retry-after' ] ).toBe( '10' );
	expect( await reply.json() ).toMatchObject( {
		code: 'database_unavailable',
		data: { status: 503 },
	} );
	const refusedStep = Number(
		( reply.request().postDataJSON() as { progress: number } ).progress
	);

	// The learner watches on two steps and pauses: the pause's report is refused too.
	await expect
		.poll(
			async () =>
				workshopStepOf( ( await detail.videoState() ).currentTime ),
			{ timeout: 10_000 }
		)
		.toBeGreaterThanOrEqual( refusedStep + 2 * PROGRESS_STEP );
	await detail.pause();
	const measured = playerStepOf( await detail.videoState() );
	await expect
		.poll( () => queuedProgress( page ), {
			message: 'the page keeps what it measured',
		} )
		.toBe( measured );

	// The database is back; nobody reloads: the queue sends again after Retry-After.
	rmSync( AWAY_FLAG );
	await expect
		.poll( () => storedFirstPartPercent( user, item ), {
			message: 'the server holds what the player measured',
			timeout: 30_000,
		} )
		.toBe( measured );
	await expect
		.poll( () =>
			page.evaluate(
				( key ) => window.localStorage.getItem( key ),
				PROGRESS_QUEUE_KEY
			)
		)
		.toBeNull();
} );

test( 'the database is away from the start of a part: the server first hears of the part from the replay and takes what the time allows', async ( {
	page,
} ) => {
	test.slow();
	const { login, user, item } = newWorkshopLearner(
		'db-away-start',
		PASSWORD
	);
	await logIn( page, login, PASSWORD, '/my-account/library' );
	const detail = new DetailPage( page );
	await detail.open( item );
	const answers: string[] = [];
	page.on( 'response', async ( response ) => {
		if ( isReport( response.url() ) ) {
			const body = ( await response.json().catch( () => ( {} ) ) ) as {
				code?: string;
			};
			answers.push(
				`${ response.status() } ${ body.code ?? '' }`.trim()
			);
		}
	} );

	writeFileSync( AWAY_FLAG, '' );
	const refused = page.waitForResponse(
		( response ) => isReport( response.url() ) && response.status() === 503
	);
	await detail.play( 1 );
	await refused;
	await expect
		.poll(
			async () =>
				workshopStepOf( ( await detail.videoState() ).currentTime ),
			{ timeout: 10_000 }
		)
		.toBeGreaterThanOrEqual( 8 * PROGRESS_STEP );
	await detail.pause();
	const measured = playerStepOf( await detail.videoState() );
	await expect.poll( () => queuedProgress( page ) ).toBe( measured );

	rmSync( AWAY_FLAG );
	await expect
		.poll( () => storedFirstPartPercent( user, item ), {
			message: 'the server holds what the player measured',
			timeout: 40_000,
		} )
		.toBe( measured );
	// The server never heard the part before the replay: its clock starts there, and the 10 s loan
	// at 2x (20 s) covers a 16 s part, so the replay is taken (a longer part would be refused,
	// held and sent again every 5 s until the time allows it: docs/rules/learning-and-progress.md, "Progress jumps").
	await expect.poll( () => answers[ answers.length - 1 ] ).toBe( '200' );
	await expect
		.poll( () =>
			page.evaluate(
				( key ) => window.localStorage.getItem( key ),
				PROGRESS_QUEUE_KEY
			)
		)
		.toBeNull();
} );
