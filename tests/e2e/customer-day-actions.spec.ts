/**
 * A customer's day (docs/rules/library-and-catalogue.md, "A customer's day"), walked as a person does: every item held
 * has its one primary action (an e-course opens its course address, a certificate program the
 * account's certificate program page, an e-manual downloads, a video plays, an expired item
 * renews), a notification leads to its item, My Progress gives rows without watching their real
 * state, dates follow the site's format (the e-mail history too), the focus ring stands out on
 * every background of both brands, the walkthrough video has captions, and every Account Details
 * entry of the demo opens a page. Touched screens are checked with axe and photographed at 1280
 * and 390 px (artifacts/screenshots/customer-day-actions-*.png).
 *
 * A learner of its own is set up through the plugin's code (bin/wp-php), so the demo users other
 * specs walk are untouched.
 */
import { expect, test, type Page } from '@playwright/test';
import {
	checkScreens,
	credentials,
	islandReplacedFirstScreen,
	logIn,
	wpPhp,
} from './support';

const LOGIN = 'action-learner';
const PASSWORD = 'action-learner-Pass-23';
const COURSE = 'Ethics for Helping Professionals';
const PROGRAM = 'Certified Clinical Trauma Professional';
const MANUAL = 'CBT Skills Workbook';

interface Setup {
	userId: number;
	course: number;
	courseUrl: string;
	program: number;
	programUrl: string;
	manual: number;
	video: number;
	videoTitle: string;
	membership: number;
	membershipTitle: string;
	expired: number;
	expiredTitle: string;
	productLink: string;
}

let setup: Setup;

/**
 * The learner and their library, a sent e-mail and an expiry notice, through the plugin's code.
 */
function seedLearner(): Setup {
	const php = `
		global $wpdb;
		$services = \\LibraryPortal\\Services::on( $wpdb );
		$seeder   = \\LibraryPortal\\Dev\\DemoSeeder::create();
		$user     = $seeder->user( '${ LOGIN }', 'Avery Action', '${ PASSWORD }' );
		$seeder->attach_pages();
		$by_title = static function ( string $title ): int {
			$found = get_posts( array( 'post_type' => 'library_item', 'title' => $title, 'posts_per_page' => 1, 'fields' => 'ids' ) );
			return (int) ( $found[0] ?? 0 );
		};
		$of_type = static function ( array $types, int $skip = 0 ): int {
			$found = array();
			foreach ( get_posts( array( 'post_type' => 'library_item', 'posts_per_page' => -1, 'fields' => 'ids', 'orderby' => 'ID', 'order' => 'ASC' ) ) as $id ) {
				$video = '' !== (string) get_post_meta( $id, '_lp_video_url', true ) || array() !== (array) get_post_meta( $id, '_lp_video_parts', true );
				if ( in_array( (string) get_post_meta( $id, '_lp_content_type', true ), $types, true ) && ( $video || array( 'membership' ) === $types ) ) {
					$found[] = (int) $id;
				}
			}
			return $found[ $skip ] ?? 0;
		};
		$now    = time();
		$grant  = static function ( int $item, int $quantity, int $expires ) use ( $services, $user, $now ): void {
			$services->licenses->create_grant( array( 'owner_id' => $user, 'product_id' => $item, 'quantity' => $quantity, 'expires_at' => $expires, 'tag' => '', 'source' => 'e2e' ), $now - 2 * DAY_IN_SECONDS );
		};
		$course     = $by_title( '${ COURSE }' );
		$program    = $by_title( '${ PROGRAM }' );
		$manual     = $by_title( '${ MANUAL }' );
		$video      = $of_type( array( 'webinar', 'on-demand-webinar' ) );
		$expired    = $of_type( array( 'webinar', 'on-demand-webinar' ), 1 );
		$membership = $of_type( array( 'membership' ) );
		$grant( $course, 3, strtotime( '2031-03-05 12:00:00 UTC' ) );
		$grant( $program, 1, 0 );
		$grant( $manual, 1, 0 );
		$grant( $video, 1, 0 );
		$grant( $membership, 1, $now + 30 * DAY_IN_SECONDS );
		$grant( $expired, 1, $now - DAY_IN_SECONDS );
		foreach ( array( $manual, $video ) as $item ) {
			$seat = $services->licenses->find_available_seat( $user, $item, '', $now );
			if ( $seat ) {
				$services->licenses->activate_seat( $seat, $user, $now );
			}
		}
		if ( '' === (string) get_post_meta( $expired, '_lp_product_link', true ) ) {
			update_post_meta( $expired, '_lp_product_link', home_url( '/shop/renew-training/' ) );
		}
		$services->mail_history->add( $user, $course, 'colleague@example.com', true, strtotime( '2030-12-24 18:30:00 UTC' ) );
		$services->notifier->notify( array( 'user_id' => $user, 'type' => 'licenses_expiring', 'message' => 'Your 3 licenses of "${ COURSE }" expire soon.', 'related_product_id' => $course ), $now );
		echo wp_json_encode( array(
			'userId'          => $user,
			'course'          => $course,
			'courseUrl'       => (string) get_post_meta( $course, '_lp_course_url', true ),
			'program'         => $program,
			'programUrl'      => home_url( '/my-account/certificate-program/' ),
			'manual'          => $manual,
			'video'           => $video,
			'videoTitle'      => get_the_title( $video ),
			'membership'      => $membership,
			'membershipTitle' => get_the_title( $membership ),
			'expired'         => $expired,
			'expiredTitle'    => get_the_title( $expired ),
			'productLink'     => (string) get_post_meta( $expired, '_lp_product_link', true ),
		) );
	`;
	const output = wpPhp( php );
	return JSON.parse( output.slice( output.indexOf( '{' ) ) ) as Setup;
}

