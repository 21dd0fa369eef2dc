<?php
/**
 * Numbered data migrations.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Lifecycle;

use LibraryPortal\Core\Database\Schema;
use LibraryPortal\Core\Notices\Notifier;
use wpdb;

/**
 * Changes that dbDelta cannot make (data rewrites, renames, drops), as numbered steps run once
 * each, in order, after dbDelta. The number of the last step that succeeded is stored; a step
 * that fails stops the run and is tried again on the next load. Steps must be safe to repeat.
 */
final class Migrations {

	public const OPTION = 'library_portal_migration';

	/**
	 * Number of the newest step (checked against the stored one on every load, without a query).
	 */
	public const LATEST = 4;

	/**
	 * Database connection.
	 *
	 * @var wpdb
	 */
	private wpdb $db;

	/**
	 * Table names.
	 *
	 * @var Schema
	 */
	private Schema $schema;

	/**
	 * Creates the runner.
	 *
	 * @param wpdb $db Database connection.
	 */
	public function __construct( wpdb $db ) {
		$this->db     = $db;
		$this->schema = new Schema( $db );
	}

	/**
	 * The steps, by number. Append only: never renumber or edit a released step.
	 *
	 * @return array<int, callable(): bool>
	 */
	private function steps(): array {
		return array(
			1 => array( $this, 'notifications_to_plain_text' ),
			2 => array( $this, 'one_certificate_per_user_and_item' ),
			3 => array( $this, 'team_completed_type' ),
			4 => array( $this, 'numbered_quiz_attempts' ),
		);
	}

	/**
	 * Runs the steps after the stored number; returns the number reached.
	 */
	public function run(): int {
		$done = (int) get_option( self::OPTION, 0 );
		foreach ( $this->steps() as $number => $step ) {
			if ( $number <= $done ) {
				continue;
			}
			if ( ! $step() ) {
				break;
			}
			$done = $number;
			update_option( self::OPTION, $done, true );
		}
		return $done;
	}

	/**
	 * 1: notifications were stored as HTML before 0.2; they are text now (escaped on output).
	 */
	public function notifications_to_plain_text(): bool {
		$table = $this->schema->table( 'notifications' );
		$rows  = $this->db->get_results( $this->db->prepare( "SELECT id, message FROM %i WHERE INSTR( message, '<' ) > 0 OR INSTR( message, '&' ) > 0", $table ), ARRAY_A );
		foreach ( (array) $rows as $row ) {
			$text = Notifier::plain_text( (string) $row['message'] );
			if ( $text !== $row['message'] && false === $this->db->update( $table, array( 'message' => $text ), array( 'id' => (int) $row['id'] ), array( '%s' ), array( '%d' ) ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * 2: certificates become one per (user, item) under a UNIQUE key (schema 4). dbDelta cannot
	 * add that key while duplicates exist, so the oldest certificate of each pair is kept, the
	 * others go, and the key is added here; the plain index it replaces is dropped.
	 */
	public function one_certificate_per_user_and_item(): bool {
		$table = $this->schema->table( 'certificates' );
		$keys  = array();
		// Unquoted, as dbDelta writes it: SQLite's translator answers nothing for a quoted name here.
		foreach ( (array) $this->db->get_results( "SHOW INDEX FROM {$table}", ARRAY_A ) as $index ) {
			$keys[ (string) $index['Key_name'] ] = true;
		}
		if ( ! isset( $keys['user_item'] ) ) {
			$duplicates = $this->db->get_col( $this->db->prepare( 'SELECT c.id FROM %i c JOIN %i o ON o.user_id = c.user_id AND o.product_id = c.product_id AND o.id < c.id', $table, $table ) );
			foreach ( array_map( 'intval', (array) $duplicates ) as $id ) {
				if ( false === $this->db->delete( $table, array( 'id' => $id ), array( '%d' ) ) ) {
					return false;
				}
			}
			if ( false === $this->db->query( $this->db->prepare( 'ALTER TABLE %i ADD UNIQUE KEY user_item (user_id,product_id)', $table ) ) ) {
				return false;
			}
		}
		if ( isset( $keys['user_product'] ) && false === $this->db->query( $this->db->prepare( 'ALTER TABLE %i DROP INDEX user_product', $table ) ) ) {
			return false;
		}
		return true;
	}

	/**
	 * 3: the owner's "a team member completed a training" notice is typed `team_completed` (as
	 * the dashboard and the demo data name it); rows stored as `training_completed` follow.
	 */
	public function team_completed_type(): bool {
		return false !== $this->db->query( $this->db->prepare( "UPDATE %i SET type = 'team_completed' WHERE type = 'training_completed'", $this->schema->table( 'notifications' ) ) );
	}

	/**
	 * 4: test attempts are numbered per (user, item) under a UNIQUE key (schema 9), which keeps
	 * the attempt limit race-safe. dbDelta cannot add that key while earlier attempts all have
	 * number 0, so they are numbered here in the order they were made (all of them, so a run cut short can be repeated), then the key is added.
	 */
	public function numbered_quiz_attempts(): bool {
		$table = $this->schema->table( 'quiz_attempts' );
		$keys  = array();
		foreach ( (array) $this->db->get_results( "SHOW INDEX FROM {$table}", ARRAY_A ) as $index ) {
			$keys[ (string) $index['Key_name'] ] = true;
		}
		if ( isset( $keys['user_item_seq'] ) ) {
			return true;
		}
		$rows = $this->db->get_results( $this->db->prepare( 'SELECT id, user_id, product_id FROM %i ORDER BY id', $table ), ARRAY_A );
		$next = array();
		foreach ( (array) $rows as $row ) {
			$pair          = $row['user_id'] . ':' . $row['product_id'];
			$next[ $pair ] = ( $next[ $pair ] ?? 0 ) + 1;
			if ( false === $this->db->update( $table, array( 'seq' => $next[ $pair ] ), array( 'id' => (int) $row['id'] ), array( '%d' ), array( '%d' ) ) ) {
				return false;
			}
		}
		return false !== $this->db->query( $this->db->prepare( 'ALTER TABLE %i ADD UNIQUE KEY user_item_seq (user_id,product_id,seq)', $table ) );
	}
}
