/**
 * When a part of the demo workshop (3 parts of 16 s) ends, the player says
 * 'Next part in 1 s' and one second later the next part plays by itself (the next
 * part starts 1 second after one completes), with focus on its video. Where the browser's
 * autoplay rules refuse that start (a page whose play() with sound needs a fresh press, as a
 * phone's browser may), a Play button takes focus and Enter starts the part. And the player's Retry hands focus
 * to the video it loads again, not to the page.
 * Photos at 1280 and 390 px: artifacts/screenshots/part-advance-*.png.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS_DIR, checkScreens, DetailPage, logIn } from './support';
import { newWorkshopLearner } from './support/workshop-learner';

const PASSWORD = 'part-advance-Pass-37';

interface MediaTimes {
	ended: number[];
	playing: number[];
}

/**
 * Notes, in the page, when each part's video ends and when one starts playing (media events do
 * not bubble: caught on their way down).
 *
 * @param page The item's page.
 */
async function recordMediaTimes( page: Page ): Promise< void > {
	await page.evaluate( () => {
		const times = { ended: [] as number[], playing: [] as number[] };
		( window as unknown as { mediaTimes: typeof times } ).mediaTimes =
			times;
		document.addEventListener(
			'ended',
			() => times.ended.push( performance.now() ),
			true
		);
		document.addEventListener(
			'playing',
			() => times.playing.push( performance.now() ),
			true
		);
	} );
}

const mediaTimes = ( page: Page ) =>
	page.evaluate(
		() => ( window as unknown as { mediaTimes: MediaTimes } ).mediaTimes
	);

/**
 * A photo of the player as it is now (the next-part notice lasts one second: no full page).
 *
 * @param page Page.
 * @param name File name stem.
 */
async function photo( page: Page, name: string ): Promise< void > {
	await page.screenshot( {
		path: path.join( ARTIFACTS_DIR, 'screenshots', `${ name }.png` ),
	} );
}