/**
 * Sets WordPress options (General settings) on the e2e site; returns the old values.
 *
 * @param options Option name => value.
 */
function setOptions(
	options: Record< string, string >
): Record< string, string > {
	const output = wpPhp( `
		$new = json_decode( '${ JSON.stringify( options ) }', true );
		$old = array();
		foreach ( $new as $name => $value ) {
			$old[ $name ] = (string) get_option( $name );
			update_option( $name, $value );
		}
		echo wp_json_encode( $old );
	` );
	return JSON.parse( output.slice( output.indexOf( '{' ) ) ) as Record<
		string,
		string
	>;
}

/**
 * Switches the site's brand (Settings → Library Portal); returns the old one.
 *
 * @param brand harbor or summit.
 */
function setBrand( brand: string ): string {
	return wpPhp( `
		$settings = new \\LibraryPortal\\Core\\Settings();
		echo (string) $settings->get( 'brand' );
		$settings->update( array( 'brand' => '${ brand }' ) );
	` ).trim();
}

const detailPath = ( id: number ) => `/my-account/library/videos/${ id }`;

test.beforeAll( () => {
	setup = seedLearner();
	for ( const id of [
		setup.course,
		setup.program,
		setup.manual,
		setup.video,
		setup.membership,
		setup.expired,
	] ) {
		expect( id, 'the demo has every kind of item' ).toBeGreaterThan( 0 );
	}
	expect( setup.courseUrl ).not.toBe( '' );
} );

test.beforeEach( async ( { page } ) => {
	await logIn( page, LOGIN, PASSWORD, '/my-account/library' );
} );

test( "an e-course's primary action opens its course address", async ( {
	page,
} ) => {
	await page.goto( detailPath( setup.course ) );
	const open = page.getByRole( 'link', { name: 'Open course' } );
	await expect( open ).toHaveAttribute( 'href', setup.courseUrl );
	await checkScreens( page, 'customer-day-actions-e-course' );
	await open.click();
	await expect( page ).toHaveURL( setup.courseUrl );
	await expect( page.getByText( 'Demo e-course' ) ).toBeVisible();
} );

test( "a certificate program's primary action opens the account's certificate program page", async ( {
	page,
} ) => {
	await page.goto( detailPath( setup.program ) );
	const open = page.getByRole( 'link', {
		name: 'Open certificate program',
	} );
	await expect( open ).toHaveAttribute( 'href', setup.programUrl );
	await checkScreens( page, 'customer-day-actions-program' );
	const [ reply ] = await Promise.all( [
		page.waitForResponse( setup.programUrl ),
		open.click(),
	] );
	expect( reply.status() ).toBe( 200 );
} );

test( "an e-manual's primary action downloads it", async ( { page } ) => {
	await page.goto( detailPath( setup.manual ) );
	const [ download ] = await Promise.all( [
		page.waitForEvent( 'download' ),
		page.getByRole( 'button', { name: 'Download' } ).click(),
	] );
	expect( download.suggestedFilename() ).toMatch( /\.pdf$/ );
} );

