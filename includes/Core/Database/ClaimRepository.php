<?php
/**
 * Short-lived claims on order lines.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Database;

/**
 * A claim is a row of the options table (not autoloaded, never read through the options API): its
 * unique option_name lets exactly one of several racing INSERT IGNOREs win. add_option() cannot do
 * this, as it writes with ON DUPLICATE KEY UPDATE and so "succeeds" for everyone.
 */
final class ClaimRepository extends Repository {

	/**
	 * Takes a claim; false when someone holds it.
	 *
	 * @param string $name  Option name.
	 * @param int    $since Unix seconds, stored as the claim's value.
	 */
	public function take( string $name, int $since ): bool {
		return 1 === (int) $this->db->query(
			$this->db->prepare( "INSERT IGNORE INTO %i (option_name, option_value, autoload) VALUES (%s, %s, 'no')", $this->db->options, $name, (string) $since )
		);
	}

	/**
	 * When a claim was taken (0 when nobody holds it).
	 *
	 * @param string $name Option name.
	 */
	public function since( string $name ): int {
		return (int) $this->db->get_var( $this->db->prepare( 'SELECT option_value FROM %i WHERE option_name = %s', $this->db->options, $name ) );
	}

	/**
	 * Drops a claim; with $since only the claim taken then (a stale one), not a newer one.
	 *
	 * @param string   $name  Option name.
	 * @param int|null $since Value the claim must still have.
	 */
	public function drop( string $name, ?int $since = null ): void {
		if ( null === $since ) {
			$this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE option_name = %s', $this->db->options, $name ) );
			return;
		}
		$this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE option_name = %s AND option_value = %s', $this->db->options, $name, (string) $since ) );
	}
}
