<?php
/**
 * Grants and their seats.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

use InvalidArgumentException;
use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Database\UserRows;
use LibraryPortal\Platform\Database\SelectPart;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * Reads and changes licenses (seats): a grant's seats made with it, shared, revoked, returned and
 * activated, and the reads of who holds what. The grant rows' own life is GrantRepository's.
 *
 * Every change of a seat's state is one conditional UPDATE whose WHERE clause holds the
 * expected current state, so of two racing requests exactly one changes the row.
 */
final class LicenseRepository extends Repository implements UserRows {

	/**
	 * The columns of a Seat (licenses `l` joined with their grant `g`).
	 */
	public const SEAT_COLUMNS = 'l.id, l.grant_id, l.owner_id, l.product_id, l.holder_id, l.state, l.shared, l.activated_at, l.expires_at, g.tag, g.contract_id';

	/**
	 * Creates a grant and its seats (one INSERT for the grant, one for all seats).
	 *
	 * @param array{owner_id: int, product_id: int, quantity?: int, tag?: string, source?: string, source_ref?: string, contract_id?: int, expires_at?: int} $grant Grant fields.
	 * @param int                                                                                                                                         $now   Unix seconds.
	 * @return int Grant ID.
	 * @throws InvalidArgumentException When the quantity is below 1 or the expiry negative (the caller
	 *                                  checks what a person typed; the repository does not fix it).
	 * @throws WriteFailed              When the database refused the grant or its seats.
	 */
	public function create_grant( array $grant, int $now ): int {
		$quantity   = $grant['quantity'] ?? 1;
		$expires_at = $grant['expires_at'] ?? 0;
		if ( $quantity < 1 || $expires_at < 0 ) {
			throw new InvalidArgumentException( esc_html( "A grant needs at least one seat and an expiry of 0 or later, got $quantity and $expires_at." ) );
		}
		$this->must(
			$this->db->insert(
				$this->table( 'grants' ),
				array(
					'owner_id'    => (int) $grant['owner_id'],
					'product_id'  => (int) $grant['product_id'],
					'quantity'    => $quantity,
					'tag'         => (string) ( $grant['tag'] ?? '' ),
					'source'      => (string) ( $grant['source'] ?? 'admin' ),
					'source_ref'  => (string) ( $grant['source_ref'] ?? '' ),
					'contract_id' => (int) ( $grant['contract_id'] ?? 0 ),
					'expires_at'  => $expires_at,
					'created_at'  => $now,
				),
				array( '%d', '%d', '%d', '%s', '%s', '%s', '%d', '%d', '%d' )
			),
			'create a grant'
		);
		$grant_id = (int) $this->db->insert_id;

		$rows   = implode( ', ', array_fill( 0, $quantity, "(%d, %d, %d, 0, 'available', 0, 0, %d, %d)" ) );
		$values = array( $this->table( 'licenses' ) );
		for ( $i = 0; $i < $quantity; $i++ ) {
			array_push( $values, $grant_id, (int) $grant['owner_id'], (int) $grant['product_id'], $expires_at, $now );
		}
		try {
			$this->must( $this->db->query( $this->db->prepare( "INSERT INTO %i (grant_id, owner_id, product_id, holder_id, state, shared, activated_at, expires_at, updated_at) VALUES $rows", $values ) ), 'create seats' );
		} catch ( WriteFailed $failed ) {
			// No grant without its seats: a purchase is either whole or not there.
			$this->db->delete( $this->table( 'grants' ), array( 'id' => $grant_id ), array( '%d' ) );
			throw $failed;
		}

		// Announced only now: both writes happened.
		$this->changed( (int) $grant['owner_id'] );
		return $grant_id;
	}

