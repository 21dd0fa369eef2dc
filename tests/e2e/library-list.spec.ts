/**
 * The library list as the demo owner uses it: a deep link with ?status=expired, search, filters,
 * Reset and loading more on scroll; screenshots of the dashboard and the list are kept.
 */
import { expect, test, type Page } from '@playwright/test';
import { credentials, LibraryPage, libraryItems, logIn } from './support';

const EXPIRED_TITLES = [
	'DBT Skills Training',
	'Grief and Loss Across the Lifespan',
	'Play Therapy Techniques',
];

/**
 * Titles of the cards in a list, in order.
 * @param page
 * @param listName
 */
async function titles( page: Page, listName: string ): Promise< string[] > {
	return (
		page
			.getByRole( 'list', { name: listName, exact: true } )
			// Card titles: h2 right under the screen's h1, h3 inside a titled section.
			.getByRole( 'heading' )
			.allInnerTexts()
	);
}

test.beforeEach( async ( { page } ) => {
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password );
} );

test( 'dashboard shows the library at a glance', async ( { page } ) => {
	const portal = new LibraryPage( page );
	await portal.goto();

	await expect(
		page.getByRole( 'heading', { name: 'Your Library at a Glance' } )
	).toBeVisible();
	await expect(
		page.getByRole( 'heading', { name: 'Expiring Licenses This Month' } )
	).toBeVisible();
	await expect(
		page.getByRole( 'navigation', { name: 'Library menu' } )
	).toBeVisible();
	await expect(
		page.locator( '#wpadminbar' ),
		'no WordPress toolbar for customers'
	).toHaveCount( 0 );
	await expect(
		page.getByRole( 'heading', { level: 1 } ),
		'one h1: the theme title is hidden'
	).toHaveCount( 1 );
	await portal.screenshot( 'dashboard' );
} );

test( "the welcome card plays the brand's walkthrough video", async ( {
	page,
} ) => {
	await new LibraryPage( page ).goto();
	// hls.js (Chromium has Media Source Extensions) fetches the brand's playlist by script.
	const playlist = page.waitForRequest( /walkthrough-harbor\/index\.m3u8$/ );
	await page
		.getByRole( 'button', { name: 'Play the walkthrough video' } )
		.click();

	const video = page.getByLabel( 'Library walkthrough video' );
	await expect(
		video,
		"the player takes the gone button's focus"
	).toBeFocused();
	await playlist;
	await expect(
		video,
		'hls.js feeds the element a MediaSource'
	).toHaveAttribute( 'src', /^blob:/ );
	await expect
		.poll( () =>
			video.evaluate(
				( node ) => ( node as HTMLVideoElement ).currentTime
			)
		)
		.toBeGreaterThan( 1 );
} );

test( 'a deep link with ?status=expired opens the filtered list', async ( {
	page,
} ) => {
	const portal = new LibraryPage( page );
	const response = await portal.goto( '/videos?status=expired' );

	expect( response?.status() ).toBe( 200 );
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'Library' } )
	).toBeVisible();
	await expect( page.getByLabel( 'Status' ) ).toHaveValue( 'expired' );
	await expect(
		page.getByRole( 'heading', { name: 'Expired Items' } )
	).toBeVisible();
	await expect
		.poll( () => titles( page, 'Expired items' ) )
		.toEqual( EXPIRED_TITLES );
	await expect(
		page.getByRole( 'list', { name: 'Library items', exact: true } )
	).toHaveCount( 0 );
	await portal.screenshot( 'list-expired' );

	await page.reload();
	await expect( page.getByLabel( 'Status' ) ).toHaveValue( 'expired' );
	await expect
		.poll( () => titles( page, 'Expired items' ) )
		.toEqual( EXPIRED_TITLES );
} );

