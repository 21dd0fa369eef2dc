<?php
/**
 * The Reports screen's daily counts for `npm run bench:scale`, run through bin/wp-php on both
 * sites (the small one and the one with ten million progress rows), so the screen's reads are
 * compared on the same counts and only the rest of the data differs: two years of days for 1,000
 * trainings and for all of them together, for the whole site and for ten contracts of 100
 * trainings each (docs/reports.md). Written with multi-row INSERTs of 5,000 rows.
 *
 * Prints the rows written.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.Security.EscapeOutput.OutputNotEscaped -- a CLI seeder of prepared tuples.

global $wpdb;
$library_portal_table  = $wpdb->prefix . 'lp_report_days';
$library_portal_today  = intdiv( time(), DAY_IN_SECONDS );
$library_portal_tuples = array();
$library_portal_rows   = 0;
$library_portal_flush  = static function () use ( &$library_portal_tuples, &$library_portal_rows, $wpdb, $library_portal_table ): void {
	if ( $library_portal_tuples ) {
		$wpdb->query( "INSERT INTO $library_portal_table (contract_id, product_id, day, completions, certificates) VALUES " . implode( ',', $library_portal_tuples ) );
		$library_portal_rows  += count( $library_portal_tuples );
		$library_portal_tuples = array();
	}
};
$wpdb->query( "DELETE FROM $library_portal_table" );
// Scope 0: 1,000 trainings; scopes 1-10: 100 trainings each.
for ( $library_portal_scope = 0; $library_portal_scope <= 10; $library_portal_scope++ ) {
	$library_portal_items = 0 === $library_portal_scope ? range( 1_000_000, 1_000_999 ) : range( 1_000_000 + 100 * ( $library_portal_scope - 1 ), 1_000_099 + 100 * ( $library_portal_scope - 1 ) );
	for ( $library_portal_age = 0; $library_portal_age < 730; $library_portal_age++ ) {
		$library_portal_day = $library_portal_today - $library_portal_age;
		$library_portal_all = array( 0, 0 );
		foreach ( $library_portal_items as $library_portal_item ) {
			$library_portal_done      = 1 + ( $library_portal_item + $library_portal_age ) % 3;
			$library_portal_certified = ( $library_portal_item + $library_portal_age ) % 2;
			$library_portal_all[0]   += $library_portal_done;
			$library_portal_all[1]   += $library_portal_certified;
			$library_portal_tuples[]  = $wpdb->prepare( '(%d, %d, %d, %d, %d)', $library_portal_scope, $library_portal_item, $library_portal_day, $library_portal_done, $library_portal_certified );
			if ( count( $library_portal_tuples ) >= 5000 ) {
				$library_portal_flush();
			}
		}
		$library_portal_tuples[] = $wpdb->prepare( '(%d, %d, %d, %d, %d)', $library_portal_scope, 0, $library_portal_day, $library_portal_all[0], $library_portal_all[1] );
	}
}
$library_portal_flush();
echo wp_json_encode( array( 'report_days' => $library_portal_rows ) ), "\n";
