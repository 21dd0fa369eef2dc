<?php
/**
 * Bench helper, run through bin/wp-php: drops the cached library of one user, so the next
 * items/ request builds it (tests/bench/bench.mjs measures that path).
 *
 * Arguments ($library_portal_args): <login>
 *
 * @package LibraryPortal
 */

$library_portal_user = get_user_by( 'login', (string) ( $library_portal_args[0] ?? '' ) );
if ( ! $library_portal_user ) {
	fwrite( STDERR, "No such user.\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- CLI helper.
	exit( 1 );
}
\LibraryPortal\Services::on( $GLOBALS['wpdb'] )->library_cache->forget_users( $library_portal_user->ID );