test( 'search, filter, reset and load more on scroll', async ( { page } ) => {
	const portal = new LibraryPage( page );
	await portal.goto( '/videos' );
	const list = page.getByRole( 'list', {
		name: 'Library items',
		exact: true,
	} );
	const cards = list.getByRole( 'listitem' );

	// 27 active items: the first 20, then the rest when the end of the list scrolls into view.
	await expect( cards ).toHaveCount( 20 );
	await portal.screenshot( 'list' );
	await page
		.getByRole( 'heading', { name: 'Expired Items' } )
		.scrollIntoViewIfNeeded();
	await cards.nth( 19 ).scrollIntoViewIfNeeded();
	await expect( cards ).toHaveCount( 27 );

	// Search: case-insensitive, over title, subtitle and description.
	await page.getByLabel( 'Search items' ).fill( 'TRAUMA' );
	await expect
		.poll( () => titles( page, 'Library items' ) )
		.toEqual( [
			'Certified Clinical Trauma Professional',
			'Trauma-Informed Care',
		] );
	await page.getByLabel( 'Search items' ).fill( 'member webinar' );
	await expect
		.poll( () => titles( page, 'Library items' ) )
		.toEqual( [ 'Burnout Prevention for Clinicians', 'Sleep and Mood' ] );

	// Content type on top of nothing else.
	await page.getByLabel( 'Search items' ).fill( '' );
	await page
		.getByLabel( 'Content type' )
		.selectOption( { label: 'E-Manual' } );
	await expect
		.poll( () => titles( page, 'Library items' ) )
		.toEqual( [ 'CBT Skills Workbook' ] );

	// Status, written to the URL.
	await page.getByLabel( 'Content type' ).selectOption( { index: 0 } );
	await page.getByLabel( 'Status' ).selectOption( 'completed' );
	await expect( page ).toHaveURL( /[?&]status=completed\b/ );
	// Other specs may complete more trainings (learning.spec passes a test): the server's
	// statuses decide which, and the demo's completed training is always among them.
	const completed = (
		await libraryItems< { title: string; status: string } >( page )
	)
		.filter( ( item ) => item.status === 'completed' )
		.map( ( item ) => item.title )
		.sort();
	expect( completed ).toContain( 'Motivational Interviewing Intensive' );
	await expect
		.poll( async () => ( await titles( page, 'Library items' ) ).sort() )
		.toEqual( completed );

	await page.getByLabel( 'Search items' ).fill( 'no such training' );
	await expect( page.getByText( 'No items found' ) ).toBeVisible();

	// Reset clears search, type, status and the URL.
	await page.getByRole( 'button', { name: 'Reset' } ).click();
	await expect( page.getByLabel( 'Search items' ) ).toHaveValue( '' );
	await expect( page.getByLabel( 'Status' ) ).toHaveValue( 'all' );
	await expect( page ).not.toHaveURL( /status=/ );
	await expect( cards ).toHaveCount( 20 );
} );

/** The badge text the spec gives a server status. */
const BADGES: Record< string, string > = {
	shared: 'Shared',
	purchased: 'Purchased',
	expired: 'Expired',
	completed: 'Completed',
	'take-test': 'Take Test',
	'member-product': 'Member Product',
	membership: 'Membership',
	'not-started': 'Not Started',
};
const badge = ( item: {
	status: string;
	video_data: { progress: { count: number } };
} ): string =>
	item.status === 'in-progress'
		? `${ item.video_data.progress.count }% Watched`
		: ( BADGES[ item.status ] ?? `unknown status ${ item.status }` );

test( 'every card shows the status the server computed', async ( { page } ) => {
	await new LibraryPage( page ).goto( '/videos' );
	const items = await libraryItems< {
		title: string;
		status: string;
		video_data: { progress: { count: number } };
	} >( page );
	const cards = page
		.getByRole( 'list', { name: 'Library items', exact: true } )
		.getByRole( 'listitem' );
	await cards.nth( 19 ).scrollIntoViewIfNeeded();
	await expect( cards ).toHaveCount(
		items.filter( ( item ) => item.status !== 'expired' ).length
	);

	expect(
		new Set( items.map( ( item ) => item.status ) ).size
	).toBeGreaterThanOrEqual( 8 );
	for ( const item of items ) {
		await expect(
			page
				.getByRole( 'article', { name: item.title } )
				.locator( '.lp-status' ),
			item.title
		).toHaveText( badge( item ) );
	}
} );
