/**
 * Measures of what a customer meets while a screen loads: its layout shift, and when it has
 * settled; and the screen's accessibility (axe-core, WCAG 2.2 A/AA).
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { ARTIFACTS_DIR } from './base-page';

export const WCAG_TAGS = [
	'wcag2a',
	'wcag2aa',
	'wcag21a',
	'wcag21aa',
	'wcag22a',
	'wcag22aa',
];

/**
 * The page's axe-core violations at WCAG 2.2 A/AA, one line each: rule and the nodes it flags.
 * @param page
 * @param include Only these parts of the page (CSS selectors), e.g. the plugin's own meta boxes.
 */
export async function axeViolations(
	page: Page,
	include: string[] = []
): Promise< string[] > {
	let builder = new AxeBuilder( { page } ).withTags( WCAG_TAGS );
	for ( const selector of include ) {
		builder = builder.include( selector );
	}
	const results = await builder.analyze();
	return results.violations.map(
		( violation ) =>
			`${ violation.id }: ${ violation.nodes
				.map( ( node ) => node.target.join( ' ' ) )
				.join( ' | ' ) }`
	);
}

export const MAX_LAYOUT_SHIFT = 0.05;

/**
 * Sums the layout shifts of the page (without those right after input), from its first paint.
 * @param page
 */
export async function watchLayoutShift( page: Page ): Promise< void > {
	await page.addInitScript( () => {
		const state = { value: 0, sources: [] as string[] };
		( window as unknown as { lpLayoutShift: typeof state } ).lpLayoutShift =
			state;
		new PerformanceObserver( ( list ) => {
			for ( const entry of list.getEntries() as unknown as Array< {
				value: number;
				hadRecentInput: boolean;
				sources?: Array< { node?: Node } >;
			} > ) {
				if ( ! entry.hadRecentInput ) {
					state.value += entry.value;
					for ( const source of entry.sources ?? [] ) {
						const node = source.node as Element | undefined;
						state.sources.push(
							`${ entry.value.toFixed( 3 ) } ${
								node?.nodeName ?? '?'
							}.${ node?.className ?? '' }`
						);
					}
				}
			}
		} ).observe( { type: 'layout-shift', buffered: true } );
	} );
}

/**
 * Waits until the screen has loaded its data: no loading indicator, the network quiet.
 * @param page
 */
export async function settle( page: Page ): Promise< void > {
	// Late replies (user, notifications) are what moves things: wait until all have arrived.
	// eslint-disable-next-line playwright/no-networkidle
	await page.waitForLoadState( 'networkidle' );
	await expect(
		page.locator( '.library-portal__loading, .lp-loading, .lp-skeleton' )
	).toHaveCount( 0 );
	await expect( page.getByRole( 'heading', { level: 1 } ) ).toBeVisible();
	// Layout shift entries are reported after the frame that moved things.
	await afterFrames( page );
}

/**
 * Resolves once the page has painted two more frames and run a task after them: whatever the last
 * change set off (a layout shift entry, a second event handler) has been delivered by then. A state
 * of the page, so a busy machine makes it later, never too early.
 * @param page
 */
export async function afterFrames( page: Page ): Promise< void > {
	await page.evaluate(
		() =>
			new Promise< void >( ( resolve ) =>
				requestAnimationFrame( () =>
					requestAnimationFrame( () => {
						const channel = new MessageChannel();
						channel.port1.onmessage = () => resolve();
						channel.port2.postMessage( null );
					} )
				)
			)
	);
}

/**
 * The layout shift summed since the page opened, with the nodes that moved.
 * @param page
 */
export function layoutShift(
	page: Page
): Promise< { value: number; sources: string[] } > {
	return page.evaluate(
		() =>
			(
				window as unknown as {
					lpLayoutShift: { value: number; sources: string[] };
				}
			 ).lpLayoutShift
	);
}

/**
 * A screen at 1280 and 390 px: a full-page photo to look at
 * (artifacts/screenshots/{name}-{width}.png) and no axe violation; the viewport goes back to 1280.
 *
 * @param page Page showing the screen.
 * @param name File name stem, e.g. 'customer-day-expired-renew'.
 */
export async function checkScreens(
	page: Page,
	name: string
): Promise< void > {
	for ( const width of [ 1280, 390 ] ) {
		await page.setViewportSize( {
			width,
			height: width === 390 ? 844 : 900,
		} );
		await page.screenshot( {
			path: path.join(
				ARTIFACTS_DIR,
				'screenshots',
				`${ name }-${ width }.png`
			),
			fullPage: true,
		} );
		expect(
			await axeViolations( page ),
			`${ name } at ${ width } px`
		).toEqual( [] );
	}
	await page.setViewportSize( { width: 1280, height: 900 } );
}
