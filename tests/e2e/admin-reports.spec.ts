/**
 * Training Library → Reports in wp-admin: an admin picks a training with the keyboard and sees its
 * completions and certificates as a chart (a labelled canvas drawn by Chart.js) with the same
 * figures in a table; switches to months; a date that does not exist is refused with a sentence;
 * the CSV download carries the table's figures. Axe finds no violation in the plugin's markup, the
 * chart does not move the page as it draws, and screenshots at 1280 and 390 px go to
 * artifacts/screenshots.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
	ARTIFACTS_DIR,
	MAX_LAYOUT_SHIFT,
	afterFrames,
	axeViolations,
	budgetForPages,
	credentials,
	logIn,
	watchLayoutShift,
	wpPhp,
} from './support';

const SCREEN =
	'/wp-admin/edit.php?post_type=library_item&page=library-portal-reports';
const OURS = [ '#lp-admin' ];

/**
 * A new training with three completions and one certificate today, counted as the plugin's own
 * actions count them (the routes that fire them are PHPUnit's: tests/php/Reports), and the fill of
 * earlier learning run to its end as the background queue would run it.
 *
 * @param title The training's title.
 */
function trainingWithLearning( title: string ): void {
	wpPhp( `
		$item = wp_insert_post( array( 'post_type' => 'library_item', 'post_status' => 'publish', 'post_title' => ${ JSON.stringify(
			title
		) } ) );
		foreach ( array( 1, 2, 3 ) as $n ) {
			$user = wp_insert_user( array( 'user_login' => 'reported-' . $item . '-' . $n, 'user_pass' => wp_generate_password(), 'user_email' => 'reported-' . $item . '-' . $n . '@example.com' ) );
			\\LibraryPortal\\Services::on( $GLOBALS['wpdb'] )->progress->record( $user, $item, 0, 100, time() );
			\\LibraryPortal\\Core\\Events::item_completed( $user, $item );
			if ( 1 === $n ) {
				\\LibraryPortal\\Core\\Events::certificate_issued( $user, $item, 'REPORTED-' . $item, 90 );
			}
		}
		$fill = new \\LibraryPortal\\Reports\\ReportFill( \\LibraryPortal\\Services::on( $GLOBALS['wpdb'] )->report_days, new \\LibraryPortal\\Platform\\Queue() );
		$fill->start();
		// A queue runner of the site may hold the job's claim meanwhile: wait for it (30 s at most).
		for ( $i = 0; $i < 300 && 'done' !== ( \\LibraryPortal\\Reports\\ReportFill::state()['phase'] ?? '' ); $i++ ) {
			$fill->run() || usleep( 100000 );
			wp_cache_delete( \\LibraryPortal\\Reports\\ReportFill::OPTION, 'options' );
		}
		delete_option( \\LibraryPortal\\Reports\\ReportItemsRefresh::OPTION );
		$items   = new \\LibraryPortal\\Reports\\ReportItems( $GLOBALS['wpdb'] );
		$refresh = new \\LibraryPortal\\Reports\\ReportItemsRefresh( $items, new \\LibraryPortal\\Platform\\Queue() );
		$refresh->start( time() );
		for ( $i = 0; $i < 300 && \\LibraryPortal\\Reports\\ReportItemsRefresh::state()['running']; $i++ ) {
			$refresh->run() || usleep( 100000 );
			wp_cache_delete( \\LibraryPortal\\Reports\\ReportItemsRefresh::OPTION, 'options' );
		}
	` );
}