test( 'a part played to its end: "Next part in 1 s", then the next part plays by itself', async ( {
	page,
} ) => {
	test.slow();
	const { login, item } = newWorkshopLearner( 'part-advance', PASSWORD );
	await logIn( page, login, PASSWORD, '/my-account/library' );
	const detail = new DetailPage( page );
	await detail.open( item );
	await recordMediaTimes( page );

	// The learner presses Play and lets part 1 run to its end, at normal speed.
	await page
		.getByTestId( 'lp-detail' )
		.getByRole( 'button', { name: 'Play', exact: true } )
		.click();
	await expect( detail.video ).toBeFocused();
	await expect
		.poll( async () => ( await detail.videoState() ).paused )
		.toBe( false );

	const notice = page
		.getByTestId( 'lp-player' )
		.getByRole( 'status' )
		.filter( { hasText: 'Next part in 1 s' } );
	await expect( notice ).toBeVisible( { timeout: 30_000 } );
	await photo( page, 'part-advance-next-part-1280' );

	await expect( detail.partButton( 2, 3 ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await expect(
		page.getByRole( 'heading', { level: 2, name: 'Part 2' } )
	).toBeVisible();
	// Part 2 plays by itself: its playhead moves past 0:00 without a press.
	await expect
		.poll(
			async () => {
				const state = await detail.videoState();
				return ! state.paused && state.currentTime > 1;
			},
			{ message: 'part 2 plays by itself', timeout: 15_000 }
		)
		.toBe( true );
	await expect( notice ).toHaveCount( 0 );
	await expect( detail.video ).toBeFocused();
	await expect( detail.video ).toHaveAccessibleName( 'Part 2' );

	// One second after the end, not at once (and not much later).
	const times = await mediaTimes( page );
	const ended = times.ended[ 0 ] ?? 0;
	const started = times.playing.find( ( at ) => at > ended ) ?? 0;
	expect( ended ).toBeGreaterThan( 0 );
	expect( started - ended ).toBeGreaterThanOrEqual( 1000 );
	expect( started - ended ).toBeLessThan( 5000 );
} );

test( 'where the browser refuses to start the next part, Play takes focus and Enter starts it', async ( {
	page,
} ) => {
	test.slow();
	// A browser that starts sound only from a press, as a phone's may: play() with sound more than
	// a second after the last press on the page is refused as browsers refuse it (NotAllowedError).
	await page.addInitScript( () => {
		let lastPress = -Infinity;
		for ( const type of [ 'pointerdown', 'keydown' ] ) {
			window.addEventListener(
				type,
				( event ) => {
					if ( event.isTrusted ) {
						lastPress = performance.now();
					}
				},
				true
			);
		}
		const original = HTMLMediaElement.prototype.play;
		HTMLMediaElement.prototype.play = function play(
			this: HTMLMediaElement
		) {
			if ( ! this.muted && performance.now() - lastPress > 1000 ) {
				return Promise.reject(
					new DOMException(
						'play() needs a press on the page',
						'NotAllowedError'
					)
				);
			}
			return original.call( this );
		};
	} );
	await page.setViewportSize( { width: 390, height: 844 } );
	const { login, item } = newWorkshopLearner( 'part-refused', PASSWORD );
	await logIn( page, login, PASSWORD, '/my-account/library' );
	const detail = new DetailPage( page );
	await detail.open( item );

	// The learner presses Play and lets part 1 run to its end; the press is long past by then.
	await page
		.getByTestId( 'lp-detail' )
		.getByRole( 'button', { name: 'Play', exact: true } )
		.click();
	await expect
		.poll( async () => ( await detail.videoState() ).paused )
		.toBe( false );
	const notice = page
		.getByTestId( 'lp-player' )
		.getByRole( 'status' )
		.filter( { hasText: 'Next part in 1 s' } );
	await expect( notice ).toBeVisible( { timeout: 30_000 } );
	await photo( page, 'part-advance-next-part-390' );

	const playButton = page
		.getByTestId( 'lp-player' )
		.getByRole( 'button', { name: 'Play', exact: true } );
	await expect( playButton ).toBeVisible( { timeout: 10_000 } );
	await expect( playButton ).toBeFocused();
	await expect( detail.partButton( 2, 3 ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	expect( ( await detail.videoState() ).paused ).toBe( true );
	await checkScreens( page, 'part-advance-play-refused' );

	await page.keyboard.press( 'Enter' );
	await expect
		.poll(
			async () => {
				const state = await detail.videoState();
				return ! state.paused && state.currentTime > 0.5;
			},
			{ message: 'Enter on Play starts part 2', timeout: 15_000 }
		)
		.toBe( true );
	await expect( playButton ).toHaveCount( 0 );
	await expect( detail.video ).toBeFocused();
} );

test( 'Retry after a failed load hands focus to the video it loads again', async ( {
	page,
} ) => {
	test.slow();
	const { login, item } = newWorkshopLearner( 'retry-focus', PASSWORD );
	await logIn( page, login, PASSWORD, '/my-account/library' );
	let broken = true;
	await page.route( /\.m3u8(\?|$)/, ( route ) =>
		broken
			? route.fulfill( { status: 404, body: 'Not Found' } )
			: route.continue()
	);
	const detail = new DetailPage( page );
	await detail.open( item );
	// Nothing loads before Play: the press meets the broken playlist.
	await detail.playButton.click();
	const error = page.getByTestId( 'lp-player' ).getByRole( 'alert' );
	await expect( error ).toBeVisible( { timeout: 15_000 } );

	broken = false;
	await error.getByRole( 'button', { name: 'Retry' } ).click();
	await expect( error ).toHaveCount( 0 );
	await expect( detail.video ).toBeFocused();
	await expect( page.locator( 'body' ) ).not.toBeFocused();
	await detail.waitForMetadata();
	// Space on the video that has focus plays it: the person can go on from the keyboard.
	await page.keyboard.press( ' ' );
	await expect
		.poll( async () => ( await detail.videoState() ).paused )
		.toBe( false );
} );
