<?php
/**
 * Benchmark data, run by bin/bench through bin/wp-php: a user with N library items
 * (\LibraryPortal\Dev\DemoSeeder::seed_library_for(), dev tooling) and, when asked, one item
 * shared with a team of M members (seed_team()), password "password" (a local bench site only).
 * Prints one JSON object: {"login": ..., "items": N, "team": M}.
 *
 * Arguments ($library_portal_args): <login> <items> [team members]
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.Security.EscapeOutput.OutputNotEscaped -- CLI helper.

list( $library_portal_login, $library_portal_items, $library_portal_team ) = array_pad( $library_portal_args, 3, '' );
$library_portal_items = (int) $library_portal_items;
$library_portal_team  = (int) $library_portal_team;

$library_portal_user = get_user_by( 'login', $library_portal_login );
if ( ! $library_portal_user ) {
	$library_portal_id = wp_insert_user(
		array(
			'user_login'   => $library_portal_login,
			'user_pass'    => 'password',
			'user_email'   => $library_portal_login . '@example.com',
			'display_name' => 'Bench ' . $library_portal_items,
			'role'         => 'subscriber',
		)
	);
	if ( is_wp_error( $library_portal_id ) ) {
		fwrite( STDERR, $library_portal_id->get_error_message() . "\n" );
		exit( 1 );
	}
	if ( $library_portal_items + $library_portal_team > 0 ) {
		if ( ! class_exists( \LibraryPortal\Dev\DemoSeeder::class ) ) {
			fwrite( STDERR, "\\LibraryPortal\\Dev\\DemoSeeder is not autoloaded; run composer install.\n" );
			exit( 1 );
		}
		\LibraryPortal\Dev\DemoSeeder::create()->seed_library_for( $library_portal_id, $library_portal_items );
	}
	if ( $library_portal_team > 0 ) {
		\LibraryPortal\Dev\DemoSeeder::create()->seed_team( $library_portal_id, $library_portal_team, $library_portal_login . '-member' );
	}
	$library_portal_user = get_user_by( 'id', $library_portal_id );
}

echo wp_json_encode(
	array(
		'login' => $library_portal_login,
		'items' => $library_portal_items,
		'team'  => $library_portal_team,
	)
), "\n";
