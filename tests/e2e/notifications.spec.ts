/**
 * The bell's modal and the notifications page, against 35 notifications seeded on the server for
 * the member-only demo user: 10 per page over 4 pages, keyboard paging, hide, read-all on close
 * (Escape and a press outside), the server's unread count on the bell, axe and screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	credentials,
	LibraryPage,
	logIn,
	portalGet,
	wpPhp,
} from './support';

interface Reply {
	notifications: { id: number; message: string; read_status: boolean }[];
	total: number;
	total_pages: number;
	unread: number;
}

const LOGIN = 'demo-memberonly';

/**
 * Replaces the user's notifications with 35 (an hour apart, newest first; every third read),
 * through the plugin's own repository.
 */
function seedNotifications(): void {
	const php = `
		$user = get_user_by( 'login', '${ LOGIN }' );
		global $wpdb;
		$wpdb->delete( $wpdb->prefix . 'lp_notifications', array( 'user_id' => $user->ID ) );
		$repository = \\LibraryPortal\\Services::on( $wpdb )->notifications;
		for ( $i = 1; $i <= 35; $i++ ) {
			$repository->add(
				array(
					'user_id'     => $user->ID,
					'type'        => 'share_received',
					'message'     => sprintf( 'Seeded notice %02d', $i ),
					'read_status' => 0 === $i % 3,
				),
				time() - $i * HOUR_IN_SECONDS
			);
		}
	`;
	wpPhp( php );
}

const bell = ( page: Page ) =>
	page.getByRole( 'button', { name: /^Notifications, \d+ unread$/ } );

test.describe.configure( { mode: 'serial' } );

test.beforeAll( () => seedNotifications() );

test( 'the notifications page pages 35 notifications 10 at a time, by keyboard, and hides one', async ( {
	page,
} ) => {
	test.slow();
	const user = credentials( LOGIN );
	await logIn( page, user.login, user.password );
	const portal = new LibraryPage( page );
	await portal.goto( '/notifications' );
	await expect( page ).toHaveTitle( /^Notifications/ );
	const first = await portalGet< Reply >( page, 'notifications/?page=1' );
	expect( [ first.total, first.total_pages ] ).toEqual( [ 35, 4 ] );

	const panel = page.getByRole( 'region', { name: 'Page 1 of 4' } );
	await expect( panel.getByRole( 'listitem' ) ).toHaveCount( 10 );
	await expect( panel.getByRole( 'listitem' ).first() ).toContainText(
		'Seeded notice 01'
	);
	await expect( panel.getByRole( 'listitem' ).first() ).toContainText(
		'1 hour ago'
	);
	const nav = page.getByRole( 'navigation', { name: 'Notification pages' } );
	await expect( nav.getByRole( 'link' ) ).toHaveText( [
		'1',
		'2',
		'3',
		'4',
		'Next',
	] );
	await expect( bell( page ) ).toHaveAccessibleName(
		`Notifications, ${ first.unread } unread`
	);
	expect( await axeViolations( page ) ).toEqual( [] );
	await portal.screenshot( 'notifications-1280' );

	// Next by keyboard: the new page's heading takes focus.
	await nav.getByRole( 'link', { name: 'Next' } ).focus();
	await page.keyboard.press( 'Enter' );
	await expect( page ).toHaveURL( /\/notifications\?page=2$/ );
	const second = page.getByRole( 'heading', { name: 'Page 2 of 4' } );
	await expect( second ).toBeFocused();
	await expect(
		page
			.getByRole( 'region', { name: 'Page 2 of 4' } )
			.getByRole( 'listitem' )
			.first()
	).toContainText( 'Seeded notice 11' );

	await nav.getByRole( 'link', { name: 'Page 4' } ).click();
	const last = page.getByRole( 'region', { name: 'Page 4 of 4' } );
	await expect( last.getByRole( 'listitem' ) ).toHaveCount( 5 );
	await expect( nav.getByRole( 'link', { name: 'Next' } ) ).toHaveCount( 0 );

	// Hide: gone from the page and from the server's list.
	await page
		.getByRole( 'button', { name: 'Hide notification: Seeded notice 35' } )
		.click();
	await expect( last.getByRole( 'listitem' ) ).toHaveCount( 4 );
	// The portal's live region (a theme or WooCommerce may add live regions of their own).
	await expect(
		page.getByRole( 'status' ).filter( { hasText: 'Notification hidden.' } )
	).toHaveText( 'Notification hidden.' );
	expect(
		( await portalGet< Reply >( page, 'notifications/?page=1' ) ).total
	).toBe( 34 );

	await page.setViewportSize( { width: 390, height: 844 } );
	await portal.goto( '/notifications' );
	await expect(
		page.getByRole( 'region', { name: 'Page 1 of 4' } )
	).toBeVisible();
	expect( await axeViolations( page ) ).toEqual( [] );
	await portal.screenshot( 'notifications-390' );
	const width = await page.evaluate(
		() => document.documentElement.scrollWidth
	);
	expect( width, 'no sideways scroll at 390 px' ).toBeLessThanOrEqual( 390 );
} );