test( 'an admin reads a training’s completions as a chart and a table, by week and by month, and downloads them', async ( {
	page,
} ) => {
	// The log-in, the screen four times and the download.
	budgetForPages( 6 );
	const title = `Reported training ${ Date.now() }`;
	trainingWithLearning( title );
	await page.setViewportSize( { width: 1280, height: 900 } );
	await watchLayoutShift( page );
	const admin = credentials( 'admin' );
	await logIn( page, admin.login, admin.password, SCREEN );
	await expect( page ).toHaveTitle( /^Reports/ );
	await expect( page.getByRole( 'alert' ) ).toHaveCount( 0 );

	// By keyboard: the training, then "Show report".
	await page.getByLabel( 'Training', { exact: true } ).focus();
	await page
		.getByLabel( 'Training', { exact: true } )
		.selectOption( { label: title } );
	await page.getByRole( 'button', { name: 'Show report' } ).focus();
	await page.keyboard.press( 'Enter' );
	await page.waitForURL( /[?&]item=\d+/ );

	const table = page.locator( '.lp-reports__periods' );
	await expect( table.locator( 'tfoot' ) ).toContainText( 'Total' );
	await expect( table.locator( 'tfoot td' ) ).toHaveText( [ '3', '1' ] );
	const chart = page.getByRole( 'img', {
		name: /^Completions and certificates by week, .+: 3 completions, 1 certificate\.$/,
	} );
	await expect( chart ).toBeVisible();
	expect(
		await chart.evaluate(
			( canvas ) => ( canvas as HTMLCanvasElement ).width > 0
		)
	).toBe( true );
	await afterFrames( page );
	const shift = await page.evaluate(
		() =>
			( window as unknown as { lpLayoutShift: { value: number } } )
				.lpLayoutShift.value
	);
	expect(
		shift,
		'the chart draws into its reserved box'
	).toBeLessThanOrEqual( MAX_LAYOUT_SHIFT );
	expect( await axeViolations( page, OURS ), 'with a chart' ).toEqual( [] );
	await page.screenshot( {
		path: path.join( ARTIFACTS_DIR, 'screenshots', 'admin-reports.png' ),
		fullPage: true,
	} );

	// The CSV: the same figures, one row per week.
	const [ download ] = await Promise.all( [
		page.waitForEvent( 'download' ),
		page
			.getByRole( 'link', {
				name: 'Download CSV of completions and certificates',
			} )
			.click(),
	] );
	const csv = readFileSync( await download.path(), 'utf8' )
		.replace( /^\uFEFF/, '' )
		.trim()
		.split( '\n' );
	expect( csv[ 0 ] ).toBe( 'From,To,Completions,Certificates' );
	let completed = 0;
	let certified = 0;
	for ( const line of csv.slice( 1 ) ) {
		const [ , , completions = '0', certificates = '0' ] = line.split( ',' );
		completed += Number( completions );
		certified += Number( certificates );
	}
	expect( [ completed, certified ] ).toEqual( [ 3, 1 ] );
	expect( csv.length - 1 ).toBe( await table.locator( 'tbody tr' ).count() );

	// Each training: its learners and rates, counted in the background, with their own CSV.
	const trainings = page.getByRole( 'table', { name: 'Each training' } );
	const row = trainings.getByRole( 'row', {
		name: new RegExp( `^${ title }` ),
	} );
	await expect( row.getByRole( 'cell' ) ).toHaveText( [
		'3',
		'100%',
		'100% (3 of 3)',
		'No one took the test',
	] );
	await expect( page.getByText( /^Figures as of / ) ).toBeVisible();
	const [ itemsDownload ] = await Promise.all( [
		page.waitForEvent( 'download' ),
		page
			.getByRole( 'link', { name: 'Download CSV of each training' } )
			.click(),
	] );
	const itemsCsv = readFileSync( await itemsDownload.path(), 'utf8' )
		.replace( /^\uFEFF/, '' )
		.trim()
		.split( '\n' );
	expect( itemsCsv[ 0 ] ).toBe(
		'Training,Learners,"Average progress (%)",Completed,"Completion rate (%)","Took the test",Passed,"Test pass rate (%)"'
	);
	expect( itemsCsv.slice( 1 ) ).toEqual( [
		`"${ title }",3,100,3,100,0,0,`,
	] );

	// By month.
	await page.getByLabel( 'By', { exact: true } ).selectOption( 'month' );
	await page.getByRole( 'button', { name: 'Show report' } ).click();
	await expect( table.locator( 'thead th' ).first() ).toHaveText( 'Month' );
	await expect(
		page.getByRole( 'img', {
			name: /^Completions and certificates by month/,
		} )
	).toBeVisible();
	await expect( table.locator( 'tfoot td' ) ).toHaveText( [ '3', '1' ] );

	// A date that does not exist: refused with a sentence, the default report beside it.
	await page.goto( `${ SCREEN }&from=2026-02-30` );
	await expect( page.getByRole( 'alert' ) ).toHaveText(
		'The dates must be real dates (YYYY-MM-DD). Showing the last twelve weeks instead.'
	);
	expect( await axeViolations( page, OURS ), 'refused' ).toEqual( [] );

	await page.setViewportSize( { width: 390, height: 844 } );
	await page.goto( SCREEN );
	await expect(
		page.getByRole( 'img', { name: /^Completions and certificates/ } )
	).toBeVisible();
	expect( await axeViolations( page, OURS ), 'on a phone' ).toEqual( [] );
	await page.screenshot( {
		path: path.join(
			ARTIFACTS_DIR,
			'screenshots',
			'admin-reports-390.png'
		),
		fullPage: true,
	} );
} );
