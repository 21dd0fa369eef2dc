<?php
/**
 * What the database holds after a load bench run (bin/bench-load, tests/bench/load.mjs), read from
 * the tables themselves: the learners' progress of the load item per part, the seats of each race
 * item by state, and the e-mail history rows of the run's sharer. Prints one JSON object.
 *
 * Arguments ($library_portal_args): <seed json written by bin/bench-load-seed.php>
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQLPlaceholders, WordPress.Security.EscapeOutput.OutputNotEscaped -- a CLI helper that reads the tables; %i is newer than WPCS 2.3.

global $wpdb;
$library_portal_seed = json_decode( (string) file_get_contents( (string) ( $library_portal_args[0] ?? '' ) ), true );
if ( ! is_array( $library_portal_seed ) ) {
	fwrite( STDERR, "usage: bin/wp-php prod bin/bench-load-check.php <seed json>\n" );
	exit( 2 );
}

/**
 * Seats of an item by state.
 *
 * @param int $item Item.
 * @return array{available: int, assigned: int, activated: int}
 */
function library_portal_load_seat_states( int $item ): array {
	global $wpdb;
	$states = array(
		'available' => 0,
		'assigned'  => 0,
		'activated' => 0,
	);
	foreach ( (array) $wpdb->get_results( $wpdb->prepare( 'SELECT state, COUNT(*) AS n FROM %i WHERE product_id = %d GROUP BY state', $wpdb->prefix . 'lp_licenses', $item ), ARRAY_A ) as $row ) {
		$states[ $row['state'] ] = (int) $row['n'];
	}
	return $states;
}

$library_portal_learners = array_map( static fn( array $session ): int => (int) $session['id'], $library_portal_seed['learners'] );
$library_portal_progress = array();
foreach ( $library_portal_learners as $library_portal_learner ) {
	$library_portal_progress[ $library_portal_learner ] = array();
}
$library_portal_rows = (array) $wpdb->get_results(
	$wpdb->prepare(
		'SELECT user_id, part_index, percent FROM %i WHERE product_id = %d AND user_id IN (' . implode( ',', array_fill( 0, count( $library_portal_learners ), '%d' ) ) . ')', // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- placeholders only.
		array_merge( array( $wpdb->prefix . 'lp_progress', (int) $library_portal_seed['loadItem'] ), $library_portal_learners )
	),
	ARRAY_A
);
foreach ( $library_portal_rows as $library_portal_row ) {
	$library_portal_progress[ (int) $library_portal_row['user_id'] ][ (int) $library_portal_row['part_index'] ] = (int) $library_portal_row['percent'];
}

$library_portal_links = array();
foreach ( $library_portal_seed['links'] as $library_portal_link ) {
	$library_portal_links[ (string) $library_portal_link['item'] ] = library_portal_load_seat_states( (int) $library_portal_link['item'] );
}

echo wp_json_encode(
	array(
		// Objects keyed by user and part, also when a learner has no row.
		'progress'  => array_map( static fn( array $parts ): object => (object) $parts, $library_portal_progress ),
		'links'     => $library_portal_links,
		'seatRace'  => library_portal_load_seat_states( (int) $library_portal_seed['seatRace']['item'] ),
		'mailsSent' => (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE sender_id = %d', $wpdb->prefix . 'lp_mail_history', (int) $library_portal_seed['mailRace']['session']['id'] ) ),
	)
), "\n";
