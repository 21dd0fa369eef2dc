<?php
/**
 * Scale data for `npm run bench:scale`, run through bin/wp-php: U users, each with one grant of
 * S seats (the first activated by the owner) of a catalogue item, P progress rows (items ×
 * parts), 5 notifications and a certificate, written with multi-row INSERTs of 5,000 rows (no WordPress API per row, so 10 million
 * rows take minutes, not hours). The users are "scale-<n>" with no password (they never log in);
 * the demo data's users are the ones measured, on tables this big.
 *
 * Arguments ($library_portal_args): <users> <seats per user> <progress rows per user>
 * Prints one JSON object with the rows written and the seconds taken per table.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.Security.EscapeOutput.OutputNotEscaped, WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- a CLI seeder of prepared tuples.

list( $library_portal_users, $library_portal_seats, $library_portal_progress ) = array_map( 'intval', array_pad( $library_portal_args, 3, '0' ) );
if ( $library_portal_users < 1 || $library_portal_seats < 1 || $library_portal_progress < 1 ) {
	fwrite( STDERR, "usage: bin/wp-php <site> bin/bench-scale-seed.php <users> <seats per user> <progress rows per user>\n" );
	exit( 2 );
}

global $wpdb;
$library_portal_items = array_map(
	'intval',
	get_posts(
		array(
			'post_type'   => 'library_item',
			'post_status' => 'publish',
			'fields'      => 'ids',
			'numberposts' => -1,
			'orderby'     => 'ID',
			'order'       => 'ASC',
		)
	)
);
if ( ! $library_portal_items ) {
	fwrite( STDERR, "No published library items: install the site with --seed first.\n" );
	exit( 1 );
}

/**
 * Writes rows in INSERTs of 5,000; returns the seconds taken.
 *
 * @param string   $table   Table.
 * @param string   $columns Column list.
 * @param int      $count   Rows.
 * @param callable $row     Row n => prepared tuple.
 */
function library_portal_scale_insert( string $table, string $columns, int $count, callable $row ): float {
	global $wpdb;
	$start = microtime( true );
	for ( $offset = 0; $offset < $count; $offset += 5000 ) {
		$tuples = array();
		$end    = min( $count, $offset + 5000 );
		for ( $n = $offset; $n < $end; $n++ ) {
			$tuples[] = $row( $n );
		}
		if ( false === $wpdb->query( "INSERT INTO $table $columns VALUES " . implode( ',', $tuples ) ) ) {
			fwrite( STDERR, "$table: {$wpdb->last_error}\n" );
			exit( 1 );
		}
	}
	return round( microtime( true ) - $start, 1 );
}

$library_portal_first_user  = (int) $wpdb->get_var( "SELECT COALESCE( MAX(ID), 0 ) + 1 FROM {$wpdb->users}" );
$library_portal_first_grant = (int) $wpdb->get_var( "SELECT COALESCE( MAX(id), 0 ) + 1 FROM {$wpdb->prefix}lp_grants" );
$library_portal_item_count  = count( $library_portal_items );
$library_portal_parts       = max( 1, (int) ceil( $library_portal_progress / $library_portal_item_count ) );
$library_portal_now         = time();
$library_portal_took        = array();
$wpdb->query( 'SET SESSION unique_checks = 0' );

