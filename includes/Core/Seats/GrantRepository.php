<?php
/**
 * Grants: the purchases and gifts that seats come from.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * Reads and changes grant rows as a whole: the admin list, a grant's seat counts, and a grant's
 * life (extended, ended, restored, seats nobody started taken back). A grant and its seats are
 * made by LicenseRepository::create_grant(), which owns the seats
 * (docs/rules/platform.md, "Code layout: one folder per feature").
 */
final class GrantRepository extends Repository {

	/**
	 * One grant by ID, or null.
	 *
	 * @param int $grant_id Grant.
	 */
	public function find_grant( int $grant_id ): ?Grant {
		$row = $this->db->get_row(
			$this->db->prepare( 'SELECT ' . Grant::COLUMNS . ' FROM %i WHERE id = %d', $this->table( 'grants' ), $grant_id ),
			ARRAY_A
		);
		return is_array( $row ) ? Grant::from_row( $row ) : null;
	}

	/**
	 * The first grant a source made under its reference (the source_ref index), or null.
	 *
	 * @param string $source     Source, e.g. woocommerce.
	 * @param string $source_ref The source's reference, e.g. order:123:item:45.
	 */
	public function find_grant_by_source( string $source, string $source_ref ): ?Grant {
		$row = $this->db->get_row(
			$this->db->prepare(
				'SELECT ' . Grant::COLUMNS . ' FROM %i WHERE source = %s AND source_ref = %s ORDER BY id LIMIT 1',
				$this->table( 'grants' ),
				$source,
				$source_ref
			),
			ARRAY_A
		);
		return is_array( $row ) ? Grant::from_row( $row ) : null;
	}

	/** Grant states the admin list filters by. */
	public const GRANT_STATES = array( 'active', 'expired', 'ended' );

	/** Columns the admin list sorts by, with their SQL (never taken from the request). */
	private const GRANT_ORDER = array(
		'created'  => 'g.id',
		'quantity' => 'g.quantity',
		'expires'  => 'g.expires_at = 0, g.expires_at',
		'user'     => 'u.user_email',
		'item'     => 'p.post_title',
	);

