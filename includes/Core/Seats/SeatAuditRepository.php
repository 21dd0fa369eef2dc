<?php
/**
 * The seat audit trail.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Database\UserRows;
use LibraryPortal\Core\Database\UserTable;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * Writes and reads the audit rows of grants and seats: the admin's changes (Grants\GrantService, contracts, test
 * resets) and the customers' (shares, accepts, revokes, activations) and contract imports.
 */
final class SeatAuditRepository extends Repository implements UserRows {

	private const COLUMNS = 'id, actor_id, action, grant_id, license_id, owner_id, product_id, details, created_at';

	/**
	 * Writes one row about a seat whose grant, owner and item are read from the seat in the same
	 * statement (INSERT … SELECT), so a customer's action costs one query (docs/rules/seats-and-sharing.md,
	 * "Grants and audit trail (wp-admin, WP-CLI)"). Nothing is written for a seat that is gone.
	 *
	 * @param int                  $actor_id   Who acted.
	 * @param string               $action     Action (at most 20 characters).
	 * @param int                  $license_id Seat.
	 * @param array<string, mixed> $details    Short details (JSON, at most 255 bytes).
	 * @param int                  $now        Unix seconds.
	 * @throws WriteFailed When the database refused it.
	 */
	public function record_for_seat( int $actor_id, string $action, int $license_id, array $details, int $now ): void {
		$this->must(
			$this->db->query(
				$this->db->prepare(
					'INSERT INTO %i (actor_id, action, grant_id, license_id, owner_id, product_id, details, created_at)
					SELECT %d, %s, grant_id, id, owner_id, product_id, %s, %d FROM %i WHERE id = %d',
					$this->table( 'seat_audit' ),
					max( 0, $actor_id ),
					$action,
					self::details( $details ),
					$now,
					$this->table( 'licenses' ),
					$license_id
				)
			),
			'write the seat audit'
		);
	}

	/**
	 * Writes one row about an owner's item that names no seat (a share by e-mail, a new link).
	 *
	 * @param int                  $actor_id   Who acted.
	 * @param string               $action     Action (at most 20 characters).
	 * @param int                  $owner_id   Whose item.
	 * @param int                  $product_id Item.
	 * @param array<string, mixed> $details    Short details (JSON, at most 255 bytes).
	 * @param int                  $now        Unix seconds.
	 * @throws WriteFailed When the database refused it.
	 */
	public function record_for_item( int $actor_id, string $action, int $owner_id, int $product_id, array $details, int $now ): void {
		$this->record(
			array(
				array(
					'actor_id'   => max( 0, $actor_id ),
					'action'     => $action,
					'grant_id'   => 0,
					'license_id' => 0,
					'owner_id'   => $owner_id,
					'product_id' => $product_id,
					'details'    => self::details( $details ),
				),
			),
			$now
		);
	}

	/**
	 * Records an owner's item action, or, when the same actor did the same to the same item within
	 * `$window` seconds, counts it on that row instead (`links` in its details, its time moved to
	 * now): a repeated action keeps one row, so a script repeating it cannot bury the trail.
	 *
	 * @param int                  $actor_id   Who acted.
	 * @param string               $action     Action (at most 20 characters).
	 * @param int                  $owner_id   Whose item.
	 * @param int                  $product_id Item.
	 * @param array<string, mixed> $details    Short details of this time (true values stay true on the row).
	 * @param int                  $now        Unix seconds.
	 * @param int                  $window     Seconds within which the row is shared.
	 * @throws WriteFailed When the database refused it.
	 */
	public function record_coalesced( int $actor_id, string $action, int $owner_id, int $product_id, array $details, int $now, int $window ): void {
		$table = $this->table( 'seat_audit' );
		$row   = $this->db->get_row(
			$this->db->prepare(
				'SELECT id, details FROM %i WHERE owner_id = %d AND created_at >= %d AND action = %s AND actor_id = %d AND product_id = %d ORDER BY created_at DESC, id DESC LIMIT 1',
				$table,
				$owner_id,
				$now - $window,
				$action,
				max( 0, $actor_id ),
				$product_id
			),
			ARRAY_A
		);
		if ( ! is_array( $row ) ) {
			$this->record_for_item( $actor_id, $action, $owner_id, $product_id, $details + array( 'links' => 1 ), $now );
			return;
		}
		$kept = json_decode( (string) $row['details'], true );
		$kept = is_array( $kept ) ? $kept : array();
		foreach ( $details as $key => $value ) {
			$kept[ $key ] = true === $value || ! isset( $kept[ $key ] ) ? $value : $kept[ $key ];
		}
		$kept['links'] = (int) ( $kept['links'] ?? 1 ) + 1;
		$this->must(
			$this->db->query( $this->db->prepare( 'UPDATE %i SET details = %s, created_at = %d WHERE id = %d', $table, self::details( $kept ), $now, (int) $row['id'] ) ),
			'write the seat audit'
		);
	}

