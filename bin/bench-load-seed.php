<?php
/**
 * Load bench data (bin/bench-load), in one PHP run through bin/wp-php on the production lane.
 *
 * Kept between runs (made once, found again by login): learners "load-learner-{n}" holding one
 * activated seat of "Load Bench Training" (8 parts of 20 s: 160 steps, more than a run of a few minutes reports), owners "load-owner-{n}" of the same
 * 1,000 catalogue items, owners "load-owner100-{n}" of the first 100 of them (what one page of a
 * paged list would hold), owners "load-team-{n}" of an item shared with the same 500 members, and
 * recipients "load-recipient-{n}". Made for every run: the learners' progress of the load item set
 * back to nothing, and the races' fixtures (items with 3 and 10 seats to share by link, a seat for
 * parallel first reports, a new sharer for parallel e-mail sends). Sessions are made here, not by
 * logging in over HTTP: a logged-in cookie and a REST nonce made with that cookie's session token,
 * as the browser holds them.
 *
 * Arguments ($library_portal_args): <run id> <learners> <owners> <team owners> <output json>
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQLPlaceholders -- a CLI helper that writes bench data; %i is newer than WPCS 2.3.

use LibraryPortal\Core\Items\ContentType;
use LibraryPortal\Dev\DemoSeeder;
use LibraryPortal\Services;

const LIBRARY_PORTAL_LOAD_PARTS         = 8;
const LIBRARY_PORTAL_LOAD_PART_SECONDS  = 20;
const LIBRARY_PORTAL_LOAD_CATALOGUE     = 1000;
const LIBRARY_PORTAL_LOAD_PAGE_SIZE     = 100;
const LIBRARY_PORTAL_LOAD_TEAM          = 500;
const LIBRARY_PORTAL_LOAD_RECIPIENTS    = 200;
const LIBRARY_PORTAL_LOAD_CATALOGUE_KEY = 'library_portal_bench_load_catalogue';

/**
 * The browser's session of a user: the logged-in cookie and a REST nonce bound to its token.
 *
 * @param int $user_id User.
 * @return array{id: int, cookie: string, nonce: string}
 */
