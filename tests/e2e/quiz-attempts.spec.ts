/**
 * The attempt limit on the test screen: the attempts left as the server counts them, and once
 * none is left the server's message with nothing to submit. axe and screenshots at 1280 and
 * 390 px; an admin gives the attempts back on View as user. A learner of its own (made through
 * the plugin's services), so the demo users' tests stay as the other specs expect them.
 */
import { expect, test, type Page } from '@playwright/test';

/**
 * Internal dependencies
 */
import {
	axeViolations,
	credentials,
	logIn,
	logOut,
	QuizPage,
	wpPhp,
} from './support';

const TITLE = 'Clinical Documentation Essentials';
const PASSWORD = 'Quiz-limit-pass-1';
/** One wrong answer per question of the demo test (DemoSeeder::QUIZZES). */
const WRONG = [
	'At the end of the month',
	'Personal opinions about the client',
	'Erase it',
];

let login = '';
let itemId = 0;

test.describe.configure( { mode: 'serial' } );

test.beforeAll( () => {
	const made = wpPhp( `
		$login = 'quiz-limit-' . strtolower( wp_generate_password( 6, false, false ) );
		$user  = wp_insert_user( array( 'user_login' => $login, 'user_pass' => '${ PASSWORD }', 'user_email' => $login . '@example.com', 'role' => 'subscriber' ) );
		$item  = (int) get_posts( array( 'post_type' => 'library_item', 'title' => '${ TITLE }', 'post_status' => 'publish', 'numberposts' => 1, 'fields' => 'ids' ) )[0];
		$services = \\LibraryPortal\\Services::on( $GLOBALS['wpdb'] );
		$services->grants->grant( $user, $item, 1, 0, '', 'admin', '', 0 );
		foreach ( array_keys( \\LibraryPortal\\Core\\Items\\ItemMedia::of( $item, '${ TITLE }' )->parts ) as $part ) {
			$services->progress->record( $user, $item, $part, 100, time() );
		}
		echo wp_json_encode( array( 'login' => $login, 'item' => $item ) );
	` );
	const parsed = JSON.parse( made.trim() ) as { login: string; item: number };
	login = parsed.login;
	itemId = parsed.item;
} );

/**
 * axe finds nothing at 1280 and 390 px; a full-page screenshot at each.
 *
 * @param page Page.
 * @param quiz The test screen.
 * @param name Screenshot name.
 */
async function checkBothWidths(
	page: Page,
	quiz: QuizPage,
	name: string
): Promise< void > {
	for ( const width of [ 1280, 390 ] ) {
		await page.setViewportSize( { width, height: 900 } );
		expect(
			await axeViolations( page ),
			`${ name } at ${ width }`
		).toEqual( [] );
		await quiz.screenshot( `${ name }-${ width }` );
	}
}

/**
 * Answers every question wrong, submits, and returns the server's reply data.
 *
 * @param page Page.
 * @param quiz The test screen.
 */
async function failOnce(
	page: Page,
	quiz: QuizPage
): Promise< Record< string, unknown > > {
	await quiz.answer( WRONG );
	const reply = page.waitForResponse(
		( response ) =>
			response.request().method() === 'POST' &&
			response.url().includes( `/library/v2/quiz/${ itemId }` )
	);
	await quiz.submit();
	const body = ( await ( await reply ).json() ) as {
		data: Record< string, unknown >;
	};
	return body.data;
}