test( 'the bell opens a labelled dialog of 6; closing it by Escape or outside press marks all read', async ( {
	page,
} ) => {
	test.slow();
	const user = credentials( LOGIN );
	await logIn( page, user.login, user.password );
	const portal = new LibraryPage( page );
	await portal.goto( '/videos' );
	const before = await portalGet< Reply >( page, 'notifications/?page=1' );
	expect( before.unread ).toBeGreaterThan( 0 );
	await expect( bell( page ) ).toHaveAccessibleName(
		`Notifications, ${ before.unread } unread`
	);

	// Keyboard: the bell opens the dialog, focus goes in, Tab stays in.
	await bell( page ).focus();
	await page.keyboard.press( 'Enter' );
	const dialog = page.getByRole( 'dialog', { name: 'Notifications' } );
	await expect( dialog.getByRole( 'listitem' ) ).toHaveCount( 6 );
	await expect(
		dialog.getByRole( 'button', { name: 'Close' } )
	).toBeFocused();
	for ( let i = 0; i < 10; i++ ) {
		await page.keyboard.press( 'Tab' );
	}
	expect(
		await dialog.evaluate( ( node ) =>
			node.contains( node.ownerDocument.activeElement )
		)
	).toBe( true );
	expect( await axeViolations( page ) ).toEqual( [] );
	await portal.screenshot( 'notifications-modal-1280' );

	await page.keyboard.press( 'Escape' );
	await expect( dialog ).toHaveCount( 0 );
	await expect( bell( page ) ).toBeFocused();
	await expect( bell( page ) ).toHaveAccessibleName(
		'Notifications, 0 unread'
	);
	expect(
		( await portalGet< Reply >( page, 'notifications/?page=1' ) ).unread
	).toBe( 0 );

	// A press outside closes it too; 'View Previous Notifications' opens the page.
	seedNotifications();
	await page.reload();
	await expect( bell( page ) ).toHaveAccessibleName(
		'Notifications, 24 unread'
	);
	await bell( page ).click();
	await expect( dialog.getByRole( 'listitem' ) ).toHaveCount( 6 );
	await page.mouse.click( 5, 400 );
	await expect( dialog ).toHaveCount( 0 );
	await expect( bell( page ) ).toHaveAccessibleName(
		'Notifications, 0 unread'
	);
	await bell( page ).click();
	await dialog
		.getByRole( 'button', { name: 'View Previous Notifications' } )
		.click();
	await expect( page ).toHaveURL( /\/my-account\/library\/notifications$/ );
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'Notifications' } )
	).toBeFocused();

	await page.setViewportSize( { width: 390, height: 844 } );
	await bell( page ).click();
	await expect( dialog.getByRole( 'listitem' ) ).toHaveCount( 6 );
	await portal.screenshot( 'notifications-modal-390' );
} );
