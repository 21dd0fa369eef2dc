<?php
/**
 * Times the portal's read routes in one PHP process for `npm run bench:scale`, through
 * bin/wp-php: each route as a demo user, its library cache dropped before every sample (the
 * rebuilt path reads the most), median of N samples after 3 warm-ups; then the statements of one
 * more sample (SAVEQUERIES) are EXPLAINed against the tables that grow with people.
 *
 * Arguments ($library_portal_args): <samples>
 * Prints one JSON object: route => {ms, queries, faults}, plus the table sizes.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.Security.EscapeOutput.OutputNotEscaped, WordPress.DB.DirectDatabaseQuery -- a CLI bench.

use LibraryPortal\Dev\QueryPlanCheck;
use LibraryPortal\Services;

if ( ! defined( 'SAVEQUERIES' ) ) {
	define( 'SAVEQUERIES', true ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- WordPress's own switch.
}
global $wpdb;
$library_portal_samples = max( 1, (int) ( $library_portal_args[0] ?? 15 ) );
$library_portal_id      = static fn( string $login ): int => (int) get_user_by( 'login', $login )->ID;
$library_portal_owner   = $library_portal_id( 'demo-owner' );
$library_portal_member  = $library_portal_id( 'demo-member' );
$library_portal_cuser   = $library_portal_id( 'demo-contract' );
$library_portal_shared  = (int) $wpdb->get_var( $wpdb->prepare( "SELECT product_id FROM {$wpdb->prefix}lp_licenses WHERE owner_id = %d AND shared = 1 ORDER BY product_id LIMIT 1", $library_portal_owner ) );
$library_portal_video   = (int) $wpdb->get_var( $wpdb->prepare( "SELECT ID FROM {$wpdb->posts} WHERE post_type = 'library_item' AND post_title = %s", 'Trauma-Informed Care' ) );
$library_portal_cache   = Services::on( $wpdb )->library_cache;
$library_portal_c       = Services::on( $wpdb )->contracts->for_member( $library_portal_cuser )[0] ?? null;
$library_portal_citem   = $library_portal_c ? ( Services::on( $wpdb )->contracts->items( $library_portal_c->id )[0]->product_id ?? 0 ) : 0;

$library_portal_routes = array(
	'GET items/ (owner)'          => array( $library_portal_owner, '/library/v2/items' ),
	'GET items/ (team member)'    => array( $library_portal_member, '/library/v2/items' ),
	'GET user/'                   => array( $library_portal_owner, '/library/v2/user' ),
	'GET notifications/'          => array( $library_portal_owner, '/library/v2/notifications' ),
	'GET dashboard/'              => array( $library_portal_owner, '/library/v2/dashboard' ),
	'GET shareduserscontent/'     => array( $library_portal_owner, '/library/v2/shareduserscontent' ),
	'GET videosharedata/{id}'     => array( $library_portal_owner, '/library/v2/videosharedata/' . $library_portal_shared ),
	'GET video/{id}'              => array( $library_portal_owner, '/library/v2/video/' . $library_portal_video ),
	'GET contract/{id}/item/{id}' => array( $library_portal_cuser, sprintf( '/library/v2/contract/%d/item/%d', $library_portal_c ? $library_portal_c->id : 0, $library_portal_citem ) ),
);

/**
 * One request, as the REST server serves it, with the user's library cache dropped first.
 *
 * @param int    $user  User.
 * @param string $route Route.
 */
