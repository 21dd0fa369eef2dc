/**
 * Manage My Team as the demo owner: the members and counts the server sends, hiding and showing
 * users (kept in this browser), View Progress, the CSV export, axe and screenshots.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
	axeViolations,
	credentials,
	LibraryPage,
	libraryItems,
	logIn,
	portalGet,
} from './support';

interface Member {
	id: number;
	name: string;
	email: string;
	completed_count: number;
	total_count: number;
	shared_licenses: number;
	products: { title: string; subtitle: string; status: string }[];
}

interface Row {
	product_id: number;
	title: string;
	subtitle: string;
	content_type: string;
	tag: string;
	playback_status: string;
}

const courseName = ( row: { title: string; subtitle: string } ) =>
	row.subtitle !== '' ? `${ row.title } - ${ row.subtitle }` : row.title;

const STATUS_TEXT: Record< string, RegExp > = {
	completed: /^Completed$/,
	'take-test': /^Take Test/,
	'in-progress': /^\d+% Watched$/,
	'not-started': /^Not Started$/,
	expired: /^Expired$/,
	active: /^Active$/,
	purchased: /^Purchased$/,
};

test( 'the team list shows the server’s members, hides and shows users, and exports the CSV', async ( {
	page,
} ) => {
	test.slow();
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password );
	const portal = new LibraryPage( page );
	await portal.goto( '/users' );
	const table = page.getByRole( 'table', { name: 'Team members' } );
	await expect( table ).toBeVisible();

	const team = Object.values(
		await portalGet< Record< string, Member > >(
			page,
			'shareduserscontent/'
		)
	);
	expect( team.length, 'the demo owner shares with a team' ).toBeGreaterThan(
		1
	);
	await expect( table.getByRole( 'row' ) ).toHaveCount( team.length + 1 );
	for ( const member of team ) {
		const row = table.getByRole( 'row', {
			name: new RegExp( member.name ),
		} );
		await expect( row ).toContainText( member.email );
		await expect( row ).toContainText(
			`${ member.completed_count }/${ member.total_count }`
		);
	}
	expect( await axeViolations( page ) ).toEqual( [] );
	await portal.screenshot( 'team-1280' );

	// Hide the first member: gone after a reload too, back with Show All Users (1 hidden).
	const [ first ] = team;
	if ( ! first ) {
		throw new Error( 'no member' );
	}
	await page.getByRole( 'button', { name: `Hide ${ first.name }` } ).click();
	await expect( table.getByRole( 'row' ) ).toHaveCount( team.length );
	await page.reload();
	await expect( table.getByRole( 'row' ) ).toHaveCount( team.length );
	const showAll = page.getByRole( 'button', {
		name: 'Show All Users (1 hidden)',
	} );
	await showAll.focus();
	await page.keyboard.press( 'Enter' );
	await expect( table.getByRole( 'row' ) ).toHaveCount( team.length + 1 );
	await page
		.getByRole( 'button', { name: `Unhide ${ first.name }` } )
		.click();
	await expect(
		page.getByRole( 'button', { name: /Show All Users/ } )
	).toHaveCount( 0 );

	// The CSV holds the header and one row per member and training.
	const [ download ] = await Promise.all( [
		page.waitForEvent( 'download' ),
		page.getByRole( 'link', { name: 'Export CSV' } ).click(),
	] );
	expect( download.suggestedFilename() ).toMatch(
		/^team-progress-\d{4}-\d{2}-\d{2}\.csv$/
	);
	const csv = readFileSync( ( await download.path() ) ?? '', 'utf8' );
	const lines = csv
		.replace( /^\uFEFF/, '' )
		.trim()
		.split( '\n' );
	expect( lines[ 0 ] ).toContain( 'Email' );
	expect( lines ).toHaveLength(
		1 + team.reduce( ( sum, member ) => sum + member.total_count, 0 )
	);
	for ( const member of team ) {
		expect( csv ).toContain( member.email );
	}

	await page.setViewportSize( { width: 390, height: 844 } );
	await portal.screenshot( 'team-390' );
	const width = await page.evaluate(
		() => document.documentElement.scrollWidth
	);
	expect( width, 'no sideways scroll at 390 px' ).toBeLessThanOrEqual( 390 );

	await page
		.getByRole( 'link', { name: `View Progress of ${ first.name }` } )
		.click();
	await expect( page ).toHaveURL(
		new RegExp( `/my-account/library/users/${ first.id }$` )
	);
} );

test( "a member's progress page shows the server's rows and facts, no test link, and Remove Team Member hides them here", async ( {
	page,
} ) => {
	test.slow();
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password );
	const portal = new LibraryPage( page );
	await portal.goto( '/users' );
	const team = Object.values(
		await portalGet< Record< string, Member > >(
			page,
			'shareduserscontent/'
		)
	);
	const member = team.find( ( candidate ) => candidate.products.length > 1 );
	if ( ! member ) {
		throw new Error(
			'the demo owner shares several trainings with someone'
		);
	}
	await page
		.getByRole( 'link', { name: `View Progress of ${ member.name }` } )
		.click();
	await expect(
		page.getByRole( 'heading', {
			level: 1,
			name: `Progress of ${ member.name }`,
		} )
	).toBeFocused();
	await expect( page ).toHaveTitle(
		new RegExp( `^Progress of ${ member.name }` )
	);
	const facts = page.locator( '.lp-progress__facts' );
	await expect( facts ).toContainText( member.email );
	await expect( facts ).toContainText(
		`Licenses${ member.shared_licenses }`
	);
	await expect( facts ).toContainText(
		`${ member.completed_count }/${ member.total_count }`
	);
	const table = page.getByRole( 'table', { name: 'Training progress' } );
	await expect( table.getByRole( 'row' ) ).toHaveCount(
		member.products.length + 1
	);
	for ( const product of member.products ) {
		const row = table.getByRole( 'row', { name: courseName( product ) } );
		await expect( row.getByRole( 'cell' ).nth( 2 ) ).toHaveText(
			STATUS_TEXT[ product.status ] ?? /^$/
		);
	}
	await expect(
		table.getByRole( 'link', { name: /Take Test/ } )
	).toHaveCount( 0 );
	expect( await axeViolations( page ) ).toEqual( [] );
	await portal.screenshot( 'user-progress-1280' );
	await page.setViewportSize( { width: 390, height: 844 } );
	await portal.screenshot( 'user-progress-390' );
	const width = await page.evaluate(
		() => document.documentElement.scrollWidth
	);
	expect( width, 'no sideways scroll at 390 px' ).toBeLessThanOrEqual( 390 );
	await page.setViewportSize( { width: 1280, height: 900 } );

	await page.getByRole( 'button', { name: 'Remove Team Member' } ).click();
	await page
		.getByRole( 'dialog', { name: 'Remove this team member?' } )
		.getByRole( 'button', { name: 'Remove from list' } )
		.click();
	await expect( page ).toHaveURL( /\/my-account\/library\/users$/ );
	await expect(
		page.getByRole( 'button', { name: 'Show All Users (1 hidden)' } )
	).toBeVisible();
	await expect(
		page.getByRole( 'row', { name: new RegExp( member.name ) } )
	).toHaveCount( 0 );
} );

test( "My Progress opens 'Your Progress': the own trainings without e-manuals, as the server judged them", async ( {
	page,
} ) => {
	const owner = credentials( 'demo-owner' );
	await logIn( page, owner.login, owner.password );
	const portal = new LibraryPage( page );
	await portal.goto( '/videos' );
	const rows = ( await libraryItems< Row >( page ) ).filter(
		( row ) => row.content_type !== 'e-manual' && row.tag !== 'contract'
	);
	await page.getByRole( 'link', { name: 'My Progress' } ).click();
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'Your Progress' } )
	).toBeFocused();
	await expect( page ).toHaveTitle( /^Your Progress/ );
	const table = page.getByRole( 'table', { name: 'Training progress' } );
	await expect( table.getByRole( 'row' ) ).toHaveCount( rows.length + 1 );
	for ( const row of rows ) {
		const line = table
			.getByRole( 'row', { name: courseName( row ) } )
			.first();
		await expect( line.getByRole( 'cell' ).nth( 2 ) ).toHaveText(
			STATUS_TEXT[ row.playback_status ] ?? /^$/
		);
	}
	const ready = rows.filter( ( row ) => row.playback_status === 'take-test' );
	const links = table.getByRole( 'link', { name: /Take Test/ } );
	await expect( links ).toHaveCount( ready.length );
	for ( const row of ready ) {
		await expect(
			table
				.getByRole( 'row', { name: courseName( row ) } )
				.first()
				.getByRole( 'link', { name: /Take Test/ } )
		).toHaveAttribute( 'href', `/quiz/${ row.product_id }` );
	}

	await page.getByPlaceholder( 'Search courses...' ).fill( 'zzzz-nothing' );
	await expect( page.getByText( 'No items found' ) ).toBeVisible();
	expect( await axeViolations( page ) ).toEqual( [] );
	await page.getByPlaceholder( 'Search courses...' ).fill( '' );
	await portal.screenshot( 'your-progress-1280' );
} );