test( "a video's primary action plays it", async ( { page } ) => {
	await page.goto( detailPath( setup.video ) );
	await expect(
		page.getByRole( 'heading', { level: 1, name: setup.videoTitle } )
	).toBeVisible();
	await page.getByRole( 'button', { name: 'Play', exact: true } ).click();
	const video = page.getByTestId( 'lp-player-video' );
	await expect
		.poll(
			() =>
				video.evaluate(
					( element: HTMLVideoElement ) =>
						! element.paused && element.currentTime > 0
				),
			{ timeout: 15_000 }
		)
		.toBe( true );
	await expect( video ).toBeFocused();
	await video.evaluate( ( element: HTMLVideoElement ) => element.pause() );
	await checkScreens( page, 'customer-day-actions-video' );
} );

test( 'an expired item offers Renew with its product link', async ( {
	page,
} ) => {
	await page.goto( detailPath( setup.expired ) );
	await expect(
		page.getByRole( 'heading', { level: 1, name: setup.expiredTitle } )
	).toBeVisible();
	await expect( page.getByRole( 'link', { name: 'Renew' } ) ).toHaveAttribute(
		'href',
		setup.productLink
	);
} );

test( 'a notification links to its item', async ( { page } ) => {
	await page.goto( '/my-account/library/videos' );
	await page.getByRole( 'button', { name: /^Notifications, / } ).click();
	const dialog = page.getByRole( 'dialog', { name: 'Notifications' } );
	const link = dialog.getByRole( 'link', {
		name: `Your 3 licenses of "${ COURSE }" expire soon.`,
	} );
	await expect( link ).toBeVisible();
	await checkScreens( page, 'customer-day-actions-notifications' );
	await link.click();
	await expect( page ).toHaveURL(
		new RegExp( `${ detailPath( setup.course ) }$` )
	);
	await expect(
		page.getByRole( 'heading', { level: 1, name: COURSE } )
	).toBeVisible();
} );

test( 'My Progress gives membership, e-course and expired rows their real state', async ( {
	page,
} ) => {
	await page.goto( `/my-account/library/users/${ setup.userId }` );
	const table = page.getByRole( 'table', { name: 'Training progress' } );
	const statusOf = ( title: string ) =>
		table
			.getByRole( 'row' )
			.filter( { has: page.getByRole( 'rowheader', { name: title } ) } );
	await expect( statusOf( setup.membershipTitle ) ).toContainText( 'Active' );
	await expect( statusOf( COURSE ) ).toContainText( 'Purchased' );
	await expect( statusOf( setup.expiredTitle ) ).toContainText( 'Expired' );
	await checkScreens( page, 'customer-day-actions-progress' );
} );

test( "item dates and the e-mail history follow the site's date format", async ( {
	page,
} ) => {
	const old = setOptions( {
		date_format: 'd/m/Y',
		time_format: 'H:i',
		timezone_string: 'UTC',
	} );
	try {
		await page.goto( detailPath( setup.course ) );
		await expect( page.getByText( 'Expires: 05/03/2031' ) ).toBeVisible();
		const history = page.getByRole( 'region', {
			name: 'Email Send History',
		} );
		await expect( history ).toContainText( 'colleague@example.com' );
		await expect( history ).toContainText( '24/12/2030 18:30' );

		setOptions( { date_format: 'Y-m-d' } );
		await page.reload();
		await expect( page.getByText( 'Expires: 2031-03-05' ) ).toBeVisible();
		await expect(
			page.getByRole( 'region', { name: 'Email Send History' } )
		).toContainText( '2030-12-24 18:30' );
	} finally {
		setOptions( old );
	}
} );

/**
 * Tabs through the page and measures each focus ring: the focused element's outline colour
 * against the background it sits on (the nearest ancestor with a background colour).
 *
 * @param page  Page to tab through.
 * @param stops How many Tab presses.
 */