$library_portal_took['users']         = library_portal_scale_insert(
	$wpdb->users,
	'(ID, user_login, user_pass, user_nicename, user_email, user_registered, display_name)',
	$library_portal_users,
	static fn( int $n ): string => $wpdb->prepare( '(%d, %s, %s, %s, %s, %s, %s)', $library_portal_first_user + $n, "scale-$n", '', "scale-$n", "scale-$n@example.com", '2026-01-01 00:00:00', "Scale Learner $n" )
);
$library_portal_took['usermeta']      = library_portal_scale_insert(
	$wpdb->usermeta,
	'(user_id, meta_key, meta_value)',
	2 * $library_portal_users,
	static fn( int $n ): string => 0 === $n % 2
		? $wpdb->prepare( '(%d, %s, %s)', $library_portal_first_user + intdiv( $n, 2 ), $wpdb->prefix . 'capabilities', maybe_serialize( array( 'subscriber' => true ) ) )
		: $wpdb->prepare( '(%d, %s, %s)', $library_portal_first_user + intdiv( $n, 2 ), '_library_portal_version', "scale-$n" )
);
$library_portal_took['grants']        = library_portal_scale_insert(
	"{$wpdb->prefix}lp_grants",
	'(id, owner_id, product_id, quantity, expires_at, source, created_at)',
	$library_portal_users,
	static fn( int $n ): string => $wpdb->prepare( '(%d, %d, %d, %d, %d, %s, %d)', $library_portal_first_grant + $n, $library_portal_first_user + $n, $library_portal_items[ $n % $library_portal_item_count ], $library_portal_seats, $library_portal_now + YEAR_IN_SECONDS, 'scale', $library_portal_now )
);
$library_portal_took['licenses']      = library_portal_scale_insert(
	"{$wpdb->prefix}lp_licenses",
	'(grant_id, owner_id, product_id, holder_id, state, activated_at, expires_at)',
	$library_portal_users * $library_portal_seats,
	static function ( int $n ) use ( $wpdb, $library_portal_seats, $library_portal_first_grant, $library_portal_first_user, $library_portal_items, $library_portal_item_count, $library_portal_now ): string {
		$user  = intdiv( $n, $library_portal_seats );
		$first = 0 === $n % $library_portal_seats;
		return $wpdb->prepare( '(%d, %d, %d, %d, %s, %d, %d)', $library_portal_first_grant + $user, $library_portal_first_user + $user, $library_portal_items[ $user % $library_portal_item_count ], $first ? $library_portal_first_user + $user : 0, $first ? 'activated' : 'available', $first ? $library_portal_now : 0, $library_portal_now + YEAR_IN_SECONDS );
	}
);
$library_portal_took['progress']      = library_portal_scale_insert(
	"{$wpdb->prefix}lp_progress",
	'(user_id, product_id, part_index, percent, updated_at)',
	$library_portal_users * $library_portal_progress,
	static function ( int $n ) use ( $wpdb, $library_portal_progress, $library_portal_parts, $library_portal_first_user, $library_portal_items, $library_portal_item_count, $library_portal_now ): string {
		$user = intdiv( $n, $library_portal_progress );
		$slot = $n % $library_portal_progress;
		return $wpdb->prepare( '(%d, %d, %d, %d, %d)', $library_portal_first_user + $user, $library_portal_items[ intdiv( $slot, $library_portal_parts ) % $library_portal_item_count ], $slot % $library_portal_parts, 5 * ( $n % 21 ), $library_portal_now - $n % 1000 );
	}
);
$library_portal_took['notifications'] = library_portal_scale_insert(
	"{$wpdb->prefix}lp_notifications",
	'(user_id, type, message, related_product_id, created_at)',
	5 * $library_portal_users,
	static fn( int $n ): string => $wpdb->prepare( '(%d, %s, %s, %d, %d)', $library_portal_first_user + intdiv( $n, 5 ), 'share_accepted', 'Scale learner accepted your share.', $library_portal_items[ $n % $library_portal_item_count ], $library_portal_now - $n % 100000 )
);
$library_portal_took['certificates']  = library_portal_scale_insert(
	"{$wpdb->prefix}lp_certificates",
	'(user_id, product_id, code, score, issued_at)',
	$library_portal_users,
	static fn( int $n ): string => $wpdb->prepare( '(%d, %d, %s, %d, %d)', $library_portal_first_user + $n, $library_portal_items[ $n % $library_portal_item_count ], sprintf( 'SCALE%010d', $library_portal_first_user + $n ), 90, $library_portal_now - $n )
);
echo wp_json_encode(
	array(
		'users'    => $library_portal_users,
		'seats'    => $library_portal_users * $library_portal_seats,
		'progress' => $library_portal_users * $library_portal_progress,
		'notices'  => 5 * $library_portal_users,
		'seconds'  => $library_portal_took,
	)
), "\n";