$library_portal_call = static function ( int $user, string $route ) use ( $library_portal_cache ): int {
	$library_portal_cache->forget_users( $user );
	wp_set_current_user( $user );
	$GLOBALS['wp_rest_server'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound -- a new request gets a new server.
	return rest_do_request( new WP_REST_Request( 'GET', $route ) )->get_status();
};

/**
 * What EXPLAIN finds wrong with these statements at this size, each with the start of its SQL.
 *
 * @param string[] $statements Statements as sent.
 * @return string[]
 */
$library_portal_plan_faults = static function ( array $statements ) use ( $wpdb ): array {
	$faults = array();
	foreach ( $statements as $sql ) {
		foreach ( QueryPlanCheck::faults( $wpdb, $sql ) as $fault ) {
			$faults[] = $fault . ' | ' . substr( (string) preg_replace( '/\s+/', ' ', $sql ), 0, 300 );
		}
	}
	return $faults;
};

$library_portal_result = array();
foreach ( $library_portal_routes as $library_portal_name => list( $library_portal_user, $library_portal_route ) ) {
	$library_portal_times = array();
	for ( $library_portal_i = 0; $library_portal_i < 3 + $library_portal_samples; $library_portal_i++ ) {
		$library_portal_start  = hrtime( true );
		$library_portal_status = $library_portal_call( $library_portal_user, $library_portal_route );
		if ( $library_portal_i >= 3 ) {
			$library_portal_times[] = ( hrtime( true ) - $library_portal_start ) / 1e6;
		}
	}
	sort( $library_portal_times );
	$wpdb->queries = array();
	$library_portal_call( $library_portal_user, $library_portal_route );
	$library_portal_statements                               = array_column( $wpdb->queries, 0 );
	$library_portal_faults                                   = $library_portal_plan_faults( $library_portal_statements );
	$library_portal_result['routes'][ $library_portal_name ] = array(
		'status'  => $library_portal_status,
		'ms'      => round( $library_portal_times[ intdiv( count( $library_portal_times ), 2 ) ], 2 ),
		'queries' => count( $library_portal_statements ),
		'faults'  => $library_portal_faults,
	);
}
// The Reports screen (docs/reports.md): its reads of the daily counts, and one chunk of the fill
// of earlier learning (certificates, then progress from the middle of the table), each sample
// from the same place (the fill's state set again before it).
$library_portal_days    = \LibraryPortal\Services::on( $wpdb )->report_days;
$library_portal_items   = new \LibraryPortal\Reports\ReportItems( $wpdb );
$library_portal_page    = new \LibraryPortal\Reports\ReportsPage( $library_portal_days, new \LibraryPortal\Reports\ReportFill( $library_portal_days, new \LibraryPortal\Platform\Queue() ), $library_portal_items, new \LibraryPortal\Reports\ReportItemsRefresh( $library_portal_items, new \LibraryPortal\Platform\Queue() ) );
$library_portal_fill    = new \LibraryPortal\Reports\ReportFill( $library_portal_days, new \LibraryPortal\Platform\Queue() );
$library_portal_today   = \LibraryPortal\Reports\ReportDay::of( time() );
$library_portal_middle  = (int) $wpdb->get_var( "SELECT user_id FROM {$wpdb->prefix}lp_progress ORDER BY user_id DESC LIMIT 1" ) / 2; // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- a table name of this site.
$library_portal_chunk   = static function ( string $phase, int $user ) use ( $library_portal_fill ): void {
	update_option(
		\LibraryPortal\Reports\ReportFill::OPTION,
		array(
			'phase'       => $phase,
			'since'       => time(),
			'certificate' => 0,
			'user'        => $user,
			'product'     => 0,
			'read'        => 0,
		),
		false
	);
	$library_portal_fill->run();
};
$library_portal_reports = array(
	'Reports: 12 weeks, whole site'        => fn() => $library_portal_page->rows( new \LibraryPortal\Reports\ReportQuery( $library_portal_today - 83, $library_portal_today, 'week', 0, 0 ) ),
	'Reports: 2 years by month, one item'  => fn() => $library_portal_page->rows( new \LibraryPortal\Reports\ReportQuery( $library_portal_today - 729, $library_portal_today, 'month', 1_000_007, 0 ) ),
	'Reports: 2 years by week, a contract' => fn() => $library_portal_page->rows( new \LibraryPortal\Reports\ReportQuery( $library_portal_today - 729, $library_portal_today, 'week', 0, 3 ) ),
	'Reports refresh: one training, site'  => fn() => $library_portal_items->compute( 'site', 0, (int) $library_portal_video, 1 ),
	'Reports fill: 2,000 certificates'     => fn() => $library_portal_chunk( 'certificates', 0 ),
	'Reports fill: 2,000 progress pairs'   => fn() => $library_portal_chunk( 'progress', (int) $library_portal_middle ),
);
foreach ( $library_portal_reports as $library_portal_name => $library_portal_run ) {
	$library_portal_times = array();
	for ( $library_portal_i = 0; $library_portal_i < 3 + $library_portal_samples; $library_portal_i++ ) {
		$library_portal_start = hrtime( true );
		$library_portal_run();
		if ( $library_portal_i >= 3 ) {
			$library_portal_times[] = ( hrtime( true ) - $library_portal_start ) / 1e6;
		}
	}
	sort( $library_portal_times );
	$wpdb->queries = array();
	$library_portal_run();
	$library_portal_statements                               = array_column( $wpdb->queries, 0 );
	$library_portal_faults                                   = $library_portal_plan_faults( $library_portal_statements );
	$library_portal_result['routes'][ $library_portal_name ] = array(
		'status'  => 200,
		'ms'      => round( $library_portal_times[ intdiv( count( $library_portal_times ), 2 ) ], 2 ),
		'queries' => count( $library_portal_statements ),
		'faults'  => $library_portal_faults,
	);
}
foreach ( array( 'users', 'usermeta', 'lp_licenses', 'lp_progress', 'lp_report_days' ) as $library_portal_table ) {
	$library_portal_name                                    = 'users' === $library_portal_table || 'usermeta' === $library_portal_table ? $wpdb->$library_portal_table : $wpdb->prefix . $library_portal_table;
	$library_portal_result['rows'][ $library_portal_table ] = (int) $wpdb->get_var( "SELECT COUNT(*) FROM $library_portal_name" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- a table name of this site.
}
echo wp_json_encode( $library_portal_result ), "\n";
