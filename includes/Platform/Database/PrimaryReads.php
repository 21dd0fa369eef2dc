<?php
/**
 * Reads that must be fresh go to the primary database when the site reads from replicas.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Database;

use WP_REST_Request;

/**
 * On a site whose `$wpdb` is a replication drop-in (LudicrousDB or HyperDB: they have
 * `send_reads_to_primaries()` / `send_reads_to_masters()`), reads go to replicas, which may be seconds
 * behind the primary. A read that decides something must not see an old row (docs/rules/platform.md,
 * "Reads that must be fresh (replicas)"), so:
 *
 * - a request that may write (any HTTP method but GET, HEAD and OPTIONS, and a REST request whose method
 *   is one of those after `_method`) reads everything from the primary from the plugin's start: the seats
 *   left before a share or an accept, the stored progress a report is judged against, the quiz attempts
 *   left, a link's state are all read in such requests, before their conditional writes;
 * - the library version a kept reply is checked against, and the reply rebuilt when it changed, are read
 *   from the primary (LibraryCache calls for_user());
 * - a user who has just written reads their own REST GETs from the primary for a few seconds (a mark in the
 *   object cache, which the site's web hosts share), so a learner sees their own report at once.
 *
 * Everything else reads the replicas. With the plain `wpdb` (one database) nothing here does anything.
 */
final class PrimaryReads {
	/** Object cache group of the marks "this user wrote a moment ago": user ID => Unix seconds until. */
	public const GROUP = 'library_portal_primary_reads';
	/** Seconds a user's own reads go to the primary after a write (filter library_portal_primary_reads_seconds). */
	public const SECONDS = 10;

	/**
	 * Whether reads are being routed: a replication drop-in, and the routing not switched off (the
	 * constant LIBRARY_PORTAL_PRIMARY_READS false, only for the lag test that proves it matters).
	 */
	public static function active(): bool {
		global $wpdb;
		if ( defined( 'LIBRARY_PORTAL_PRIMARY_READS' ) && ! LIBRARY_PORTAL_PRIMARY_READS ) {
			return false;
		}
		return is_object( $wpdb ) && ( method_exists( $wpdb, 'send_reads_to_primaries' ) || method_exists( $wpdb, 'send_reads_to_masters' ) );
	}

	/**
	 * The drop-in whose primary was checked in this request (null until then).
	 *
	 * @var object|null
	 */
	private static $checked = null;

	/**
	 * Whether that primary answered.
	 *
	 * @var bool
	 */
	private static $primary_answers = false;

	/**
	 * Sends every later read of this request to the primary, when the primary answers; false when it
	 * does not (the reads then stay on the replicas).
	 */
	public static function now(): bool {
		$db = $GLOBALS['wpdb'] ?? null;
		if ( ! is_object( $db ) || ! self::active() ) {
			return true;
		}
		if ( ! self::primary_answers( $db ) ) {
			return false;
		}
		// LudicrousDB's name, then HyperDB's (which LudicrousDB also keeps).
		$send = array( $db, method_exists( $db, 'send_reads_to_primaries' ) ? 'send_reads_to_primaries' : 'send_reads_to_masters' );
		if ( is_callable( $send ) ) {
			$send();
		}
		return true;
	}

	/**
	 * Whether the primary can be reached: one statement the drop-in routes to it as a write (a session
	 * variable, which changes nothing), once a request. Without this check a read sent to a primary that is
	 * down fails as "no row", and a route answers "not found" where it should say "try again".
	 *
	 * @param object $db The drop-in.
	 */
	private static function primary_answers( object $db ): bool {
		if ( self::$checked !== $db ) {
			self::$checked = $db;
			$suppress      = is_callable( array( $db, 'suppress_errors' ) ) ? $db->suppress_errors( true ) : false;
			$query         = array( $db, 'query' );
			// A session variable: nothing is read or stored.
			self::$primary_answers = is_callable( $query ) && false !== $query( 'SET @library_portal_primary = 1' );
			if ( is_callable( array( $db, 'suppress_errors' ) ) ) {
				$db->suppress_errors( $suppress );
			}
		}
		return self::$primary_answers;
	}

	/**
	 * A write that cannot be taken: the primary is down. WordPress's answer for a database away (dead_db():
	 * the site's db-error.php drop-in, which answers 503 `database_unavailable` with Retry-After), so a client
	 * queues the write and sends it again, as when the one database is down (docs/rules/platform.md,
	 * "Faults: the database away").
	 */
	private static function refuse_write(): void {
		dead_db();
	}

	/**
	 * Sends every later read of this request to the primary and forgets the user's meta as this request
	 * holds it: it was loaded with the user (from a replica, or from the object cache filled from one), and
	 * it holds the library version a kept reply is checked against.
	 *
	 * @param int $user_id User.
	 */
	public static function for_user( int $user_id ): void {
		if ( ! self::active() || ! self::now() ) {
			return; // Without the primary, the replicas' (perhaps older) rows rather than none.
		}
		wp_cache_delete( $user_id, 'user_meta' );
	}

	/**
	 * Adds the hooks (none without a replication drop-in).
	 */
	public function register(): void {
		if ( ! self::active() ) {
			return;
		}
		if ( self::writes( isset( $_SERVER['REQUEST_METHOD'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) : 'GET' ) && ! self::now() ) {
			self::refuse_write();
		}
		add_filter( 'rest_pre_dispatch', array( $this, 'before_rest' ), 0, 3 );
	}

	/**
	 * Before a REST request runs (its user known): a write marks the user and reads the primary; a read
	 * by a user who wrote a moment ago reads the primary too.
	 *
	 * @param mixed           $result  Reply so far (returned untouched).
	 * @param mixed           $server  REST server.
	 * @param mixed           $request Request (a WP_REST_Request).
	 * @return mixed
	 */
	public function before_rest( $result, $server, $request ) {
		unset( $server );
		$user_id = get_current_user_id();
		$method  = $request instanceof WP_REST_Request ? $request->get_method() : 'GET';
		if ( self::writes( $method ) ) {
			if ( ! self::now() ) {
				self::refuse_write();
			}
			if ( $user_id > 0 ) {
				$seconds = (int) apply_filters( 'library_portal_primary_reads_seconds', self::SECONDS );
				wp_cache_set( $user_id, time() + $seconds, self::GROUP, max( 1, $seconds ) );
			}
		} elseif ( $user_id > 0 && (int) wp_cache_get( $user_id, self::GROUP ) >= time() ) {
			self::for_user( $user_id );
		}
		return $result;
	}

	/**
	 * Whether an HTTP method may write.
	 *
	 * @param string $method Method.
	 */
	private static function writes( string $method ): bool {
		return ! in_array( strtoupper( $method ), array( 'GET', 'HEAD', 'OPTIONS' ), true );
	}
}
