<?php
/**
 * Several reads as one statement.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Database;

use wpdb;

/**
 * Runs SelectParts as one `UNION ALL`: a request that needs several small reads pays one round
 * trip instead of one per read (a progress report: the item's meta, its progress and the seats;
 * docs/rules/learning-and-progress.md, "Cost of a report: the short path"). Each name gets its own columns, NULL in the other
 * parts' rows, so no column mixes two types or collations (MariaDB refuses a UNION of two
 * collations), and a first column tells whose row it is. Rows come in no promised order: a
 * part's map sorts what it needs sorted.
 */
final class CombinedRead {

	/**
	 * Database connection.
	 *
	 * @var wpdb
	 */
	private wpdb $db;

	/**
	 * Reads through this connection.
	 *
	 * @param wpdb $db Database connection.
	 */
	public function __construct( wpdb $db ) {
		$this->db = $db;
	}

	/**
	 * Every part's value by its name, read in one statement (none when all are known).
	 *
	 * @param SelectPart ...$parts Parts; those of one name have the same columns.
	 * @return array<string, mixed>
	 */
	public function read( SelectPart ...$parts ): array {
		$first = array();
		$slot  = array();
		$width = 0;
		foreach ( $parts as $part ) {
			if ( ! isset( $first[ $part->name ] ) ) {
				$first[ $part->name ] = $part;
				$slot[ $part->name ]  = $width;
				$width               += count( $part->columns );
			}
		}
		$names   = array_keys( $first );
		$index   = array_flip( $names );
		$rows    = array_fill_keys( $names, array() );
		$selects = array();
		$args    = array();
		foreach ( $parts as $part ) {
			if ( $part->known ) {
				continue;
			}
			$columns = array_fill( 0, $width, 'NULL' );
			array_splice( $columns, $slot[ $part->name ], count( $part->columns ), array_values( $part->columns ) );
			$which  = 'SELECT %d';
			$args[] = $index[ $part->name ];
			if ( ! $selects ) {
				// The first select names the columns (c0 the part, c1… its values): $wpdb keys a row
				// by column name, so two unnamed NULLs would be one.
				$which  .= ' AS %i';
				$columns = array_map( static fn( string $column ): string => $column . ' AS %i', $columns );
				$args    = array_merge( $args, array_map( static fn( int $i ): string => 'c' . $i, range( 0, $width ) ) );
			}
			$selects[] = $which . ', ' . implode( ', ', $columns ) . ' ' . $part->from;
			$args      = array_merge( $args, $part->args );
		}
		if ( $selects ) {
			$found = (array) $this->db->get_results( $this->db->prepare( implode( ' UNION ALL ', $selects ), $args ), ARRAY_N );
			foreach ( $found as $row ) {
				$name            = $names[ (int) $row[0] ];
				$values          = array_slice( $row, 1 + $slot[ $name ], count( $first[ $name ]->columns ) );
				$rows[ $name ][] = array_combine( array_keys( $first[ $name ]->columns ), $values );
			}
		}
		$values = array();
		foreach ( $first as $name => $part ) {
			$values[ $name ] = $part->map( $rows[ $name ] );
		}
		return $values;
	}
}