	/**
	 * Details as stored: JSON cut to the column's 255 bytes.
	 *
	 * @param array<string, mixed> $details Details.
	 */
	private static function details( array $details ): string {
		return substr( (string) wp_json_encode( $details ), 0, 255 );
	}

	/**
	 * Writes rows in one INSERT.
	 *
	 * @param array<int, array{actor_id: int, action: string, grant_id: int, license_id: int, owner_id: int, product_id: int, details: string}> $rows Rows.
	 * @param int                                                                                                                          $now  Unix seconds.
	 * @throws WriteFailed When the database refused them.
	 */
	public function record( array $rows, int $now ): void {
		if ( ! $rows ) {
			return;
		}
		$values = array( $this->table( 'seat_audit' ) );
		foreach ( $rows as $row ) {
			array_push( $values, $row['actor_id'], $row['action'], $row['grant_id'], $row['license_id'], $row['owner_id'], $row['product_id'], $row['details'], $now );
		}
		$tuples = implode( ', ', array_fill( 0, count( $rows ), '(%d, %s, %d, %d, %d, %d, %s, %d)' ) );
		$this->must(
			$this->db->query( $this->db->prepare( "INSERT INTO %i (actor_id, action, grant_id, license_id, owner_id, product_id, details, created_at) VALUES $tuples", $values ) ),
			'write the seat audit'
		);
	}

	/**
	 * A page of rows, newest first, of one owner or of everyone.
	 *
	 * @param int $owner_id Owner (0 = everyone).
	 * @param int $limit    Rows per page.
	 * @param int $offset   Rows to skip.
	 * @return AuditEntry[]
	 */
	public function page( int $owner_id, int $limit, int $offset = 0 ): array {
		$where  = $owner_id > 0 ? 'WHERE owner_id = %d' : '';
		$values = array_merge( array( $this->table( 'seat_audit' ) ), $owner_id > 0 ? array( $owner_id ) : array(), array( max( 1, $limit ), max( 0, $offset ) ) );
		$rows   = (array) $this->db->get_results(
			$this->db->prepare( 'SELECT ' . self::COLUMNS . " FROM %i $where ORDER BY created_at DESC, id DESC LIMIT %d OFFSET %d", $values ),
			ARRAY_A
		);
		return array_map( array( AuditEntry::class, 'from_row' ), $rows );
	}

	/**
	 * Number of rows of one owner or of everyone.
	 *
	 * @param int $owner_id Owner (0 = everyone).
	 */
	public function count( int $owner_id ): int {
		if ( $owner_id > 0 ) {
			return (int) $this->db->get_var( $this->db->prepare( 'SELECT COUNT(*) FROM %i WHERE owner_id = %d', $this->table( 'seat_audit' ), $owner_id ) );
		}
		return (int) $this->db->get_var( $this->db->prepare( 'SELECT COUNT(*) FROM %i', $this->table( 'seat_audit' ) ) );
	}

	/**
	 * Every row of a grant, oldest first.
	 *
	 * @param int $grant_id Grant.
	 * @return AuditEntry[]
	 */
	public function for_grant( int $grant_id ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare( 'SELECT ' . self::COLUMNS . ' FROM %i WHERE grant_id = %d ORDER BY id', $this->table( 'seat_audit' ), $grant_id ),
			ARRAY_A
		);
		return array_map( array( AuditEntry::class, 'from_row' ), $rows );
	}

	/**
	 * A deleted user's rows: the trail about their grants goes with the grants (a new account with
	 * the same ID must not inherit it); changes they made to other people's grants stay, with the
	 * actor set to 0 (shown as "System or a deleted account").
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		$rows = new UserTable( $this->db, $this->table( 'seat_audit' ), array( 'owner_id' ) );
		$rows->delete( $user_id, 'delete a deleted user\'s audit rows' );
		$rows->release( $user_id, 'actor_id', 'release a deleted actor\'s audit rows' );
	}
}
