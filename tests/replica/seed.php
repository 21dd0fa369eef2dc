<?php
/**
 * The lag test's fixtures (tests/replica/lag.mjs), new for every run, written on the replicated lane's
 * primary through bin/wp-php: a learner with an activated seat of a one-part video, an owner of 5 seats
 * shared by a link to 20 recipients, and a second owner whose link the test withdraws while the replica
 * is held behind. Prints one JSON object: the sessions (cookie and REST nonce) and the items.
 *
 * Usage: bin/wp-php prod-replica tests/replica/seed.php <run id>
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions -- a command-line tool.

use LibraryPortal\Core\Items\ContentType;
use LibraryPortal\Dev\DemoSeeder;
use LibraryPortal\Services;

$library_portal_run = (string) ( $library_portal_args[0] ?? '' );
if ( ! preg_match( '/^[a-z0-9-]{1,40}$/', $library_portal_run ) ) {
	fwrite( STDERR, "usage: bin/wp-php prod-replica tests/replica/seed.php <run id>\n" );
	exit( 2 );
}
$library_portal_services = Services::on( $GLOBALS['wpdb'] );
$library_portal_now      = time();

/**
 * A logged-in session of a user: the auth cookie and a REST nonce.
 *
 * @param int $user_id User.
 * @return array{id: int, cookie: string, nonce: string}
 */
function library_portal_replica_session( int $user_id ): array {
	$cookie                      = wp_generate_auth_cookie( $user_id, time() + DAY_IN_SECONDS, 'logged_in' );
	$_COOKIE[ LOGGED_IN_COOKIE ] = $cookie;
	wp_set_current_user( $user_id );
	$nonce = wp_create_nonce( 'wp_rest' );
	unset( $_COOKIE[ LOGGED_IN_COOKIE ] );
	wp_set_current_user( 0 );
	return array(
		'id'     => $user_id,
		'cookie' => LOGGED_IN_COOKIE . '=' . rawurlencode( $cookie ),
		'nonce'  => $nonce,
	);
}

/**
 * A new user of this run.
 *
 * @param string $login Login.
 */
function library_portal_replica_user( string $login ): int {
	$user_id = DemoSeeder::create()->user( $login, 'Replica ' . $login, '' );
	if ( ! $user_id ) {
		fwrite( STDERR, "Could not create $login.\n" );
		exit( 1 );
	}
	return $user_id;
}

/**
 * A one-part video item of this run, 20 s long.
 *
 * @param string $title Title.
 */
function library_portal_replica_item( string $title ): int {
	$item = DemoSeeder::create()->item( $title, ContentType::ON_DEMAND_WORKSHOP, 'Replica lag test' );
	update_post_meta( $item, '_lp_video_url', home_url( '/wp-content/library-portal-demo/webinar/index.m3u8' ) );
	update_post_meta( $item, '_lp_video_duration', 20 );
	return $item;
}

/**
 * A grant of seats.
 *
 * @param Services $services Services.
 * @param int      $owner    Owner.
 * @param int      $item     Item.
 * @param int      $quantity Seats.
 * @param int      $now      Unix seconds.
 */
function library_portal_replica_grant( Services $services, int $owner, int $item, int $quantity, int $now ): void {
	$services->licenses->create_grant(
		array(
			'owner_id'   => $owner,
			'product_id' => $item,
			'quantity'   => $quantity,
			'source'     => 'demo',
			'expires_at' => $now + YEAR_IN_SECONDS,
		),
		$now
	);
}

// The learner: one activated seat of a fresh item, nothing watched yet.
$library_portal_learner = library_portal_replica_user( "replica-learner-$library_portal_run" );
$library_portal_video   = library_portal_replica_item( "Replica $library_portal_run: progress" );
library_portal_replica_grant( $library_portal_services, $library_portal_learner, $library_portal_video, 1, $library_portal_now );
$library_portal_services->licenses->activate_seat( $library_portal_services->licenses->find_available_seat( $library_portal_learner, $library_portal_video, '', $library_portal_now ), $library_portal_learner, $library_portal_now );

// The accept race: 5 seats, one link, 20 recipients.
$library_portal_owner  = library_portal_replica_user( "replica-owner-$library_portal_run" );
$library_portal_shared = library_portal_replica_item( "Replica $library_portal_run: 5 seats by link" );
library_portal_replica_grant( $library_portal_services, $library_portal_owner, $library_portal_shared, 5, $library_portal_now );
$library_portal_race_link = $library_portal_services->share_links->issue( $library_portal_owner, $library_portal_shared, $library_portal_now );

// The withdrawn link: its owner withdraws it over HTTP while the replica is behind.
$library_portal_withdrawer = library_portal_replica_user( "replica-withdrawer-$library_portal_run" );
$library_portal_withdrawn  = library_portal_replica_item( "Replica $library_portal_run: withdrawn link" );
library_portal_replica_grant( $library_portal_services, $library_portal_withdrawer, $library_portal_withdrawn, 3, $library_portal_now );
$library_portal_withdrawn_link = $library_portal_services->share_links->issue( $library_portal_withdrawer, $library_portal_withdrawn, $library_portal_now );

$library_portal_recipients = array();
for ( $library_portal_n = 1; $library_portal_n <= 20; $library_portal_n++ ) {
	$library_portal_recipients[] = library_portal_replica_session( library_portal_replica_user( "replica-recipient-$library_portal_run-$library_portal_n" ) );
}

echo wp_json_encode(
	array(
		'learner'    => library_portal_replica_session( $library_portal_learner ),
		'video'      => $library_portal_video,
		'owner'      => library_portal_replica_session( $library_portal_owner ),
		'shared'     => $library_portal_shared,
		'raceLink'   => $library_portal_race_link,
		'withdrawer' => library_portal_replica_session( $library_portal_withdrawer ),
		'withdrawn'  => $library_portal_withdrawn,
		'link'       => $library_portal_withdrawn_link,
		'recipients' => $library_portal_recipients,
		'table'      => $GLOBALS['wpdb']->prefix,
	)
), "\n";