	/**
	 * Every seat of a grant, in seat order.
	 *
	 * @param int $grant_id Grant.
	 * @return Seat[]
	 */
	public function seats_of_grant( int $grant_id ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT ' . self::SEAT_COLUMNS . ' FROM %i l INNER JOIN %i g ON g.id = l.grant_id WHERE l.grant_id = %d ORDER BY l.id',
				$this->table( 'licenses' ),
				$this->table( 'grants' ),
				$grant_id
			),
			ARRAY_A
		);
		return array_map( array( Seat::class, 'from_row' ), $rows );
	}

	/**
	 * Every seat a user owns or holds, with its grant's tag and contract, ordered by seat ID.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Only this item's seats (0 = all).
	 * @return Seat[]
	 */
	public function seats_for_user( int $user_id, int $product_id = 0 ): array {
		return $this->read( ...$this->seats_for_user_read( $user_id, $product_id ) );
	}

	/**
	 * seats_for_user() as parts of a combined read (a progress report reads them with the item
	 * and the progress): two indexed selects joined by UNION ALL rather than one OR, so each uses
	 * its index (owner_product, holder_product: both start with the user, then the item).
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Only this item's seats (0 = all).
	 * @return array{0: SelectPart, 1: SelectPart}
	 */
	public function seats_for_user_read( int $user_id, int $product_id = 0 ): array {
		$tables  = array( $this->table( 'licenses' ), $this->table( 'grants' ) );
		$only    = $product_id > 0 ? ' AND l.product_id = %d' : '';
		$item    = $product_id > 0 ? array( $product_id ) : array();
		$columns = array();
		foreach ( explode( ', ', self::SEAT_COLUMNS ) as $column ) {
			$columns[ substr( $column, 2 ) ] = $column;
		}
		// Sorted here: a UNION part cannot be ordered, and SQLite cannot ORDER BY a column of a UNION by name.
		$map = static function ( array $rows ): array {
			$seats = array_map( array( Seat::class, 'from_row' ), $rows );
			usort( $seats, static fn( Seat $a, Seat $b ) => $a->id <=> $b->id );
			return $seats;
		};
		return array(
			SelectPart::of( 'seats', $columns, "FROM %i l INNER JOIN %i g ON g.id = l.grant_id WHERE l.owner_id = %d$only", array_merge( $tables, array( $user_id ), $item ), $map ),
			SelectPart::of( 'seats', $columns, "FROM %i l INNER JOIN %i g ON g.id = l.grant_id WHERE l.holder_id = %d AND l.owner_id <> %d$only", array_merge( $tables, array( $user_id, $user_id ), $item ), $map ),
		);
	}

	/**
	 * The owners whose team (team_seats()) shows any of these users: who shared them a seat.
	 * No DISTINCT: it makes MariaDB build a temporary table for a few rows; ids() dedupes.
	 *
	 * @param int[] $holder_ids Users.
	 * @return int[]
	 */
	public function sharers_of( array $holder_ids ): array {
		$owners = array();
		foreach ( array_chunk( self::ids( $holder_ids ), 1000 ) as $chunk ) {
			$owners = array_merge(
				$owners,
				array_map(
					'intval',
					$this->db->get_col(
						$this->db->prepare(
							'SELECT owner_id FROM %i WHERE holder_id IN ( ' . self::placeholders( $chunk ) . ' ) AND shared = 1 AND owner_id <> holder_id',
							array_merge( array( $this->table( 'licenses' ) ), $chunk )
						)
					)
				)
			);
		}
		return self::ids( $owners );
	}

	/**
	 * The other people in a user's seats: whoever holds a seat the user owns, and whoever owns
	 * a seat the user holds. Their libraries show the user's name and e-mail.
	 *
	 * @param int $user_id User.
	 * @return int[]
	 */
	public function linked_users( int $user_id ): array {
		$licenses = $this->table( 'licenses' );
		return array_map(
			'intval',
			$this->db->get_col(
				$this->db->prepare(
					'SELECT owner_id FROM %i WHERE holder_id = %d AND owner_id <> %d
					UNION SELECT holder_id FROM %i WHERE owner_id = %d AND holder_id <> 0 AND holder_id <> %d',
					$licenses,
					$user_id,
					$user_id,
					$licenses,
					$user_id,
					$user_id
				)
			)
		);
	}

	/**
	 * One unexpired, unassigned seat of an owner's item, or 0.
	 *
	 * @param int    $owner_id   Owner.
	 * @param int    $product_id Item.
	 * @param string $tag        Grant tag.
	 * @param int    $now        Unix seconds.
	 */
	public function find_available_seat( int $owner_id, int $product_id, string $tag, int $now ): int {
		return (int) $this->db->get_var(
			$this->db->prepare(
				"SELECT l.id FROM %i l INNER JOIN %i g ON g.id = l.grant_id
				WHERE l.owner_id = %d AND l.product_id = %d AND g.tag = %s AND l.state = 'available' AND l.holder_id = 0
				AND ( l.expires_at = 0 OR l.expires_at > %d )
				ORDER BY l.expires_at = 0, l.expires_at, l.id LIMIT 1",
				$this->table( 'licenses' ),
				$this->table( 'grants' ),
				$owner_id,
				$product_id,
				$tag,
				$now
			)
		);
	}

	/**
	 * Hands an available seat to another user. False when someone else took it first.
	 *
	 * @param int $license_id   Seat.
	 * @param int $owner_id     Owner of the seat.
	 * @param int $recipient_id New holder.
	 * @param int $now          Unix seconds.
	 */
	public function share_seat( int $license_id, int $owner_id, int $recipient_id, int $now ): bool {
		$shared = 1 === $this->must(
			$this->db->query(
				$this->db->prepare(
					"UPDATE %i SET holder_id = %d, state = 'assigned', shared = 1, updated_at = %d
				WHERE id = %d AND owner_id = %d AND state = 'available' AND holder_id = 0 AND ( expires_at = 0 OR expires_at > %d )",
					$this->table( 'licenses' ),
					$recipient_id,
					$now,
					$license_id,
					$owner_id,
					$now
				)
			),
			'share a seat'
		);
		if ( $shared ) {
			$this->changed( $owner_id, $recipient_id );
		}
		return $shared;
	}

	/**
	 * The seat a user holds from a sharer's item (assigned or activated, unexpired; the lowest ID
	 * when a racing accept gave them two), or 0.
	 *
	 * @param int $holder_id  Team member.
	 * @param int $owner_id   Sharer.
	 * @param int $product_id Item.
	 * @param int $now        Unix seconds.
	 */
	public function seat_held_from( int $holder_id, int $owner_id, int $product_id, int $now ): int {
		return (int) $this->db->get_var(
			$this->db->prepare(
				"SELECT MIN(id) FROM %i WHERE holder_id = %d AND owner_id = %d AND product_id = %d
				AND state IN ( 'assigned', 'activated' ) AND ( expires_at = 0 OR expires_at > %d )",
				$this->table( 'licenses' ),
				$holder_id,
				$owner_id,
				$product_id,
				$now
			)
		);
	}

	/**
	 * Whether a user owns or holds any seat on this site, in any state (a site's wp-admin lists
	 * such a user among its people: docs/rules/platform.md, "Multisite"). One query.
	 *
	 * @param int $user_id User.
	 */
	public function has_any_seat( int $user_id ): bool {
		return (bool) $this->db->get_var(
			$this->db->prepare(
				'SELECT 1 FROM %i WHERE owner_id = %d OR holder_id = %d LIMIT 1',
				$this->table( 'licenses' ),
				$user_id,
				$user_id
			)
		);
	}

	/**
	 * Whether a user has bought (or been given as a buyer) anything: an own untagged grant that
	 * has not ended. Members, contract users and team members have none; their library is not
	 * "purchased" (docs/rules/library-and-catalogue.md, "Words the spec gives and where they change"). One query.
	 *
	 * @param int $user_id User.
	 */
	public function owns_untagged_grant( int $user_id ): bool {
		return (bool) $this->db->get_var(
			$this->db->prepare(
				"SELECT 1 FROM %i WHERE owner_id = %d AND tag = '' AND ended_at = 0 LIMIT 1",
				$this->table( 'grants' ),
				$user_id
			)
		);
	}

	/**
	 * Whether a user already holds a seat of an item: one received from anyone (assigned or
	 * activated) or an own untagged one, unexpired. Such a visitor of a share link is shown the
	 * item instead of a claim (docs/rules/seats-and-sharing.md, "Sharing seats"). One query.
	 *
	 * @param int $user_id    User.
	 * @param int $product_id Item.
	 * @param int $now        Unix seconds.
	 */
	public function holds_seat( int $user_id, int $product_id, int $now ): bool {
		return (bool) $this->db->get_var(
			$this->db->prepare(
				"SELECT 1 FROM %i l INNER JOIN %i g ON g.id = l.grant_id
				WHERE l.product_id = %d AND ( l.expires_at = 0 OR l.expires_at > %d )
				AND ( ( l.holder_id = %d AND l.owner_id <> %d AND l.state IN ( 'assigned', 'activated' ) ) OR ( l.owner_id = %d AND g.tag = '' ) )
				LIMIT 1",
				$this->table( 'licenses' ),
				$this->table( 'grants' ),
				$product_id,
				$now,
				$user_id,
				$user_id,
				$user_id
			)
		);
	}

	/**
	 * An owner's seats of an item (untagged grants), counted: unexpired ones, and of those the
	 * ones nobody holds. One query.
	 *
	 * @param int $owner_id   Owner.
	 * @param int $product_id Item.
	 * @param int $now        Unix seconds.
	 * @return array{unexpired: int, available: int}
	 */
	public function own_seat_counts( int $owner_id, int $product_id, int $now ): array {
		$row = $this->db->get_row(
			$this->db->prepare(
				"SELECT COUNT(*) AS unexpired, COALESCE( SUM( CASE WHEN l.state = 'available' AND l.holder_id = 0 THEN 1 ELSE 0 END ), 0 ) AS available
				FROM %i l INNER JOIN %i g ON g.id = l.grant_id
				WHERE l.owner_id = %d AND l.product_id = %d AND g.tag = '' AND ( l.expires_at = 0 OR l.expires_at > %d )",
				$this->table( 'licenses' ),
				$this->table( 'grants' ),
				$owner_id,
				$product_id,
				$now
			),
			ARRAY_A
		);
		return array(
			'unexpired' => (int) ( $row['unexpired'] ?? 0 ),
			'available' => (int) ( $row['available'] ?? 0 ),
		);
	}

	/**
	 * Whether a user owns any seat of an item (untagged grants, expired ones too): who may see
	 * the item's share records.
	 *
	 * @param int $owner_id   User.
	 * @param int $product_id Item.
	 */
	public function owns_item( int $owner_id, int $product_id ): bool {
		return (bool) $this->db->get_var(
			$this->db->prepare(
				"SELECT 1 FROM %i l INNER JOIN %i g ON g.id = l.grant_id WHERE l.owner_id = %d AND l.product_id = %d AND g.tag = '' LIMIT 1",
				$this->table( 'licenses' ),
				$this->table( 'grants' ),
				$owner_id,
				$product_id
			)
		);
	}

	/**
	 * An owner's seats of an item held by someone else, with how each was shared (the share record
	 * still standing, if any), ordered by seat. One query, whatever the number of shares.
	 *
	 * @param int $owner_id   Owner.
	 * @param int $product_id Item.
	 * @return array<int, array{id: int, holder_id: int, state: string, expires_at: int, activated_at: int, method: string, recipient_email: string, shared_at: int}>
	 */
	public function shared_seats( int $owner_id, int $product_id ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				"SELECT l.id, l.holder_id, l.state, l.expires_at, l.activated_at, s.method, s.recipient_email, s.created_at AS shared_at
				FROM %i l LEFT JOIN %i s ON s.license_id = l.id AND s.status = 'accepted'
				WHERE l.owner_id = %d AND l.product_id = %d AND l.shared = 1 AND l.holder_id <> 0 AND l.holder_id <> %d
				ORDER BY l.id",
				$this->table( 'licenses' ),
				$this->table( 'shares' ),
				$owner_id,
				$product_id,
				$owner_id
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'id'              => (int) $row['id'],
				'holder_id'       => (int) $row['holder_id'],
				'state'           => (string) $row['state'],
				'expires_at'      => (int) $row['expires_at'],
				'activated_at'    => (int) $row['activated_at'],
				'method'          => (string) ( $row['method'] ?? '' ),
				'recipient_email' => (string) ( $row['recipient_email'] ?? '' ),
				'shared_at'       => (int) ( $row['shared_at'] ?? 0 ),
			),
			$rows
		);
	}

	/**
	 * Every seat an owner gave to someone else, whatever the item: the team screens. One query
	 * on the owner_product index, whatever the size of the team, reading the seats table alone.
	 *
	 * @param int $owner_id Owner.
	 * @return TeamSeat[] In seat order.
	 */
	public function team_seats( int $owner_id ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT id, product_id, holder_id, state, expires_at FROM %i
				WHERE owner_id = %d AND shared = 1 AND holder_id <> 0 AND holder_id <> %d',
				$this->table( 'licenses' ),
				$owner_id,
				$owner_id
			),
			ARRAY_N
		);
		// Sorted here: ORDER BY id beside the owner_product index makes MariaDB filesort or walk the primary key.
		usort( $rows, static fn( array $a, array $b ): int => (int) $a[0] <=> (int) $b[0] );
		$seats = array();
		foreach ( $rows as $row ) {
			$seats[] = new TeamSeat( (int) $row[0], (int) $row[1], (int) $row[2], SeatState::tryFrom( (string) $row[3] ) ?? SeatState::Activated, (int) $row[4] );
		}
		return $seats;
	}

	/**
	 * One seat by ID, or null.
	 *
	 * @param int $license_id Seat.
	 */
	public function find_seat( int $license_id ): ?Seat {
		$row = $this->db->get_row(
			$this->db->prepare(
				'SELECT ' . self::SEAT_COLUMNS . ' FROM %i l INNER JOIN %i g ON g.id = l.grant_id WHERE l.id = %d',
				$this->table( 'licenses' ),
				$this->table( 'grants' ),
				$license_id
			),
			ARRAY_A
		);
		return is_array( $row ) ? Seat::from_row( $row ) : null;
	}

	/**
	 * Takes back a shared seat nobody started: one conditional UPDATE, so of a revoke and an
	 * activation racing for the seat exactly one changes it. False when the seat is not its
	 * owner's to take back any more (activated, available) or expired.
	 *
	 * @param Seat $seat The seat as read (find_seat()); its holder's library is announced as changed.
	 * @param int  $now  Unix seconds.
	 */
	public function revoke_seat( Seat $seat, int $now ): bool {
		$revoked = 1 === $this->must(
			$this->db->query(
				$this->db->prepare(
					"UPDATE %i SET holder_id = 0, state = 'available', shared = 0, updated_at = %d
				WHERE id = %d AND owner_id = %d AND state = 'assigned' AND holder_id <> 0 AND holder_id <> owner_id AND ( expires_at = 0 OR expires_at > %d )",
					$this->table( 'licenses' ),
					$now,
					$seat->id,
					$seat->owner_id,
					$now
				)
			),
			'revoke a seat'
		);
		if ( $revoked ) {
			$this->changed( $seat->owner_id, $seat->holder_id );
		}
		return $revoked;
	}

	/**
	 * Gives back a seat a racing accept handed to the same person twice (the holder keeps their
	 * lowest one). Conditional like every seat change; false when it moved on meanwhile.
	 *
	 * @param int $license_id Seat.
	 * @param int $holder_id  Team member who holds it.
	 * @param int $now        Unix seconds.
	 */
	public function return_seat( int $license_id, int $holder_id, int $now ): bool {
		return 1 === $this->must(
			$this->db->query(
				$this->db->prepare(
					"UPDATE %i SET holder_id = 0, state = 'available', shared = 0, updated_at = %d WHERE id = %d AND holder_id = %d AND state = 'assigned'",
					$this->table( 'licenses' ),
					$now,
					$license_id,
					$holder_id
				)
			),
			'return a seat'
		);
	}

	/**
	 * Activates a seat for a user: an available seat of their own, or one already assigned to them.
	 * False when the seat is no longer in a state that allows it (a double activation activates once).
	 *
	 * @param int $license_id Seat.
	 * @param int $user_id    The user who activates it.
	 * @param int $now        Unix seconds.
	 */
	public function activate_seat( int $license_id, int $user_id, int $now ): bool {
		$activated = 1 === $this->must(
			$this->db->query(
				$this->db->prepare(
					"UPDATE %i SET holder_id = %d, state = 'activated', activated_at = %d, updated_at = %d
				WHERE id = %d AND ( expires_at = 0 OR expires_at > %d )
				AND ( ( state = 'available' AND holder_id = 0 AND owner_id = %d ) OR ( state = 'assigned' AND holder_id = %d ) )",
					$this->table( 'licenses' ),
					$user_id,
					$now,
					$now,
					$license_id,
					$now,
					$user_id,
					$user_id
				)
			),
			'activate a seat'
		);
		if ( $activated ) {
			$owner_id = (int) $this->db->get_var( $this->db->prepare( 'SELECT owner_id FROM %i WHERE id = %d', $this->table( 'licenses' ), $license_id ) );
			$this->changed( $user_id, $owner_id );
		}
		return $activated;
	}

	/**
	 * The seat a user's activation of an item would spend, from one owner's grants with a tag:
	 * a seat the user already activated comes first (then nothing is spent), else the seat
	 * find_available_seat() would give (own seats) or one assigned to the user (a share).
	 * The order is fixed, so racing requests compete for the same row and activate_seat()
	 * lets one win; the loser reads again and finds the activated seat.
	 *
	 * @param int    $user_id    User who activates.
	 * @param int    $owner_id   Owner of the seats (the user, or the sharer).
	 * @param int    $product_id Item.
	 * @param string $tag        Grant tag.
	 * @param int    $now        Unix seconds.
	 * @return array{id: int, activated: bool}|null Null when there is no such seat.
	 */
	public function seat_to_activate( int $user_id, int $owner_id, int $product_id, string $tag, int $now ): ?array {
		$row = $this->db->get_row(
			$this->db->prepare(
				"SELECT l.id, l.state FROM %i l INNER JOIN %i g ON g.id = l.grant_id
				WHERE l.owner_id = %d AND l.product_id = %d AND g.tag = %s AND ( l.expires_at = 0 OR l.expires_at > %d )
				AND ( ( l.state IN ( 'activated', 'assigned' ) AND l.holder_id = %d ) OR ( l.state = 'available' AND l.holder_id = 0 AND l.owner_id = %d ) )
				ORDER BY l.state = 'activated' DESC, l.expires_at = 0, l.expires_at, l.id LIMIT 1",
				$this->table( 'licenses' ),
				$this->table( 'grants' ),
				$owner_id,
				$product_id,
				$tag,
				$now,
				$user_id,
				$user_id
			),
			ARRAY_A
		);
		if ( ! is_array( $row ) ) {
			return null;
		}
		return array(
			'id'        => (int) $row['id'],
			'activated' => 'activated' === $row['state'],
		);
	}

	/**
	 * Expiry times of the user's own grants (with seats left) of published membership items.
	 *
	 * @param int $owner_id User.
	 * @return int[] Unix seconds (0 = never).
	 */
	public function membership_expiries( int $owner_id ): array {
		return array_map(
			'intval',
			$this->db->get_col(
				$this->db->prepare(
					// Per grant, not per seat (seats copy their grant's expiry; extend() changes both): an
					// owner with a team has hundreds of seats and a handful of grants. A grant whose seats
					// were all taken back, or that a refund or take-back ended, counts no more.
					"SELECT g.expires_at FROM %i g
					INNER JOIN %i p ON p.ID = g.product_id AND p.post_type = %s AND p.post_status = 'publish'
					INNER JOIN %i m ON m.post_id = g.product_id AND m.meta_key = '_lp_content_type' AND m.meta_value = 'membership'
					WHERE g.owner_id = %d AND g.ended_at = 0 AND EXISTS ( SELECT 1 FROM %i l WHERE l.grant_id = g.id )",
					$this->table( 'grants' ),
					$this->db->posts,
					\LibraryPortal\Core\Items\ItemPostType::POST_TYPE,
					$this->db->postmeta,
					$owner_id,
					$this->table( 'licenses' )
				)
			)
		);
	}

	/**
	 * Lets go of a deleted user's seats.
	 *
	 * Seats shared to the user and not activated go back to their owner (available again); seats
	 * the user activated from someone else stay used, held by nobody; the user's own grants and
	 * all their seats are deleted, including seats they had given to team members.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		$licenses = $this->table( 'licenses' );
		$affected = $this->linked_users( $user_id );
		$now      = time();
		$this->must(
			$this->db->query(
				$this->db->prepare(
					"UPDATE %i SET holder_id = 0, state = 'available', shared = 0, updated_at = %d WHERE holder_id = %d AND owner_id <> %d AND state = 'assigned'",
					$licenses,
					$now,
					$user_id,
					$user_id
				)
			),
			'return seats shared to a deleted user'
		);
		$this->must(
			$this->db->query(
				$this->db->prepare(
					'UPDATE %i SET holder_id = 0, updated_at = %d WHERE holder_id = %d AND owner_id <> %d',
					$licenses,
					$now,
					$user_id,
					$user_id
				)
			),
			'release seats a deleted user activated'
		);
		$this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE owner_id = %d', $licenses, $user_id ) ), 'delete a deleted user\'s seats' );
		$this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE owner_id = %d', $this->table( 'grants' ), $user_id ) ), 'delete a deleted user\'s grants' );
		if ( $affected ) {
			$this->changed( ...array_values( array_unique( $affected ) ) );
		}
	}

	/*
	 * Ending and restoring grants (refunds, cancellations, take-backs: docs/rules/seats-and-sharing.md,
	 * "Grants and audit trail (wp-admin, WP-CLI)"). Kept apart from the sharing methods above.
	 */

}
