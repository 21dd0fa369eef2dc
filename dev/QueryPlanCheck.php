<?php
/**
 * EXPLAIN of a statement against the tables that grow with people (dev tooling: the query plan
 * test and the scale bench).
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Dev;

use wpdb;

/**
 * A statement's plan is faulty when it reads a table that grows with people with no key, in full
 * (`ALL`, `index`) or through a filesort, or in a dependent subquery: one run again for every row
 * of the outer statement, which MariaDB makes of `IN ( SELECT … UNION SELECT … )` even when each
 * run uses a key (docs/rules/platform.md, "Query plans").
 */
final class QueryPlanCheck {

	/**
	 * Tables (without the prefix) whose rows grow with people; the catalogue's (posts, post meta)
	 * and a contract's items grow with the catalogue, options stay few.
	 */
	public const GROWING = array( 'users', 'usermeta', 'lp_grants', 'lp_licenses', 'lp_shares', 'lp_progress', 'lp_notifications', 'lp_mail_history', 'lp_contract_members', 'lp_certificates', 'lp_quiz_attempts', 'lp_quiz_served', 'lp_library_cache', 'lp_share_links', 'lp_license_requests', 'lp_mail_senders', 'lp_seat_audit', 'lp_report_days', 'lp_report_items' );

	/**
	 * What is wrong with a statement's plan: one line per growing table read without an index,
	 * read in full or sorted by a filesort. Statements other than SELECT, UPDATE and DELETE have
	 * no plan to check.
	 *
	 * @param wpdb   $db  Connection (MariaDB or MySQL).
	 * @param string $sql Statement as sent.
	 * @return string[]
	 */
	public static function faults( wpdb $db, string $sql ): array {
		$faults = array();
		foreach ( self::plan( $db, $sql ) as $row ) {
			$table = (string) preg_replace( '/^' . preg_quote( $db->prefix, '/' ) . '/', '', (string) ( $row['table'] ?? '' ) );
			if ( ! in_array( $table, self::GROWING, true ) ) {
				continue;
			}
			$type   = (string) ( $row['type'] ?? '' );
			$key    = (string) ( $row['key'] ?? '' );
			$extra  = (string) ( $row['Extra'] ?? '' );
			$select = (string) ( $row['select_type'] ?? '' );
			if ( in_array( $type, array( 'ALL', 'index' ), true ) || '' === $key || str_contains( $extra, 'filesort' ) || str_starts_with( $select, 'DEPENDENT' ) ) {
				$faults[] = sprintf( '%s: %s, type %s, key %s, %s', $table, $select, $type, '' === $key ? 'none' : $key, $extra );
			}
		}
		return $faults;
	}

	/**
	 * What of a statement's plan sorts, on any table: one line per row of the plan that uses a
	 * temporary table or a filesort (the progress report's check: docs/rules/learning-and-progress.md, "Cost of a report: the short path").
	 *
	 * @param wpdb   $db  Connection (MariaDB or MySQL).
	 * @param string $sql Statement as sent.
	 * @return string[]
	 */
	public static function sorts( wpdb $db, string $sql ): array {
		$sorts = array();
		foreach ( self::plan( $db, $sql ) as $row ) {
			$extra = (string) ( $row['Extra'] ?? '' );
			if ( str_contains( $extra, 'temporary' ) || str_contains( $extra, 'filesort' ) ) {
				$sorts[] = sprintf( '%s: %s', (string) ( $row['table'] ?? '' ), $extra );
			}
		}
		return $sorts;
	}

	/**
	 * EXPLAIN's rows for a statement; none for statements other than SELECT, UPDATE and DELETE.
	 *
	 * @param wpdb   $db  Connection.
	 * @param string $sql Statement as sent.
	 * @return array<int, array<string, mixed>>
	 */
	private static function plan( wpdb $db, string $sql ): array {
		if ( ! preg_match( '/^\s*(SELECT|UPDATE|DELETE)\b/i', $sql ) ) {
			return array();
		}
		return (array) $db->get_results( 'EXPLAIN ' . $sql, ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- a statement the plugin already prepared and sent.
	}
}
