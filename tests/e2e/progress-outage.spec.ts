/**
 * What the player measured survives an outage that outlasts the page (docs/rules/learning-and-progress.md,
 * "Watching: progress, activation, subtitles, media": the progress queue). A learner plays a workshop part for real while the platform
 * answers every progress report as it does without its database (500 `wp_die`, as JSON and as
 * WordPress's HTML error page) or behind a failing proxy (502, 503 with Retry-After, 504), or
 * does not answer at all; the learner leaves for the dashboard while playing; the outage ends;
 * the learner opens the portal again and the server holds the step the player had measured.
 *
 * The e2e site is SQLite behind PHP's built-in server, so the outage is played in front of the
 * site by a proxy (support/outage-proxy.ts: `page.route` does not see the keepalive report of a
 * page that is ending); the server's own value is read from its database (bin/wp-php).
 * Each run uses a new learner with an activated seat of the demo workshop (16 s parts).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DetailPage, logIn } from './support';
import { OutageProxy, type OutageAnswer } from './support/outage-proxy';
import {
	firstAcceptedStep,
	newWorkshopLearner,
	PROGRESS_QUEUE_KEY,
	PROGRESS_STEP,
	storedFirstPartPercent,
	workshopStepOf,
} from './support/workshop-learner';

const STEP = PROGRESS_STEP;
const QUEUE_KEY = PROGRESS_QUEUE_KEY;
const PASSWORD = 'outage-password-1';

const newLearner = ( name: string ) => newWorkshopLearner( name, PASSWORD );
const storedPercent = storedFirstPartPercent;
const stepOf = workshopStepOf;

/** How the platform answers reports during the outage, taking turns. */
const REFUSALS: OutageAnswer[] = [
	{
		status: 500,
		headers: { 'Content-Type': 'application/json; charset=UTF-8' },
		body: JSON.stringify( {
			code: 'wp_die',
			message: '<h1>Error establishing a database connection</h1>',
			data: { status: 500 },
			additional_errors: [],
		} ),
	},
	{
		status: 500,
		headers: { 'Content-Type': 'text/html; charset=utf-8' },
		body: '<!DOCTYPE html><html><head><title>Database Error</title></head><body><h1>Error establishing a database connection</h1></body></html>',
	},
	{
		status: 502,
		headers: { 'Content-Type': 'text/html' },
		body: '<html><body>502 Bad Gateway</body></html>',
	},
	{
		status: 503,
		headers: { 'Content-Type': 'text/html', 'Retry-After': '1' },
		body: '<html><body>503 Service Unavailable</body></html>',
	},
	{
		status: 504,
		headers: { 'Content-Type': 'text/html' },
		body: '<html><body>504 Gateway Timeout</body></html>',
	},
];

/**
 * Plays the part while the platform fails every report after the first accepted one, leaves
 * for the dashboard while playing, ends the outage and opens the portal again.
 *
 * @param browser The browser.
 * @param baseURL The site.
 * @param outage  Answers the n-th report of the outage.
 * @param prefix  Login prefix of the new learner.
 */
async function playThroughOutage(
	browser: Browser,
	baseURL: string,
	outage: ( attempt: number ) => OutageAnswer,
	prefix: string
): Promise< { measured: number; held: number } > {
	const proxy = new OutageProxy( new URL( baseURL ).host );
	// Chromium sends loopback addresses past a proxy unless told not to.
	const context = await browser.newContext( {
		baseURL,
		proxy: { server: await proxy.start(), bypass: '<-loopback>' },
	} );
	try {
		const page = await context.newPage();
		return await outageRun( page, proxy, outage, prefix );
	} finally {
		await context.close();
		await proxy.stop();
	}
}

async function outageRun(
	page: Page,
	proxy: OutageProxy,
	outage: ( attempt: number ) => OutageAnswer,
	prefix: string
): Promise< { measured: number; held: number } > {
	const { login, user, item } = newLearner( prefix );
	await logIn( page, login, PASSWORD, '/my-account/library' );
	const detail = new DetailPage( page );

	await detail.open( item );
	// The first step reaches the server (after the report that starts playing); from then on the
	// platform fails.
	const first = firstAcceptedStep( page );
	await detail.play( 1 );
	const firstStep = await first;
	proxy.answer = outage;
	expect( storedPercent( user, item ) ).toBe( firstStep );

	// A periodic report fails; the learner watches on for a while (so the last step measured is
	// newer than any periodic report), then leaves while the video plays.
	await expect
		.poll( () => proxy.refused.length, { timeout: 10_000 } )
		.toBeGreaterThan( 0 );
	const lastPeriodic = Math.max( ...proxy.refused );
	await expect
		.poll(
			async () => stepOf( ( await detail.videoState() ).currentTime ),
			{
				timeout: 10_000,
			}
		)
		.toBeGreaterThanOrEqual( lastPeriodic + 3 * STEP );
	const left = await detail.videoState();
	expect( left.paused ).toBe( false );
	const measured = stepOf( left.currentTime );
	expect( measured ).toBeGreaterThan( lastPeriodic );
	await page.goto( '/my-account/library' );
	await expect(
		page.getByRole( 'heading', { name: 'Dashboard' } )
	).toBeVisible();

	// Still down: the server holds the first step; the browser keeps what was measured.
	expect( storedPercent( user, item ) ).toBe( firstStep );
	const queued = await page.evaluate(
		( key ) =>
			JSON.parse( window.localStorage.getItem( key ) ?? '[]' ) as Array< {
				progress: number;
			} >,
		QUEUE_KEY
	);
	expect( queued ).toHaveLength( 1 );
	expect( queued[ 0 ]?.progress ).toBeGreaterThanOrEqual( measured );
	expect( Math.max( ...proxy.refused ) ).toBeGreaterThanOrEqual( measured );

	// The outage ends; the learner opens the portal again.
	proxy.answer = null;
	await page.goto( '/my-account/library' );
	await expect
		.poll( () => storedPercent( user, item ), {
			message: 'the server holds what the player measured',
			timeout: 15_000,
		} )
		.toBeGreaterThanOrEqual( measured );
	await expect
		.poll( () =>
			page.evaluate(
				( key ) => window.localStorage.getItem( key ),
				QUEUE_KEY
			)
		)
		.toBeNull();
	return { measured, held: storedPercent( user, item ) };
}

test.describe( 'progress during an outage', () => {
	test( 'refused as WordPress without its database (500 wp_die) or a proxy (502, 503, 504) answers: the next page sends what was measured', async ( {
		browser,
		baseURL,
	} ) => {
		test.slow();
		const { measured, held } = await playThroughOutage(
			browser,
			baseURL ?? '',
			( attempt ) => REFUSALS[ attempt % REFUSALS.length ] ?? 'no-reply',
			'outage-refused'
		);
		// To the 5% step: at most the one step the playhead may cross while the page closes.
		expect( held ).toBeGreaterThanOrEqual( measured );
		expect( held ).toBeLessThanOrEqual( measured + STEP );
	} );

	test( 'no reply at all: the next page sends what was measured', async ( {
		browser,
		baseURL,
	} ) => {
		test.slow();
		const { measured, held } = await playThroughOutage(
			browser,
			baseURL ?? '',
			() => 'no-reply',
			'outage-silent'
		);
		// To the 5% step: at most the one step the playhead may cross while the page closes.
		expect( held ).toBeGreaterThanOrEqual( measured );
		expect( held ).toBeLessThanOrEqual( measured + STEP );
	} );
} );
