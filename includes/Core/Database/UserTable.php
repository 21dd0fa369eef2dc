<?php
/**
 * One table's rows of a user: export, erase, forget.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Database;

use Closure;
use LibraryPortal\Platform\Database\WriteFailed;
use wpdb;

/**
 * The per-user privacy statements every repository needs, written once: a page of the user's rows
 * for a personal data export, and the DELETE or the release (the user's ID set to 0 where the row
 * belongs to someone else too) for an erasure or a deleted user. A repository describes its table
 * with the columns that name the user, what an export shows, and its order.
 */
final class UserTable {

	/**
	 * Casts of an exported value.
	 */
	public const INT    = 'int';
	public const STRING = 'string';
	public const BOOL   = 'bool';

	/**
	 * Database connection.
	 *
	 * @var wpdb
	 */
	private wpdb $db;

	/**
	 * Full table name.
	 *
	 * @var string
	 */
	private string $table;

	/**
	 * Columns holding the user's ID: a row is the user's when any of them does. The first one is
	 * what an export pages through.
	 *
	 * @var string[]
	 */
	private array $user_columns;

	/**
	 * Exported columns and the cast of each (INT, STRING, BOOL).
	 *
	 * @var array<string, string>
	 */
	private array $export;

	/**
	 * Columns an export is ordered by (a stable order, so pages neither repeat nor skip rows).
	 *
	 * @var string[]
	 */
	private array $order;

	/**
	 * Describes a table.
	 *
	 * @param wpdb                  $db           Database connection.
	 * @param string                $table        Full table name.
	 * @param string[]              $user_columns Columns that hold the user's ID (at least one).
	 * @param array<string, string> $export       Exported columns => cast (none: no export).
	 * @param string[]              $order        Export order.
	 */
	public function __construct( wpdb $db, string $table, array $user_columns, array $export = array(), array $order = array( 'id' ) ) {
		$this->db           = $db;
		$this->table        = $table;
		$this->user_columns = array_values( $user_columns );
		$this->export       = $export;
		$this->order        = array_values( $order );
	}

	/**
	 * Deletes every row that names the user in one of the user columns.
	 *
	 * @param int    $user_id User.
	 * @param string $what    The write, for the log when the database refuses it.
	 * @return int Rows deleted.
	 * @throws WriteFailed When the statement failed.
	 */
	public function delete( int $user_id, string $what ): int {
		$where = implode( ' OR ', array_fill( 0, count( $this->user_columns ), '%i = %d' ) );
		$args  = array( $this->table );
		foreach ( $this->user_columns as $column ) {
			array_push( $args, $column, $user_id );
		}
		return $this->must( $this->db->query( $this->db->prepare( "DELETE FROM %i WHERE $where", $args ) ), $what );
	}

	/**
	 * Sets a column that names the user to 0 where it does (the row stays: it is someone else's too).
	 *
	 * @param int    $user_id User.
	 * @param string $column  Column holding a user ID.
	 * @param string $what    The write, for the log when the database refuses it.
	 * @return int Rows changed.
	 * @throws WriteFailed When the statement failed.
	 */
	public function release( int $user_id, string $column, string $what ): int {
		return $this->must( $this->db->query( $this->db->prepare( 'UPDATE %i SET %i = 0 WHERE %i = %d', $this->table, $column, $column, $user_id ) ), $what );
	}

	/**
	 * A page of the user's rows (by the first user column) for a personal data export, each value
	 * cast as described, or made into something else by $map.
	 *
	 * @param int                                      $user_id User.
	 * @param int                                      $limit   Rows per page.
	 * @param int                                      $offset  Rows to skip.
	 * @param (Closure(array<string, mixed>): mixed)|null $map     Makes a row into what the export shows (default: the cast row).
	 * @return array<int, mixed>
	 */
	public function export_page( int $user_id, int $limit, int $offset, ?Closure $map = null ): array {
		$columns = array_keys( $this->export );
		$select  = implode( ', ', array_fill( 0, count( $columns ), '%i' ) );
		$order   = implode( ', ', array_fill( 0, count( $this->order ), '%i' ) );
		$args    = array_merge( $columns, array( $this->table, $this->user_columns[0], $user_id ), $this->order, array( max( 1, $limit ), max( 0, $offset ) ) );
		$rows    = (array) $this->db->get_results( $this->db->prepare( "SELECT $select FROM %i WHERE %i = %d ORDER BY $order LIMIT %d OFFSET %d", $args ), ARRAY_A );
		$map   ??= fn( array $row ): array => $this->cast( $row );
		return array_map( $map, $rows );
	}

	/**
	 * Number of the user's rows (by the first user column).
	 *
	 * @param int $user_id User.
	 */
	public function count( int $user_id ): int {
		return (int) $this->db->get_var( $this->db->prepare( 'SELECT COUNT(*) FROM %i WHERE %i = %d', $this->table, $this->user_columns[0], $user_id ) );
	}

	/**
	 * A row's values cast as described.
	 *
	 * @param array<string, mixed> $row Row as read.
	 * @return array<string, int|string|bool>
	 */
	private function cast( array $row ): array {
		$cast = array();
		foreach ( $this->export as $column => $type ) {
			$value           = $row[ $column ] ?? null;
			$cast[ $column ] = match ( $type ) {
				self::INT  => (int) $value,
				self::BOOL => (bool) (int) $value,
				default    => (string) $value,
			};
		}
		return $cast;
	}

	/**
	 * Checks a statement's result (as Repository::must()).
	 *
	 * @param int|bool $result What $wpdb->query() returned.
	 * @param string   $what   The write, for the log.
	 * @throws WriteFailed When the statement failed.
	 */
	private function must( $result, string $what ): int {
		if ( false === $result ) {
			throw new WriteFailed( esc_html( "Library Portal could not $what: " . $this->db->last_error ) );
		}
		return (int) $result;
	}
}
