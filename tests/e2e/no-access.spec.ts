/**
 * An owner who cannot open an item is told what is true: every seat shared out, or
 * access that ended on a day, instead of a generic "You don't have access to view this video
 * content". Walked as the owner does: from the list to the item.
 */
import { expect, test } from '@playwright/test';
import { checkScreens, credentials, logIn, wpPhp } from './support';

const PASSWORD = 'no-access-Pass-37';
const OWNER = { login: 'all-shared-owner', name: 'Sam Sharer' };
const MEMBER = { login: 'all-shared-member', name: 'Mo Member' };
const TITLE = 'Suicide Risk Assessment';

test( 'an owner who shared every seat is told none is left and how to keep one', async ( {
	page,
} ) => {
	// One seat, shared and not started: the owner has none left to watch with.
	wpPhp( `
		global $wpdb;
		$services = \\LibraryPortal\\Services::on( $wpdb );
		$seeder   = \\LibraryPortal\\Dev\\DemoSeeder::create();
		$owner    = $seeder->user( '${ OWNER.login }', '${ OWNER.name }', '${ PASSWORD }' );
		$member   = $seeder->user( '${ MEMBER.login }', '${ MEMBER.name }', '${ PASSWORD }' );
		$found    = get_posts( array( 'post_type' => 'library_item', 'title' => '${ TITLE }', 'posts_per_page' => 1, 'fields' => 'ids' ) );
		$item     = (int) $found[0];
		$now      = time();
		if ( ! $services->licenses->team_seats( $owner ) ) {
			$services->licenses->create_grant( array( 'owner_id' => $owner, 'product_id' => $item, 'quantity' => 1, 'expires_at' => 0, 'tag' => '', 'source' => 'e2e' ), $now );
			$seat = $services->licenses->find_available_seat( $owner, $item, '', $now );
			$services->licenses->share_seat( $seat, $owner, $member, $now );
		}
	` );
	await logIn( page, OWNER.login, PASSWORD, '/my-account/library/videos' );
	await page
		.getByRole( 'article' )
		.filter( { hasText: TITLE } )
		.getByRole( 'link', { name: TITLE } )
		.first()
		.click();

	const notice = page.locator( '.lp-share-details .lp-notice--warning' );
	await expect( notice ).toHaveText(
		'All your licenses are shared with your team, so none is left for you to watch this training. To keep one for yourself, revoke a share nobody has started below, or add licenses.'
	);
	await expect(
		page.getByText( "You don't have access to view this video content" )
	).toHaveCount( 0 );
	// What the notice points at is on the screen: the share to revoke.
	await expect(
		page.getByRole( 'button', { name: /Revoke/ } ).first()
	).toBeVisible();
	await checkScreens( page, 'no-access-all-shared' );
} );

test( 'an owner whose seats expired is told the day access ended, with Renew', async ( {
	page,
} ) => {
	const owner = credentials( 'demo-owner' );
	await logIn(
		page,
		owner.login,
		owner.password,
		'/my-account/library/videos?status=expired'
	);
	// A card whose seats all ended says so ("Expired: {date}"); the owner opens it.
	const card = page
		.getByRole( 'article' )
		.filter( { hasText: /Expired: / } )
		.first();
	await card.getByRole( 'link' ).first().click();

	const notice = page.locator( '.lp-share-details .lp-notice--warning' );
	await expect( notice ).toHaveText(
		/^Your access ended on .+\. Renew to watch this training again\.$/
	);
	await expect(
		page.getByText( "You don't have access to view this video content" )
	).toHaveCount( 0 );
	await expect(
		page.locator( '.lp-detail__header' ).getByRole( 'link', {
			name: 'Renew',
		} )
	).toBeVisible();
	// One expiry notice for the item, in one wording: the header does not add 'Expired: {date}'.
	await expect(
		page.locator( '.lp-detail__header' ).getByText( /Expired: / )
	).toHaveCount( 0 );
	await checkScreens( page, 'no-access-expired' );
} );
