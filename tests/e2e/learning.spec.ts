/**
 * A learner's way through one training, in Chromium, on the seeded demo (dev/DemoSeeder.php):
 * the workshop plays through hls.js, its progress is saved and survives a reload, parts advance,
 * the test stays locked until every part is watched; the webinar's test is passed and its
 * certificate downloads as a PDF with the learner's name and verifies while logged out; the
 * e-manual asks before spending a seat. axe, layout shift and screenshots of these screens at
 * both widths are in experience.spec.ts.
 *
 * The demo owner's state at the start (a fresh e2e site): workshop "Trauma-Informed Care" part 1
 * 100 %, part 2 20 %, part 3 not started (16 s each); webinar "Anxiety in Children and
 * Adolescents" 95 % watched; e-manual "CBT Skills Workbook" with five seats, none activated.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import {
	axeViolations,
	credentials,
	DEMO_ANSWERS,
	DetailPage,
	itemIdByTitle,
	libraryItems,
	logIn,
	pdfText,
	portalGet,
	QuizPage,
	wpPhp,
} from './support';

const WORKSHOP = 'Trauma-Informed Care';
const WEBINAR = 'Anxiety in Children and Adolescents';
const MANUAL = 'CBT Skills Workbook';
const PART_SECONDS = 16;

const isProgressReport = ( response: Response ) =>
	response.request().method() === 'POST' &&
	/\/library\/v2\/video\/progress\/\d+/.test( response.url() );

async function progressOf( response: Response ): Promise< {
	part: number;
	progress: number;
	parts: number[];
	count: number;
	wholeRow: boolean;
} > {
	const sent = response.request().postDataJSON() as {
		part?: number;
		progress: number;
	};
	const reply = ( await response.json() ) as {
		data: {
			progress: { count: number; parts: Array< { count: number } > };
			item: unknown;
		};
	};
	return {
		part: sent.part ?? 0,
		progress: sent.progress,
		parts: reply.data.progress.parts.map( ( part ) => part.count ),
		count: reply.data.progress.count,
		wholeRow: reply.data.item !== null,
	};
}

async function openAs( page: Page, login: string ): Promise< void > {
	const user = credentials( login );
	await logIn( page, user.login, user.password, '/my-account/library' );
}

test.describe( 'learning', () => {
	test.beforeEach( async ( { page } ) => {
		await openAs( page, 'demo-owner' );
	} );

	test( 'the workshop plays through hls.js, saves progress, resumes after a reload, advances parts and keeps the test locked', async ( {
		page,
	} ) => {
		test.slow(); // Real playback: about 15 s of video at 2×.
		const detail = new DetailPage( page );
		const id = await itemIdByTitle( page, WORKSHOP );
		// The demo's state of the workshop (part 1 watched, part 2 at 20 %), whatever an earlier
		// try of this test left behind.
		wpPhp(
			`global $wpdb; $user = get_user_by( 'login', '${
				credentials( 'demo-owner' ).login
			}' )->ID; $wpdb->delete( $wpdb->prefix . 'lp_progress', array( 'user_id' => $user, 'product_id' => ${ id } ) ); $services = LibraryPortal\\Services::on( $wpdb ); $services->progress->record( $user, ${ id }, 0, 100, time() - 3600 ); $services->progress->record( $user, ${ id }, 1, 20, time() - 3600 );`
		);
		const manifests: string[] = [];
		page.on( 'request', ( request ) => {
			if ( request.url().endsWith( '.m3u8' ) ) {
				manifests.push( request.resourceType() );
			}
		} );

		await detail.open( id );
		await expect(
			page.getByRole( 'heading', { level: 1, name: WORKSHOP } )
		).toBeVisible();
		// The first part below 100 % is chosen; the test waits for parts 2 and 3.
		await expect( detail.partButton( 2, 3 ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		await expect(
			page.getByRole( 'button', { name: 'Take Test', exact: true } )
		).toBeDisabled();
		await expect( detail.testMessage ).toHaveText(
			'You need to watch at least 95% of each part before taking the test. Incomplete parts: Part 2 (20%), Part 3 (0%)'
		);

		// Nothing of the video loads before the learner presses Play.
		expect( manifests ).toEqual( [] );

		// Play, then 2×: time advances and a progress step is saved. (Playing starts with a report
		// of the saved step, which starts the server's watching clock: docs/rules/learning-and-progress.md, "Progress jumps".)
		const firstReport = page.waitForResponse(
			( response ) =>
				isProgressReport( response ) &&
				response.ok() &&
				( response.request().postDataJSON() as { progress: number } )
					.progress > 20
		);
		// Played by hls.js: the element's source is a MediaSource object URL and the playlist
		// was fetched by script, not by the media element.
		const start = await detail.pressPlay();
		expect( start.src ).toMatch( /^blob:/ );
		expect( manifests ).toContain( 'xhr' );
		expect( manifests ).not.toContain( 'media' );
		// Resumed where part 2 stopped (20 % of 16 s).
		expect( start.startedAt ).toBeGreaterThan( 0.15 * PART_SECONDS );
		expect( start.startedAt ).toBeLessThan( 0.25 * PART_SECONDS );
		await detail.play( 2 );
		const saved = await progressOf( await firstReport );
		expect( saved.part ).toBe( 1 );
		expect( saved.progress ).toBeGreaterThan( 20 );
		// An activated seat and no status moved: the reply is the progress alone (the short
		// path), and the page shows the server's new figure.
		expect( saved.wholeRow ).toBe( false );
		await expect( page.getByTestId( 'lp-watched-badge' ) ).toHaveText(
			`${ saved.count }% Watched`
		);
		expect( ( await detail.videoState() ).currentTime ).toBeGreaterThan(
			start.startedAt
		);
		expect( ( await detail.videoState() ).playbackRate ).toBe( 2 );
		// English subtitles, through the server's proxy, are on by default.
		await expect
			.poll( () =>
				detail.video.evaluate( ( element: HTMLVideoElement ) => {
					const track = element.textTracks[ 0 ];
					return `${ track?.language } ${ track?.mode } ${
						track?.cues?.length ?? 0
					}`;
				} )
			)
			.toBe( 'en showing 4' );
		await detail.screenshot( 'learning-workshop-playing' );

		// Pause: a final report when the playhead reached a step not saved yet (none when it stalled
		// on the saved one, as on a loaded machine: the tracker sends only new steps); then the
		// server holds where it stopped, and a reload resumes there.
		const finalReport = page
			.waitForResponse(
				( response ) => isProgressReport( response ) && response.ok(),
				{ timeout: 10_000 }
			)
			.catch( () => null );
		await detail.pause();
		await finalReport;
		const stored = await portalGet< {
			progress: { parts: Array< { count: number } > };
		} >( page, `video/${ id }` );
		const paused = {
			parts: stored.progress.parts.map( ( part ) => part.count ),
		};
		expect( paused.parts[ 1 ] ).toBeGreaterThanOrEqual( saved.progress );
		expect( paused.parts[ 1 ] ).toBeLessThan( 98 );

		await page.reload();
		await expect( detail.partButton( 2, 3 ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		// The server's figure, before playing again moves it on.
		await expect( detail.testMessage ).toContainText(
			`Part 2 (${ paused.parts[ 1 ] }%)`
		);
		const resumed = await detail.pressPlay();
		expect( resumed.startedAt ).toBeCloseTo(
			( ( paused.parts[ 1 ] ?? 0 ) / 100 ) * PART_SECONDS,
			0
		);

		// To the end of part 2: it is complete and part 3 follows by itself.
		const complete = page.waitForResponse(
			async ( response ) =>
				isProgressReport( response ) &&
				response.ok() &&
				( await progressOf( response ) ).progress === 100
		);
		await detail.play( 2 );
		expect( ( await progressOf( await complete ) ).parts[ 1 ] ).toBe( 100 );
		await expect( detail.partButton( 3, 3 ) ).toHaveAttribute(
			'aria-pressed',
			'true',
			{ timeout: 10_000 }
		);
		await expect(
			page.getByRole( 'heading', { level: 2, name: 'Part 3' } )
		).toBeVisible();
		// Only part 3 is left (it starts by itself, so it may have a step of its own by now).
		await expect( detail.testMessage ).toHaveText(
			/^You need to watch at least 95% of each part before taking the test\. Incomplete parts: Part 3 \(\d+%\)$/
		);
		await detail.waitForMetadata();
		// Part 3 opens at its start (nothing saved to resume); it starts by itself where the
		// browser allows it, so where it began is what its played ranges say.
		const startedAt = await detail.video.evaluate(
			( element: HTMLVideoElement ) =>
				element.played.length > 0
					? element.played.start( 0 )
					: element.currentTime
		);
		expect( startedAt ).toBeLessThan( 1 );
		await detail.screenshot( 'learning-workshop-part-3' );

		// Part 3 at 1×, paused and resumed: every second watched counts, and it reaches 100 %.
		const thirdComplete = page.waitForResponse(
			async ( response ) =>
				isProgressReport( response ) &&
				response.ok() &&
				( await progressOf( response ) ).progress === 100,
			{ timeout: 40_000 }
		);
		await detail.play( 1 );
		await expect
			.poll( async () => ( await detail.videoState() ).currentTime, {
				timeout: 15_000,
			} )
			.toBeGreaterThan( 6 );
		await detail.pause();
		// A real pause: the page's own clock moves on by a few seconds while the player stays
		// paused (a state the page reports, not a sleep of the test's).
		const pausedAt = await page.evaluate( () => performance.now() );
		await page.waitForFunction(
			( since ) =>
				( document.querySelector( 'video' ) as HTMLVideoElement )
					.paused && performance.now() - since >= 3_000,
			pausedAt,
			{ timeout: 30_000 }
		);
		expect( ( await detail.videoState() ).paused ).toBe( true );
		await detail.play( 1 );
		const last = await progressOf( await thirdComplete );
		expect( last.part ).toBe( 2 );
		expect( last.parts ).toEqual( [ 100, 100, 100 ] );
	} );

	test( 'the webinar test is passed; the certificate is a PDF with the learner’s name and verifies while logged out', async ( {
		page,
		browser,
	} ) => {
		const detail = new DetailPage( page );
		const id = await itemIdByTitle( page, WEBINAR );
		const answers = DEMO_ANSWERS[ WEBINAR ] ?? [];
		await detail.open( id );
		// 95 % watched: the test is open, in a new tab.
		await expect( detail.takeTestLink ).toHaveAttribute(
			'target',
			'_blank'
		);
		await expect( detail.takeTestLink ).toHaveAttribute(
			'href',
			new RegExp( `/quiz/${ id }$` )
		);

		const quiz = new QuizPage( page );
		const questions = page.waitForResponse(
			( response ) =>
				response.request().method() === 'GET' &&
				response.url().includes( `/library/v2/quiz/${ id }` )
		);
		await quiz.open( id );
		// The page is given the questions and answers, never which answer is right.
		const sent = await ( await questions ).text();
		expect( sent ).toContain( answers[ 0 ] ?? '' );
		expect( sent ).not.toMatch( /"correct"/ );
		await expect(
			page.getByRole( 'heading', {
				level: 1,
				name: `Test: ${ WEBINAR }`,
			} )
		).toBeVisible();
		await quiz.answer( answers );
		await quiz.submit();
		await expect(
			quiz.result.getByRole( 'heading', { name: 'You passed the test' } )
		).toBeFocused();
		await expect( quiz.result ).toContainText( 'Your score: 100%' );
		await quiz.screenshot( 'learning-test-passed' );
		// The result screen too (its certificate link once lost its text colour to the link style).
		expect( await axeViolations( page ) ).toEqual( [] );

		const downloadLink = quiz.certificate.getByRole( 'link', {
			name: 'Download certificate',
		} );
		const verifyLink = quiz.certificate.getByRole( 'link', {
			name: /^Verify certificate/,
		} );
		await expect( downloadLink ).toHaveAttribute(
			'href',
			/\/certificate\/[^/]+\/download$/
		);
		await expect( verifyLink ).toHaveAttribute(
			'href',
			/\/certificate\/verify\/[^/]+$/
		);
		const download = await downloadLink.evaluate(
			( link: HTMLAnchorElement ) => link.href
		);
		const verify = await verifyLink.evaluate(
			( link: HTMLAnchorElement ) => link.href
		);

		// The page's cookies fetch the certificate.
		const pdf = await page.request.get( download );
		expect( pdf.status() ).toBe( 200 );
		expect( pdf.headers()[ 'content-type' ] ).toContain(
			'application/pdf'
		);
		const body = await pdf.body();
		expect( body.subarray( 0, 5 ).toString( 'latin1' ) ).toBe( '%PDF-' );
		const text = pdfText( body );
		expect( text ).toContain( 'Olivia Bennett' );
		expect( text ).toContain( WEBINAR );

		// Someone else logged in: not found, as an unknown code.
		const colleague = await browser.newContext();
		try {
			const member = credentials( 'demo-member' );
			await logIn(
				await colleague.newPage(),
				member.login,
				member.password
			);
			const foreign = await colleague.request.get( download );
			expect( foreign.status() ).toBe( 404 );
			expect(
				( await foreign.body() ).subarray( 0, 5 ).toString()
			).not.toBe( '%PDF-' );
		} finally {
			await colleague.close();
		}

		// Without cookies: the download sends to the login, the verify page answers.
		const visitor = await browser.newContext();
		try {
			const refused = await visitor.request.get( download, {
				maxRedirects: 0,
			} );
			expect( refused.status() ).toBe( 302 );
			expect( refused.headers().location ).toContain( '/wp-login.php' );
			const stranger = await visitor.newPage();
			const reply = await stranger.goto( verify );
			expect( reply?.status() ).toBe( 200 );
			await expect( stranger.locator( 'body' ) ).toContainText(
				/valid/i
			);
			await expect( stranger.locator( 'body' ) ).toContainText(
				'Olivia Bennett'
			);
			await expect( stranger.locator( 'body' ) ).toContainText( WEBINAR );
			await expect( stranger.locator( 'body' ) ).not.toContainText(
				/revoked/i
			);
			for ( const width of [ 1280, 390 ] ) {
				await stranger.setViewportSize( { width, height: 900 } );
				await stranger.screenshot( {
					path: `artifacts/screenshots/certificate-verify-${ width }.png`,
					fullPage: true,
				} );
			}
		} finally {
			await visitor.close();
		}
	} );

	test( 'the e-manual asks before activating a seat, then downloads the PDF', async ( {
		page,
	} ) => {
		const detail = new DetailPage( page );
		const id = await itemIdByTitle( page, MANUAL );
		const activations: string[] = [];
		page.on( 'request', ( request ) => {
			if ( request.url().includes( '/activate-manual-license/' ) ) {
				activations.push( request.method() );
			}
		} );
		await detail.open( id );

		const button = page.getByRole( 'button', {
			name: 'Download',
			exact: true,
		} );
		const dialog = page.getByRole( 'dialog', {
			name: 'Activate a license?',
		} );

		// Cancel spends nothing and gives focus back.
		await button.click();
		await expect( dialog ).toContainText(
			`Downloading this manual will activate one of your licenses for "${ MANUAL }".`
		);
		await dialog.getByRole( 'button', { name: 'Cancel' } ).click();
		await expect( dialog ).toBeHidden();
		await expect( button ).toBeFocused();
		expect( activations ).toEqual( [] );

		await button.click();
		await detail.screenshot( 'learning-manual-confirm' );
		const [ file ] = await Promise.all( [
			page.waitForEvent( 'download' ),
			dialog
				.getByRole( 'button', { name: 'Activate and download' } )
				.click(),
		] );
		expect( activations ).toEqual( [ 'POST' ] );
		expect( file.suggestedFilename() ).toBe( 'cbt-skills-workbook.pdf' );
		const stream = await file.createReadStream();
		const chunks: Buffer[] = [];
		for await ( const chunk of stream ) {
			chunks.push( chunk as Buffer );
		}
		expect( Buffer.concat( chunks ).subarray( 0, 5 ).toString() ).toBe(
			'%PDF-'
		);

		// One seat is now activated: the list says so, and a second download asks nothing.
		const items = await libraryItems< {
			title: string;
			download_link: string;
		} >( page );
		expect(
			items.find( ( item ) => item.title === MANUAL )?.download_link
		).toMatch( /\.pdf$/ );
		await Promise.all( [
			page.waitForEvent( 'download' ),
			button.click(),
		] );
		await expect( dialog ).toBeHidden();
	} );

	test( 'the focused video answers K, the arrows and M, each press once', async ( {
		page,
	} ) => {
		const detail = new DetailPage( page );
		await detail.open( await itemIdByTitle( page, WORKSHOP ) );
		const state = () => detail.videoState();
		await detail.video.focus();

		// K plays (nothing was loaded before it: the key is what loads the video) and pauses. (Space is toggled by Chromium's own controls as well as by the
		// player, so it plays and pauses at once: an open finding, see docs/frontend.md.)
		await page.keyboard.press( 'k' );
		await expect
			.poll( async () => ( await state() ).paused, {
				message: 'K plays',
			} )
			.toBe( false );
		const playing = ( await state() ).currentTime;
		await expect
			.poll( async () => ( await state() ).currentTime, {
				message: 'and it keeps playing',
			} )
			.toBeGreaterThan( playing + 0.5 );
		await page.keyboard.press( 'k' );
		await expect
			.poll( async () => ( await state() ).paused, {
				message: 'K pauses',
			} )
			.toBe( true );

		// Arrow right seeks 5 s, once.
		await detail.video.evaluate( ( element: HTMLVideoElement ) => {
			element.currentTime = 2;
		} );
		await page.keyboard.press( 'ArrowRight' );
		await expect
			.poll( async () => ( await state() ).currentTime )
			.toBeCloseTo( 7, 0 );

		await page.keyboard.press( 'm' );
		expect(
			await detail.video.evaluate(
				( element: HTMLVideoElement ) => element.muted
			)
		).toBe( true );
	} );
} );
