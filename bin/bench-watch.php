<?php
/**
 * Bench helper, run through bin/wp-php: as if one user had watched for some seconds with the
 * player reporting all along, so the bench's progress reports are real one-step raises that the
 * watching-time rule accepts (docs/rules/learning-and-progress.md, "Progress jumps") without the bench waiting. It
 * moves back the instant up to which the user's watching time is spent (the clock's
 * credited_until, column session_started_at); the last report stays where it is.
 * tests/php/Learning/ParallelRequestsTest.php banks time the same way.
 *
 * Arguments ($library_portal_args): <login> <seconds>
 *
 * @package LibraryPortal
 */

$library_portal_user    = get_user_by( 'login', (string) ( $library_portal_args[0] ?? '' ) );
$library_portal_seconds = (int) ( $library_portal_args[1] ?? 0 );
if ( ! $library_portal_user || $library_portal_seconds <= 0 ) {
	fwrite( STDERR, "Usage: bench-watch.php <login> <seconds>\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- CLI helper.
	exit( 1 );
}
global $wpdb;
// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders, WordPress.DB.DirectDatabaseQuery -- %i is newer than WPCS 2.3; a bench helper moving its own user's clock.
$wpdb->query( $wpdb->prepare( 'UPDATE %i SET session_started_at = CASE WHEN session_started_at > %d THEN session_started_at - %d ELSE 0 END WHERE user_id = %d', $wpdb->prefix . 'lp_progress', $library_portal_seconds, $library_portal_seconds, $library_portal_user->ID ) );