async function focusRingContrasts(
	page: Page,
	stops: number
): Promise< { element: string; ratio: number }[] > {
	const measured: { element: string; ratio: number }[] = [];
	for ( let i = 0; i < stops; i++ ) {
		await page.keyboard.press( 'Tab' );
		const focused = page.locator( '*:focus' );
		if ( ( await focused.count() ) !== 1 ) {
			continue;
		}
		const result = await focused.evaluate( ( element: HTMLElement ) => {
			type Rgb = [ number, number, number ];
			const rgb = ( colour: string ): Rgb | null => {
				const match = colour.match(
					/rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+))?/
				);
				if ( ! match || Number( match[ 4 ] ?? 1 ) === 0 ) {
					return null;
				}
				return [
					Number( match[ 1 ] ),
					Number( match[ 2 ] ),
					Number( match[ 3 ] ),
				];
			};
			const channel = ( value: number ): number => {
				const c = value / 255;
				return c <= 0.03928
					? c / 12.92
					: ( ( c + 0.055 ) / 1.055 ) ** 2.4;
			};
			const luminance = ( [ r, g, b ]: Rgb ): number =>
				0.2126 * channel( r ) +
				0.7152 * channel( g ) +
				0.0722 * channel( b );
			const name = element.outerHTML.slice( 0, 80 );
			const style = getComputedStyle( element );
			if (
				style.outlineStyle === 'none' ||
				parseFloat( style.outlineWidth ) === 0
			) {
				return { element: name, ratio: -1 };
			}
			const ring = rgb( style.outlineColor );
			let parent = element.parentElement;
			let background: Rgb | null = null;
			while ( parent && ! background ) {
				background = rgb( getComputedStyle( parent ).backgroundColor );
				parent = parent.parentElement;
			}
			if ( ! ring ) {
				return { element: name, ratio: 0 };
			}
			const one = luminance( ring );
			const two = luminance( background ?? [ 255, 255, 255 ] );
			return {
				element: name,
				ratio:
					( Math.max( one, two ) + 0.05 ) /
					( Math.min( one, two ) + 0.05 ),
			};
		} );
		if ( result.ratio !== -1 ) {
			measured.push( result );
		}
	}
	return measured;
}

for ( const brand of [ 'harbor', 'summit' ] ) {
	test( `the focus ring has at least 3:1 contrast on every background (${ brand })`, async ( {
		page,
	} ) => {
		const old = setBrand( brand );
		try {
			await page.goto( detailPath( setup.course ) );
			await expect(
				page.getByRole( 'heading', { level: 1, name: COURSE } )
			).toBeVisible();
			// The printed first screen has the same top bar; tabbing while the island replaces it
			// would measure a detached link (no computed style).
			await islandReplacedFirstScreen( page );
			const rings = await focusRingContrasts( page, 25 );
			expect( rings.length, 'focus stops with a ring' ).toBeGreaterThan(
				10
			);
			for ( const { element, ratio } of rings ) {
				expect( ratio, element ).toBeGreaterThanOrEqual( 3 );
			}
		} finally {
			setBrand( old );
		}
	} );
}

test( 'the walkthrough video has a captions track', async ( { page } ) => {
	await page.goto( '/my-account/library' );
	await page
		.getByRole( 'button', { name: 'Play the walkthrough video' } )
		.click();
	const track = page.locator( 'video.lp-video track[kind="captions"]' );
	await expect( track ).toHaveAttribute( 'srclang', 'en' );
	const src = await track.getAttribute( 'src' );
	expect( src ).toMatch( /\.vtt$/ );
	const vtt = await page.request.get( src ?? '' );
	expect( vtt.status() ).toBe( 200 );
	expect( await vtt.text() ).toMatch( /^WEBVTT/ );
	await expect
		.poll( () =>
			page
				.locator( 'video.lp-video' )
				.evaluate(
					( video: HTMLVideoElement ) =>
						video.textTracks[ 0 ]?.mode ?? ''
				)
		)
		.toBe( 'showing' );
} );

test( "the demo's Account Details entries all open pages that exist", async ( {
	page,
} ) => {
	const owner = credentials( 'demo-owner' );
	await page.context().clearCookies();
	await logIn( page, owner.login, owner.password, '/my-account/library' );
	const menu = page.getByRole( 'navigation', { name: 'Library menu' } );
	for ( const name of [
		'Certificate Program',
		'Orders',
		'Subscriptions',
		'Addresses',
		'Payment Methods',
		'Wallet Balance',
	] ) {
		const link = menu.getByRole( 'link', { name, exact: true } );
		await expect( link, name ).toBeVisible();
		const href = ( await link.getAttribute( 'href' ) ) ?? '';
		const reply = await page.request.get( href );
		expect( reply.status(), `${ name }: ${ href }` ).toBe( 200 );
	}
	await checkScreens( page, 'customer-day-actions-dashboard' );
} );