function library_portal_load_session( int $user_id ): array {
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
 * A user made once: the callback seeds what the user holds when the user is new.
 *
 * @param string        $login Login.
 * @param callable|null $seed  Called with the new user's ID.
 */
function library_portal_load_user( string $login, ?callable $seed = null ): int {
	$existing = get_user_by( 'login', $login );
	if ( $existing ) {
		return (int) $existing->ID;
	}
	$user_id = DemoSeeder::create()->user( $login, 'Load ' . $login, '' );
	if ( ! $user_id ) {
		fwrite( STDERR, "Could not create $login.\n" );
		exit( 1 );
	}
	if ( $seed ) {
		$seed( $user_id );
	}
	return $user_id;
}

/**
 * A video item with single video meta (one part) for the races.
 *
 * @param string $title Title.
 */
function library_portal_load_race_item( string $title ): int {
	$item = DemoSeeder::create()->item( $title, ContentType::ON_DEMAND_WORKSHOP, 'Load bench race' );
	update_post_meta( $item, '_lp_video_url', home_url( '/wp-content/library-portal-demo/webinar/index.m3u8' ) );
	update_post_meta( $item, '_lp_video_duration', LIBRARY_PORTAL_LOAD_PART_SECONDS );
	return $item;
}

/**
 * Grants an item to an owner.
 *
 * @param Services $services Services.
 * @param int      $owner    Owner.
 * @param int      $item     Item.
 * @param int      $quantity Seats.
 * @param int      $expires  Expiry (Unix seconds).
 */
function library_portal_load_grant( Services $services, int $owner, int $item, int $quantity, int $expires ): void {
	$services->licenses->create_grant(
		array(
			'owner_id'   => $owner,
			'product_id' => $item,
			'quantity'   => $quantity,
			'source'     => 'demo',
			'expires_at' => $expires,
		),
		time()
	);
}

list( $library_portal_run, $library_portal_learners, $library_portal_owners, $library_portal_teams, $library_portal_out ) = array_pad( $library_portal_args, 5, '' );
$library_portal_learners = (int) $library_portal_learners;
$library_portal_owners   = (int) $library_portal_owners;
$library_portal_teams    = (int) $library_portal_teams;
if ( ! preg_match( '/^[a-z0-9-]{1,40}$/', $library_portal_run ) || $library_portal_learners < 1 || $library_portal_owners < 1 || $library_portal_teams < 1 || '' === $library_portal_out ) {
	fwrite( STDERR, "usage: bin/wp-php prod bin/bench-load-seed.php <run id> <learners> <owners> <team owners> <output json>\n" );
	exit( 2 );
}
if ( ! class_exists( DemoSeeder::class ) ) {
	fwrite( STDERR, "\\LibraryPortal\\Dev\\DemoSeeder is not autoloaded; run composer install.\n" );
	exit( 1 );
}

global $wpdb;
$library_portal_services = Services::on( $wpdb );
$library_portal_now      = time();
wp_defer_term_counting( true );

// The load item: many short parts, so a learner raising 5% per request stays within the 2x rule.
$library_portal_load_item = (int) ( get_posts(
	array(
		'post_type'   => 'library_item',
		'post_status' => 'publish',
		'meta_key'    => '_lp_video_id', // phpcs:ignore WordPress.DB.SlowDBQuery -- once per run.
		'meta_value'  => 'bench-load', // phpcs:ignore WordPress.DB.SlowDBQuery -- once per run.
		'fields'      => 'ids',
	)
)[0] ?? 0 );
if ( ! $library_portal_load_item ) {
	$library_portal_load_item = DemoSeeder::create()->item( 'Load Bench Training', ContentType::ON_DEMAND_WORKSHOP, 'Eight short parts', LIBRARY_PORTAL_LOAD_PARTS );
	$library_portal_parts     = array();
	for ( $library_portal_p = 1; $library_portal_p <= LIBRARY_PORTAL_LOAD_PARTS; $library_portal_p++ ) {
		$library_portal_parts[] = array(
			'title'    => 'Part ' . $library_portal_p,
			'url'      => home_url( '/wp-content/library-portal-demo/workshop/part-1/index.m3u8' ),
			'thumb'    => '',
			'duration' => LIBRARY_PORTAL_LOAD_PART_SECONDS,
		);
	}
	update_post_meta( $library_portal_load_item, '_lp_video_parts', $library_portal_parts );
	update_post_meta( $library_portal_load_item, '_lp_video_id', 'bench-load' );
}

$library_portal_learner_ids = array();
for ( $library_portal_n = 1; $library_portal_n <= $library_portal_learners; $library_portal_n++ ) {
	$library_portal_learner_ids[] = library_portal_load_user(
		"load-learner-$library_portal_n",
		static function ( int $user_id ) use ( $library_portal_services, $library_portal_load_item ): void {
			library_portal_load_grant( $library_portal_services, $user_id, $library_portal_load_item, 1, time() + YEAR_IN_SECONDS );
			$seat = $library_portal_services->licenses->find_available_seat( $user_id, $library_portal_load_item, '', time() );
			$library_portal_services->licenses->activate_seat( $seat, $user_id, time() );
		}
	);
}
// Every run starts from nothing watched: the progress rows go, and the learners' kept replies with them.
$wpdb->query(
	$wpdb->prepare(
		'DELETE FROM %i WHERE product_id = %d AND user_id IN (' . implode( ',', array_fill( 0, count( $library_portal_learner_ids ), '%d' ) ) . ')', // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- placeholders only.
		array_merge( array( $wpdb->prefix . 'lp_progress', $library_portal_load_item ), $library_portal_learner_ids )
	)
);
$library_portal_services->library_cache->forget_users( $library_portal_learner_ids );

// Owners of the same 1,000 items (made by the first owner), and of the first 100 of them.
$library_portal_catalogue = array_map( 'intval', (array) get_option( LIBRARY_PORTAL_LOAD_CATALOGUE_KEY, array() ) );
if ( count( $library_portal_catalogue ) < LIBRARY_PORTAL_LOAD_CATALOGUE ) {
	$library_portal_first     = library_portal_load_user( 'load-owner-catalogue' );
	$library_portal_catalogue = DemoSeeder::create()->seed_library_for( $library_portal_first, LIBRARY_PORTAL_LOAD_CATALOGUE );
	update_option( LIBRARY_PORTAL_LOAD_CATALOGUE_KEY, $library_portal_catalogue, false );
}
$library_portal_own        = static function ( int $count ) use ( $library_portal_services, $library_portal_catalogue ): callable {
	return static function ( int $user_id ) use ( $count, $library_portal_services, $library_portal_catalogue ): void {
		$now = time();
		foreach ( array_slice( $library_portal_catalogue, 0, $count ) as $i => $item ) {
			// As DemoSeeder::seed_library_for(): every fifth grant expired, every second item started.
			$n       = $i + 1;
			$expires = 0 === $n % 5 ? $now - DAY_IN_SECONDS : $now + YEAR_IN_SECONDS;
			library_portal_load_grant( $library_portal_services, $user_id, $item, 2, $expires );
			if ( 0 === $n % 2 ) {
				$library_portal_services->progress->record( $user_id, $item, 0, 5 * ( $n % 20 ), $now );
			}
		}
	};
};
$library_portal_owner_ids  = array();
$library_portal_page_owner = array();
for ( $library_portal_n = 1; $library_portal_n <= $library_portal_owners; $library_portal_n++ ) {
	$library_portal_owner_ids[]  = library_portal_load_user( "load-owner-$library_portal_n", $library_portal_own( LIBRARY_PORTAL_LOAD_CATALOGUE ) );
	$library_portal_page_owner[] = library_portal_load_user( "load-owner100-$library_portal_n", $library_portal_own( LIBRARY_PORTAL_LOAD_PAGE_SIZE ) );
}

// Team owners: each shares an item with the same 500 members (DemoSeeder::seed_team() finds them by login).
$library_portal_team_ids = array();
for ( $library_portal_n = 1; $library_portal_n <= $library_portal_teams; $library_portal_n++ ) {
	$library_portal_team_ids[] = library_portal_load_user(
		"load-team-$library_portal_n",
		static function ( int $user_id ): void {
			DemoSeeder::create()->seed_team( $user_id, LIBRARY_PORTAL_LOAD_TEAM, 'load-member' );
		}
	);
}

$library_portal_recipient_ids = array();
for ( $library_portal_n = 1; $library_portal_n <= LIBRARY_PORTAL_LOAD_RECIPIENTS; $library_portal_n++ ) {
	$library_portal_recipient_ids[] = library_portal_load_user( "load-recipient-$library_portal_n" );
}

// The races' fixtures, new for every run.
$library_portal_sharer = library_portal_load_user( 'load-sharer' );
$library_portal_links  = array();
foreach ( array( 3, 10 ) as $library_portal_seats ) {
	$library_portal_item = library_portal_load_race_item( "Load race $library_portal_run: $library_portal_seats seats by link" );
	library_portal_load_grant( $library_portal_services, $library_portal_sharer, $library_portal_item, $library_portal_seats, $library_portal_now + YEAR_IN_SECONDS );
	$library_portal_links[ $library_portal_seats ] = array(
		'item'  => $library_portal_item,
		'seats' => $library_portal_seats,
		'code'  => $library_portal_services->share_links->issue( $library_portal_sharer, $library_portal_item, $library_portal_now ),
	);
}
$library_portal_activator = library_portal_load_user( 'load-activator' );
$library_portal_seat_item = library_portal_load_race_item( "Load race $library_portal_run: one seat" );
library_portal_load_grant( $library_portal_services, $library_portal_activator, $library_portal_seat_item, 1, $library_portal_now + YEAR_IN_SECONDS );
// A new sharer per run: the e-mail cooldown of an earlier run must not refuse all eight.
$library_portal_mailer    = library_portal_load_user( "load-mailer-$library_portal_run" );
$library_portal_mail_item = library_portal_load_race_item( "Load race $library_portal_run: e-mails" );
library_portal_load_grant( $library_portal_services, $library_portal_mailer, $library_portal_mail_item, 8, $library_portal_now + YEAR_IN_SECONDS );
wp_defer_term_counting( false );

$library_portal_sessions = static fn( array $ids ): array => array_map( 'library_portal_load_session', $ids );
$library_portal_written  = file_put_contents(
	$library_portal_out,
	(string) wp_json_encode(
		array(
			'run'         => $library_portal_run,
			'loadItem'    => $library_portal_load_item,
			'parts'       => LIBRARY_PORTAL_LOAD_PARTS,
			'partSeconds' => LIBRARY_PORTAL_LOAD_PART_SECONDS,
			'teamSize'    => LIBRARY_PORTAL_LOAD_TEAM,
			'learners'    => $library_portal_sessions( $library_portal_learner_ids ),
			'owners'      => $library_portal_sessions( $library_portal_owner_ids ),
			'pageOwners'  => $library_portal_sessions( $library_portal_page_owner ),
			'teamOwners'  => $library_portal_sessions( $library_portal_team_ids ),
			'recipients'  => $library_portal_sessions( $library_portal_recipient_ids ),
			'links'       => array_values( $library_portal_links ),
			'seatRace'    => array(
				'item'    => $library_portal_seat_item,
				'session' => library_portal_load_session( $library_portal_activator ),
			),
			'mailRace'    => array(
				'item'    => $library_portal_mail_item,
				'session' => library_portal_load_session( $library_portal_mailer ),
			),
		)
	)
);
if ( false === $library_portal_written ) {
	fwrite( STDERR, "Could not write $library_portal_out.\n" );
	exit( 1 );
}
echo 'Seeded: ', count( $library_portal_learner_ids ), ' learners, ', count( $library_portal_owner_ids ), ' owners of 1,000 items, ', count( $library_portal_team_ids ), " team owners of 500 members.\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- CLI output.