	/**
	 * A page of grants, newest first unless sorted, optionally of the users whose e-mail or login
	 * contains a text, of one item, in one state.
	 *
	 * @param string $search     Part of an e-mail or login ('' = every grant).
	 * @param int    $limit      Grants per page.
	 * @param int    $offset     Grants to skip.
	 * @param int    $product_id Only this item's grants (0 = every item).
	 * @param string $state      One of GRANT_STATES ('' = any).
	 * @param string $orderby    A key of GRANT_ORDER (anything else: created).
	 * @param bool   $desc       Descending.
	 * @param int    $owner_id   Only this user's grants (0 = every user).
	 * @return Grant[]
	 */
	public function grant_page( string $search, int $limit, int $offset = 0, int $product_id = 0, string $state = '', string $orderby = 'created', bool $desc = true, int $owner_id = 0 ): array {
		list( $join, $where, $values ) = $this->grant_filter( $search, $product_id, $state, $orderby, $owner_id );
		$order                         = implode( $desc ? ' DESC, ' : ' ASC, ', explode( ', ', self::GRANT_ORDER[ $orderby ] ?? self::GRANT_ORDER['created'] ) ) . ( $desc ? ' DESC' : ' ASC' );
		$rows                          = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT g.' . str_replace( ', ', ', g.', Grant::COLUMNS ) . " FROM %i g $join $where ORDER BY $order, g.id DESC LIMIT %d OFFSET %d", // @phpstan-ignore argument.type (Grant::COLUMNS with the table's alias and GRANT_ORDER: constants.)
				array_merge( array( $this->table( 'grants' ) ), $values, array( max( 1, $limit ), max( 0, $offset ) ) )
			),
			ARRAY_A
		);
		return array_map( array( Grant::class, 'from_row' ), $rows );
	}

	/**
	 * Number of grants grant_page() pages through.
	 *
	 * @param string $search     Part of an e-mail or login ('' = every grant).
	 * @param int    $product_id Only this item's grants (0 = every item).
	 * @param string $state      One of GRANT_STATES ('' = any).
	 * @param int    $owner_id   Only this user's grants (0 = every user).
	 */
	public function grant_count( string $search, int $product_id = 0, string $state = '', int $owner_id = 0 ): int {
		list( $join, $where, $values ) = $this->grant_filter( $search, $product_id, $state, '', $owner_id );
		return (int) $this->db->get_var(
			$this->db->prepare( "SELECT COUNT(*) FROM %i g $join $where", array_merge( array( $this->table( 'grants' ) ), $values ) ) // @phpstan-ignore argument.type (the JOIN and WHERE are joined from constant pieces.)
		);
	}

	/**
	 * The JOIN, WHERE and values of a grant search and filter.
	 *
	 * @param string $search     Part of an e-mail or login.
	 * @param int    $product_id Item (0 = any).
	 * @param string $state      One of GRANT_STATES ('' = any).
	 * @param string $orderby    The sort (a user or item sort needs its table).
	 * @param int    $owner_id   Owner (0 = any).
	 * @return array{0: string, 1: string, 2: array<int, string|int>}
	 */
	private function grant_filter( string $search, int $product_id, string $state, string $orderby, int $owner_id = 0 ): array {
		$joins      = array();
		$conditions = array();
		$values     = array();
		$search     = trim( $search );
		if ( '' !== $search || 'user' === $orderby ) {
			$joins[]  = 'LEFT JOIN %i u ON u.ID = g.owner_id';
			$values[] = $this->db->users;
		}
		if ( 'item' === $orderby ) {
			$joins[]  = 'LEFT JOIN %i p ON p.ID = g.product_id';
			$values[] = $this->db->posts;
		}
		if ( '' !== $search ) {
			$like         = '%' . $this->db->esc_like( $search ) . '%';
			$conditions[] = '( u.user_email LIKE %s OR u.user_login LIKE %s )';
			array_push( $values, $like, $like );
		}
		if ( $product_id > 0 ) {
			$conditions[] = 'g.product_id = %d';
			$values[]     = $product_id;
		}
		if ( $owner_id > 0 ) {
			$conditions[] = 'g.owner_id = %d';
			$values[]     = $owner_id;
		}
		$now = time();
		if ( 'active' === $state ) {
			$conditions[] = 'g.ended_at = 0 AND ( g.expires_at = 0 OR g.expires_at > %d )';
			$values[]     = $now;
		} elseif ( 'expired' === $state ) {
			$conditions[] = 'g.ended_at = 0 AND g.expires_at > 0 AND g.expires_at <= %d';
			$values[]     = $now;
		} elseif ( 'ended' === $state ) {
			$conditions[] = 'g.ended_at > 0';
		}
		return array( implode( ' ', $joins ), $conditions ? 'WHERE ' . implode( ' AND ', $conditions ) : '', $values );
	}

	/**
	 * Seats of some grants by state: available (nobody holds it), assigned (shared, not started)
	 * and activated. One grouped query.
	 *
	 * @param int[] $grant_ids Grants.
	 * @return array<int, array{available: int, assigned: int, activated: int}> By grant ID.
	 */
	public function grant_seat_counts( array $grant_ids ): array {
		$grant_ids = self::ids( $grant_ids );
		if ( ! $grant_ids ) {
			return array();
		}
		$rows   = (array) $this->db->get_results(
			$this->db->prepare(
				"SELECT grant_id, SUM( CASE WHEN state = 'available' AND holder_id = 0 THEN 1 ELSE 0 END ) AS available,
				SUM( CASE WHEN state = 'assigned' THEN 1 ELSE 0 END ) AS assigned, SUM( CASE WHEN state = 'activated' THEN 1 ELSE 0 END ) AS activated
				FROM %i WHERE grant_id IN ( " . self::placeholders( $grant_ids ) . ' ) GROUP BY grant_id',
				array_merge( array( $this->table( 'licenses' ) ), $grant_ids )
			),
			ARRAY_A
		);
		$counts = array_fill_keys( $grant_ids, array( 'available' => 0, 'assigned' => 0, 'activated' => 0 ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one short literal.
		foreach ( $rows as $row ) {
			$counts[ (int) $row['grant_id'] ] = array(
				'available' => (int) $row['available'],
				'assigned'  => (int) $row['assigned'],
				'activated' => (int) $row['activated'],
			);
		}
		return $counts;
	}

	/**
	 * Moves a grant's expiry and its seats' (all of them: a seat ends with its purchase), and lets
	 * the expiry notice go out again for the new date. Announces the owner and every holder.
	 *
	 * @param Grant $grant      The grant as read.
	 * @param int   $expires_at New expiry, Unix seconds (0 = never).
	 * @param int   $now        Unix seconds.
	 * @return int Seats changed.
	 * @throws WriteFailed When the database refused it.
	 */
	public function extend_grant( Grant $grant, int $expires_at, int $now ): int {
		$this->must(
			$this->db->query( $this->db->prepare( 'UPDATE %i SET expires_at = %d, expiry_notified_at = 0 WHERE id = %d', $this->table( 'grants' ), $expires_at, $grant->id ) ),
			'extend a grant'
		);
		$seats   = $this->must(
			$this->db->query( $this->db->prepare( 'UPDATE %i SET expires_at = %d, updated_at = %d WHERE grant_id = %d', $this->table( 'licenses' ), $expires_at, $now, $grant->id ) ),
			'extend a grant\'s seats'
		);
		$holders = array_map( 'intval', $this->db->get_col( $this->db->prepare( 'SELECT DISTINCT holder_id FROM %i WHERE grant_id = %d AND holder_id <> 0', $this->table( 'licenses' ), $grant->id ) ) );
		$this->changed( ...self::ids( array_merge( array( $grant->owner_id ), $holders ) ) );
		return $seats;
	}

	/**
	 * The seats of a grant nobody started, at most $limit: available ones first, then seats shared
	 * to someone who has not started them; newest first within each.
	 *
	 * @param Grant $grant The grant.
	 * @param int   $limit Most seats to return.
	 * @return Seat[]
	 */
	public function not_started_seats( Grant $grant, int $limit ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT ' . LicenseRepository::SEAT_COLUMNS . " FROM %i l INNER JOIN %i g ON g.id = l.grant_id
				WHERE l.grant_id = %d AND ( ( l.state = 'available' AND l.holder_id = 0 ) OR ( l.state = 'assigned' AND l.holder_id <> 0 ) )
				ORDER BY l.state = 'assigned', l.id DESC LIMIT %d",
				$this->table( 'licenses' ),
				$this->table( 'grants' ),
				$grant->id,
				max( 1, $limit )
			),
			ARRAY_A
		);
		return array_map( array( Seat::class, 'from_row' ), $rows );
	}

	/**
	 * Removes seats nobody started from their grant: each one conditional DELETE on the state (and
	 * holder) as read, so a seat activated meanwhile stays with who activated it. The grant's
	 * quantity follows; the owner and every holder who lost a seat are announced.
	 *
	 * @param Grant  $grant The grant.
	 * @param Seat[] $seats Seats as read by not_started_seats().
	 * @return Seat[] The seats removed (as they were read).
	 * @throws WriteFailed When the database refused it.
	 */
	public function remove_not_started_seats( Grant $grant, array $seats ): array {
		$licenses = $this->table( 'licenses' );
		$removed  = array();
		foreach ( $seats as $seat ) {
			$deleted = $this->must(
				$this->db->query(
					$this->db->prepare(
						'DELETE FROM %i WHERE id = %d AND grant_id = %d AND state = %s AND holder_id = %d',
						$licenses,
						$seat->id,
						$grant->id,
						$seat->state->value,
						$seat->holder_id
					)
				),
				'take back a seat'
			);
			if ( 1 === $deleted ) {
				$removed[] = $seat;
			}
		}
		if ( $removed ) {
			$this->lower_quantity( $grant->id, count( $removed ) );
			$this->changed( ...self::ids( array_merge( array( $grant->owner_id ), array_map( static fn( Seat $seat ) => $seat->holder_id, $removed ) ) ) );
		}
		return $removed;
	}

	/**
	 * Marks a grant ended (refunded, cancelled, taken back). False when it already was: of two
	 * racing requests one ends it.
	 *
	 * @param Grant $grant The grant.
	 * @param int   $now   Unix seconds.
	 * @throws WriteFailed When the database refused it.
	 */
	public function end_grant( Grant $grant, int $now ): bool {
		$ended = 1 === $this->must(
			$this->db->query( $this->db->prepare( 'UPDATE %i SET ended_at = %d WHERE id = %d AND ended_at = 0', $this->table( 'grants' ), max( 1, $now ), $grant->id ) ),
			'end a grant'
		);
		if ( $ended ) {
			$this->changed( $grant->owner_id ); // A membership grant stops counting.
		}
		return $ended;
	}

	/**
	 * Makes an ended grant live again with $seats new available seats (an order paid again). False,
	 * and nothing added, when it was not ended any more: of two racing requests one restores it.
	 *
	 * @param Grant $grant The grant as read.
	 * @param int   $seats New seats (0 or more).
	 * @param int   $now   Unix seconds.
	 * @throws WriteFailed When the database refused it.
	 */
	public function restore_grant( Grant $grant, int $seats, int $now ): bool {
		$restored = 1 === $this->must(
			$this->db->query( $this->db->prepare( 'UPDATE %i SET ended_at = 0, quantity = quantity + %d WHERE id = %d AND ended_at <> 0', $this->table( 'grants' ), max( 0, $seats ), $grant->id ) ),
			'restore a grant'
		);
		if ( ! $restored ) {
			return false;
		}
		if ( $seats > 0 ) {
			$rows   = implode( ', ', array_fill( 0, $seats, "(%d, %d, %d, 0, 'available', 0, 0, %d, %d)" ) );
			$values = array( $this->table( 'licenses' ) );
			for ( $i = 0; $i < $seats; $i++ ) {
				array_push( $values, $grant->id, $grant->owner_id, $grant->product_id, $grant->expires_at, $now );
			}
			try {
				$this->must( $this->db->query( $this->db->prepare( "INSERT INTO %i (grant_id, owner_id, product_id, holder_id, state, shared, activated_at, expires_at, updated_at) VALUES $rows", $values ) ), 'restore seats' );
			} catch ( WriteFailed $failed ) {
				// Ended as before: a restored grant without its seats would count for nothing it holds.
				$this->db->query( $this->db->prepare( 'UPDATE %i SET ended_at = %d, quantity = quantity - %d WHERE id = %d', $this->table( 'grants' ), max( 1, $grant->ended_at ), $seats, $grant->id ) );
				throw $failed;
			}
		}
		$this->changed( $grant->owner_id );
		return true;
	}

	/**
	 * Deletes a shared, not started seat of an ended grant (a revoke after a refund: the seat goes
	 * with its purchase instead of becoming available). One conditional DELETE; false when the
	 * seat is not in that state or its grant is live.
	 *
	 * @param Seat $seat The seat as read (find_seat()).
	 * @throws WriteFailed When the database refused it.
	 */
	public function delete_seat_of_ended_grant( Seat $seat ): bool {
		$deleted = 1 === $this->must(
			$this->db->query(
				$this->db->prepare(
					"DELETE FROM %i WHERE id = %d AND owner_id = %d AND state = 'assigned' AND holder_id = %d
					AND grant_id IN ( SELECT id FROM %i WHERE id = %d AND ended_at <> 0 )",
					$this->table( 'licenses' ),
					$seat->id,
					$seat->owner_id,
					$seat->holder_id,
					$this->table( 'grants' ),
					$seat->grant_id
				)
			),
			'delete a seat of an ended grant'
		);
		if ( $deleted ) {
			$this->lower_quantity( $seat->grant_id, 1 );
			$this->changed( ...self::ids( array( $seat->owner_id, $seat->holder_id ) ) );
		}
		return $deleted;
	}

	/**
	 * Every grant a source made under references that start with a prefix (e.g. all lines of an
	 * order: order:123:item:), in ID order.
	 *
	 * @param string $source Source.
	 * @param string $prefix Start of the reference.
	 * @return Grant[]
	 */
	public function grants_by_source_prefix( string $source, string $prefix ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT ' . Grant::COLUMNS . ' FROM %i WHERE source = %s AND source_ref LIKE %s ORDER BY id',
				$this->table( 'grants' ),
				$source,
				$this->db->esc_like( $prefix ) . '%'
			),
			ARRAY_A
		);
		return array_map( array( Grant::class, 'from_row' ), $rows );
	}

	/**
	 * Lowers a grant's quantity by seats taken out of it (never below 0).
	 *
	 * @param int $grant_id Grant.
	 * @param int $by       Seats.
	 * @throws WriteFailed When the database refused it.
	 */
	private function lower_quantity( int $grant_id, int $by ): void {
		$this->must(
			$this->db->query( $this->db->prepare( 'UPDATE %i SET quantity = CASE WHEN quantity > %d THEN quantity - %d ELSE 0 END WHERE id = %d', $this->table( 'grants' ), $by, $by, $grant_id ) ),
			'lower a grant\'s quantity'
		);
	}
}