test( 'the screen counts down the attempts the server allows, then shows its message with nothing to submit', async ( {
	page,
} ) => {
	await logIn( page, login, PASSWORD );
	const quiz = new QuizPage( page );
	const attemptsLeft = page.getByTestId( 'lp-quiz-attempts-left' );
	await quiz.open( itemId );
	await expect( attemptsLeft ).toHaveText( '3 attempts left today' );
	await checkBothWidths( page, quiz, 'quiz-attempts-open' );
	await page.setViewportSize( { width: 1280, height: 900 } );

	const first = await failOnce( page, quiz );
	expect( first.attempts_left ).toBe( 2 );
	expect( Object.keys( first ) ).not.toContain( 'correct' );
	await expect( quiz.result ).toContainText( 'Your score: 0%.' );
	await expect( attemptsLeft ).toHaveText( '2 attempts left today' );
	await checkBothWidths( page, quiz, 'quiz-attempts-result' );
	await page.setViewportSize( { width: 1280, height: 900 } );

	await page.getByRole( 'button', { name: 'Retry' } ).click();
	await expect( attemptsLeft ).toHaveText( '2 attempts left today' );
	expect( ( await failOnce( page, quiz ) ).attempts_left ).toBe( 1 );
	await expect( attemptsLeft ).toHaveText( '1 attempt left today' );

	await page.getByRole( 'button', { name: 'Retry' } ).click();
	const last = await failOnce( page, quiz );
	expect( last.attempts_left ).toBe( 0 );
	const exhausted = page.getByTestId( 'lp-quiz-exhausted' );
	await expect( exhausted ).toHaveText( String( last.attempts_message ) );
	await expect( exhausted ).toContainText(
		'You have used your 3 attempts at this test for the last 24 hours. Your next attempt opens on'
	);
	await expect( page.getByRole( 'button', { name: 'Retry' } ) ).toHaveCount(
		0
	);

	// Opened again: the server's message, no questions and no submit button.
	const view = page.waitForResponse(
		( response ) =>
			response.request().method() === 'GET' &&
			response.url().includes( `/library/v2/quiz/${ itemId }` )
	);
	await page.reload();
	const served = (
		( await ( await view ).json() ) as {
			data: { attempts_left: number; attempts_message: string };
		}
	 ).data;
	expect( served.attempts_left ).toBe( 0 );
	await expect( exhausted ).toHaveText( served.attempts_message );
	await expect( quiz.quiz.getByRole( 'radio' ) ).toHaveCount( 0 );
	await expect(
		page.getByRole( 'button', { name: 'Submit answers' } )
	).toHaveCount( 0 );
	await checkBothWidths( page, quiz, 'quiz-attempts-exhausted' );
} );

test( "an admin resets the learner's attempts on View as user and the test opens again", async ( {
	page,
} ) => {
	const admin = credentials( 'admin' );
	await logIn( page, admin.login, admin.password );
	await page.goto(
		`/wp-admin/edit.php?post_type=library_item&page=library-portal-view-as&user=${ login }`
	);
	const tests = page.getByTestId( 'lp-admin-tests' );
	await expect( tests ).toContainText( TITLE );
	await expect( tests ).toContainText( '0 of 3 (next opens' );
	expect( await axeViolations( page, [ '#lp-admin' ] ) ).toEqual( [] );
	await page
		.getByRole( 'button', { name: `Reset attempts of ${ TITLE }` } )
		.click();
	await expect( page.locator( '#lp-admin .notice-success' ) ).toContainText(
		`Test attempts of ${ TITLE } reset: 3 attempts no longer count.`
	);
	await expect( tests ).toContainText( '3 of 3' );
	await expect( page.locator( '#lp-admin' ) ).toContainText(
		'Test attempts reset'
	);
	await page.setViewportSize( { width: 1280, height: 900 } );
	await page.evaluate( () => window.scrollTo( 0, 0 ) );
	await new QuizPage( page ).screenshot( 'quiz-attempts-admin-reset-1280' );

	await logOut( page );
	await logIn( page, login, PASSWORD );
	const quiz = new QuizPage( page );
	await quiz.open( itemId );
	await expect( page.getByTestId( 'lp-quiz-attempts-left' ) ).toHaveText(
		'3 attempts left today'
	);
	await expect( quiz.quiz.getByRole( 'group' ) ).toHaveCount( 3 );
} );
