/**
 * The dashboard's figures against the seeded data: each one is recomputed here from the items
 * and team replies (not hard-coded), and a click on a library figure opens the list showing
 * exactly that many rows. The welcome text fits a user who cannot share.
 */
import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	credentials,
	LibraryPage,
	libraryItems,
	logIn,
	portalGet,
} from './support';

interface Row {
	content_type: string;
	status: string;
	can_share: boolean;
	available_licenses: number;
	expiring_licenses: number;
}

interface Member {
	completed_count: number;
	total_count: number;
	products: { video_data: { completed_at: number } }[];
}

const WORKSHOPS = [ 'workshop', 'on-demand', 'on-demand-workshop' ];
const WEBINARS = [ 'webinar', 'on-demand-webinar' ];

/**
 * The figure shown under a label in a dashboard card.
 *
 * @param page  Page.
 * @param card  Card (region) name.
 * @param label Figure label.
 */
function figure( page: Page, card: string, label: string ) {
	return page
		.getByRole( 'region', { name: card } )
		.locator( '.lp-stats__item', {
			has: page.getByText( label, { exact: true } ),
		} )
		.locator( 'dd' );
}

/**
 * Rows the list shows in all its sections (each section says 'Showing n of total').
 *
 * @param page Page showing the list.
 */
async function listedRows( page: Page ): Promise< number > {
	await expect( page.locator( '.lp-loading' ) ).toHaveCount( 0 );
	const counts = await page.locator( '.lp-load-more__count' ).allInnerTexts();
	return counts.reduce(
		( sum, text ) => sum + Number( /of (\d+)/.exec( text )?.[ 1 ] ?? 0 ),
		0
	);
}

test( "the owner's figures are what the items and team replies imply, and each library figure opens exactly its rows", async ( {
	page,
} ) => {
	test.slow();
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password );
	const portal = new LibraryPage( page );
	await portal.goto();
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'Dashboard' } )
	).toBeVisible();

	const rows = await libraryItems< Row >( page );
	const team = Object.values(
		await portalGet< Record< string, Member > >(
			page,
			'shareduserscontent/'
		)
	);
	const ofTypes = ( types: string[] ) =>
		rows.filter( ( row ) => types.includes( row.content_type ) ).length;
	const completed = team.reduce( ( sum, m ) => sum + m.completed_count, 0 );
	const assigned = team.reduce( ( sum, m ) => sum + m.total_count, 0 );
	// The site runs in UTC (the seeded default), so the year starts at UTC midnight.
	const yearStart = Date.UTC( new Date().getUTCFullYear(), 0, 1 ) / 1000;
	const expected = {
		'On-Demand Workshops': ofTypes( WORKSHOPS ),
		Webinars: ofTypes( WEBINARS ),
		'E-Manuals': ofTypes( [ 'e-manual' ] ),
		'Trainings Completed': rows.filter( ( r ) => r.status === 'completed' )
			.length,
		'Active Team Members': team.length,
		'Remaining Licenses': rows
			.filter( ( r ) => r.can_share )
			.reduce( ( sum, r ) => sum + r.available_licenses, 0 ),
		'Completion Rate': `${
			assigned > 0 ? Math.round( ( 100 * completed ) / assigned ) : 0
		}%`,
	};
	expect( team.length, 'the demo owner shares with a team' ).toBeGreaterThan(
		0
	);

	for ( const [ label, value ] of Object.entries( expected ) ) {
		const card = [
			'Active Team Members',
			'Remaining Licenses',
			'Completion Rate',
		].includes( label )
			? 'Your Team at a Glance'
			: 'Your Library at a Glance';
		await expect( figure( page, card, label ), label ).toHaveText(
			String( value )
		);
	}

	const expiring = rows.reduce( ( sum, r ) => sum + r.expiring_licenses, 0 );
	const expiringCard = page.getByRole( 'region', {
		name: 'Expiring Licenses This Month',
	} );
	await expect( expiringCard ).toHaveCount( expiring > 0 ? 1 : 0 );

	const doneThisYear = team.filter( ( m ) =>
		m.products.some( ( p ) => p.video_data.completed_at >= yearStart )
	).length;
	const congratulations = page.getByRole( 'region', {
		name: 'Congratulations, your Team Members have completed trainings!',
	} );
	await expect( congratulations ).toHaveCount( doneThisYear > 0 ? 1 : 0 );

	expect( await axeViolations( page ) ).toEqual( [] );
	await page.setViewportSize( { width: 390, height: 844 } );
	await portal.screenshot( 'dashboard-390' );
	await page.setViewportSize( { width: 1280, height: 900 } );
	await portal.screenshot( 'dashboard-1280' );

	// Each library figure opens the list with exactly as many rows as it counts.
	for ( const label of [
		'On-Demand Workshops',
		'Webinars',
		'E-Manuals',
		'Trainings Completed',
	] as const ) {
		await page
			.getByRole( 'link', { name: `${ label }: ${ expected[ label ] }` } )
			.click();
		await expect(
			page.getByRole( 'heading', { level: 1, name: 'Library' } )
		).toBeVisible();
		expect( await listedRows( page ), label ).toBe( expected[ label ] );
		await page.goBack();
		await expect(
			page.getByRole( 'heading', { level: 1, name: 'Dashboard' } )
		).toBeVisible();
	}

	// The team card opens Manage My Team; View Progress too.
	await page.getByRole( 'link', { name: 'Your Team at a Glance' } ).click();
	await expect( page ).toHaveURL( /\/my-account\/library\/users$/ );
} );

test( 'a user with nothing to share gets a welcome text without the team, and no team card', async ( {
	page,
} ) => {
	const memberOnly = credentials( 'demo-memberonly' );
	await logIn( page, memberOnly.login, memberOnly.password );
	await new LibraryPage( page ).goto();
	const welcome = page.getByRole( 'region', { name: /^Welcome/ } );
	await expect( welcome ).toContainText(
		'take tests to earn your certificates'
	);
	await expect( welcome ).not.toContainText( 'team' );
	await expect(
		page.getByRole( 'region', { name: 'Your Team at a Glance' } )
	).toHaveCount( 0 );
	expect( await axeViolations( page ) ).toEqual( [] );
} );
