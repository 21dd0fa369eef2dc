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
}

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
