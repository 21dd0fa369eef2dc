<?php
/**
 * Stored share links.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Database\UserRows;
use LibraryPortal\Core\Database\UserTable;
use LibraryPortal\Platform\Database\SelectPart;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * The server-side half of a share link: its ID goes into the signed payload, so a link can be
 * revoked (and dies with its sharer) although the payload itself cannot be changed.
 */
final class ShareLinkRepository extends Repository implements UserRows {

	/**
	 * Pending invitations listed in the Share Details tab (newest first).
	 */
	public const PENDING_SHOWN = 100;

	/**
	 * Stores a new link; its ID, or 0 when the write failed.
	 *
	 * @param int    $owner_id        Sharer.
	 * @param int    $product_id      Item.
	 * @param int    $now             Unix seconds.
	 * @param string $recipient_email Address the link was e-mailed to ('' for a copied link).
	 */
	public function create( int $owner_id, int $product_id, int $now, string $recipient_email = '' ): int {
		$written = $this->db->insert(
			$this->table( 'share_links' ),
			array(
				'owner_id'        => $owner_id,
				'product_id'      => $product_id,
				'recipient_email' => $recipient_email,
				'created_at'      => $now,
				'revoked_at'      => 0,
			),
			array( '%d', '%d', '%s', '%d', '%d' )
		);
		return false === $written ? 0 : (int) $this->db->insert_id;
	}

	/**
	 * A stored link by ID.
	 *
	 * @param int $link_id Link ID.
	 */
	public function find( int $link_id ): ?ShareLinkRecord {
		$row = $this->db->get_row(
			$this->db->prepare( 'SELECT id, owner_id, product_id, recipient_email, created_at, revoked_at, used_at FROM %i WHERE id = %d', $this->table( 'share_links' ), $link_id ),
			ARRAY_A
		);
		return is_array( $row ) ? self::record( $row ) : null;
	}

	/**
	 * The owner's newest copied (not e-mailed) link of an item that still works: not withdrawn and
	 * made at or after $made_since (older ones have expired).
	 *
	 * @param int $owner_id   Sharer.
	 * @param int $product_id Item.
	 * @param int $made_since Unix seconds: the oldest creation time that has not expired.
	 */
	public function live_copy_link( int $owner_id, int $product_id, int $made_since ): ?ShareLinkRecord {
		$row = $this->db->get_row(
			$this->db->prepare(
				"SELECT id, owner_id, product_id, recipient_email, created_at, revoked_at, used_at FROM %i WHERE owner_id = %d AND product_id = %d AND recipient_email = '' AND revoked_at = 0 AND created_at >= %d ORDER BY created_at DESC, id DESC LIMIT 1",
				$this->table( 'share_links' ),
				$owner_id,
				$product_id,
				$made_since
			),
			ARRAY_A
		);
		return is_array( $row ) ? self::record( $row ) : null;
	}

	/**
	 * Withdraws the owner's working links of an item (made at or after $made_since, not withdrawn,
	 * not used up); only the copied ones when $copied_only. The number withdrawn.
	 *
	 * @param int  $owner_id    Sharer (someone else's links are never touched).
	 * @param int  $product_id  Item.
	 * @param int  $made_since  Unix seconds: the oldest creation time that has not expired.
	 * @param int  $now         Unix seconds.
	 * @param bool $copied_only Leave e-mailed links alone.
	 * @throws WriteFailed When the database refused the statement.
	 */
	public function withdraw_live( int $owner_id, int $product_id, int $made_since, int $now, bool $copied_only ): int {
		$updated = $this->db->query(
			$this->db->prepare(
				"UPDATE %i SET revoked_at = %d WHERE owner_id = %d AND product_id = %d AND revoked_at = 0 AND used_at = 0 AND created_at >= %d AND ( %d = 0 OR recipient_email = '' )",
				$this->table( 'share_links' ),
				$now,
				$owner_id,
				$product_id,
				$made_since,
				$copied_only ? 1 : 0
			)
		);
		return $this->must( $updated, 'withdraw share links' );
	}

	/**
	 * The owner's e-mailed links of an item not yet used, withdrawn or expired (made at or after
	 * $made_since), newest first, at most PENDING_SHOWN; and how many there are, in the same query.
	 *
	 * @param int $owner_id   Sharer.
	 * @param int $product_id Item.
	 * @param int $made_since Unix seconds: the oldest creation time that has not expired.
	 * @return array{links: ShareLinkRecord[], total: int}
	 */
	public function pending( int $owner_id, int $product_id, int $made_since ): array {
		$table = $this->table( 'share_links' );
		$where = "owner_id = %d AND product_id = %d AND recipient_email <> '' AND revoked_at = 0 AND used_at = 0 AND created_at >= %d";
		$rows  = (array) $this->db->get_results(
			$this->db->prepare(
				"SELECT id, owner_id, product_id, recipient_email, created_at, revoked_at, used_at, ( SELECT COUNT(*) FROM %i WHERE {$where} ) AS total FROM %i WHERE {$where} ORDER BY created_at DESC, id DESC LIMIT %d",
				$table,
				$owner_id,
				$product_id,
				$made_since,
				$table,
				$owner_id,
				$product_id,
				$made_since,
				self::PENDING_SHOWN
			),
			ARRAY_A
		);
		return array(
			'links' => array_map( array( self::class, 'record' ), $rows ),
			'total' => (int) ( $rows[0]['total'] ?? 0 ),
		);
	}

	/**
	 * How many e-mailed links of the owner are pending per item, and when the oldest of each was
	 * made, as a part of a combined read: the items reply reads them with the seats in the same
	 * statement, so the library costs no extra query for them
	 * (docs/rules/seats-and-sharing.md, "Pending invitations beside the seats"). Through the index owner_product.
	 *
	 * @param int $owner_id   Sharer.
	 * @param int $product_id Only this item (0 = all).
	 * @param int $made_since Unix seconds: the oldest creation time that has not expired.
	 * @return SelectPart Named 'pending': product ID => array{count: int, oldest: int}.
	 */
	public function pending_counts_read( int $owner_id, int $product_id, int $made_since ): SelectPart {
		$only = $product_id > 0 ? ' AND product_id = %d' : '';
		return SelectPart::of(
			'pending',
			array(
				'product_id' => 'product_id',
				'count'      => 'COUNT(*)',
				'oldest'     => 'MIN(created_at)',
			),
			"FROM %i WHERE owner_id = %d{$only} AND recipient_email <> '' AND revoked_at = 0 AND used_at = 0 AND created_at >= %d GROUP BY product_id",
			array_merge( array( $this->table( 'share_links' ), $owner_id ), $product_id > 0 ? array( $product_id ) : array(), array( $made_since ) ),
			static function ( array $rows ): array {
				$pending = array();
				foreach ( $rows as $row ) {
					$pending[ (int) $row['product_id'] ] = array(
						'count'  => (int) $row['count'],
						'oldest' => (int) $row['oldest'],
					);
				}
				return $pending;
			}
		);
	}

	/**
	 * The e-mailed links to an address that are pending (not used, not withdrawn, made at or after
	 * $made_since), of every sharer, newest first, at most $limit. The address is compared as the
	 * column's collation compares it (case-insensitive on MySQL and MariaDB; the SQLite integration
	 * too), through the index (recipient_email, created_at), which also gives the order.
	 *
	 * @param string $email      The recipient's address.
	 * @param int    $made_since Unix seconds: the oldest creation time that has not expired.
	 * @param int    $limit      Rows at most.
	 * @return ShareLinkRecord[]
	 */
	public function pending_to( string $email, int $made_since, int $limit ): array {
		if ( '' === $email ) {
			return array();
		}
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT id, owner_id, product_id, recipient_email, created_at, revoked_at, used_at FROM %i WHERE recipient_email = %s AND revoked_at = 0 AND used_at = 0 AND created_at >= %d ORDER BY created_at DESC, id DESC LIMIT %d',
				$this->table( 'share_links' ),
				$email,
				$made_since,
				$limit
			),
			ARRAY_A
		);
		return array_map( array( self::class, 'record' ), $rows );
	}

	/**
	 * Withdraws one of the owner's e-mailed links while it is pending (not used, not withdrawn,
	 * made at or after $made_since); true when this call did.
	 *
	 * @param int $link_id    Link ID.
	 * @param int $owner_id   Sharer (someone else's link is never touched).
	 * @param int $made_since Unix seconds: the oldest creation time that has not expired.
	 * @param int $now        Unix seconds.
	 * @throws WriteFailed When the database refused the statement.
	 */
	public function withdraw_pending( int $link_id, int $owner_id, int $made_since, int $now ): bool {
		$updated = $this->db->query(
			$this->db->prepare(
				"UPDATE %i SET revoked_at = %d WHERE id = %d AND owner_id = %d AND recipient_email <> '' AND revoked_at = 0 AND used_at = 0 AND created_at >= %d",
				$this->table( 'share_links' ),
				$now,
				$link_id,
				$owner_id,
				$made_since
			)
		);
		return 1 === $this->must( $updated, 'cancel an invitation' );
	}

	/**
	 * Marks an e-mailed link used; true when this call did (one accept per link), false when it
	 * was used or withdrawn already.
	 *
	 * @param int $link_id Link ID.
	 * @param int $now     Unix seconds.
	 * @throws WriteFailed When the database refused the statement.
	 */
	public function claim_use( int $link_id, int $now ): bool {
		$updated = $this->db->query(
			$this->db->prepare( 'UPDATE %i SET used_at = %d WHERE id = %d AND used_at = 0 AND revoked_at = 0', $this->table( 'share_links' ), $now, $link_id )
		);
		return 1 === $this->must( $updated, 'use a share link' );
	}

	/**
	 * Gives back a claim of claim_use() whose accept took no seat.
	 *
	 * @param int $link_id Link ID.
	 * @param int $claimed The claim's time (claim_use()'s $now).
	 * @throws WriteFailed When the database refused the statement.
	 */
	public function release_use( int $link_id, int $claimed ): void {
		$this->must(
			$this->db->query( $this->db->prepare( 'UPDATE %i SET used_at = 0 WHERE id = %d AND used_at = %d', $this->table( 'share_links' ), $link_id, $claimed ) ),
			'give back a share link'
		);
	}

	/**
	 * Deletes the rows of links that can never work again: withdrawn ones and those made before
	 * $made_since (expired, used or not). The number deleted.
	 *
	 * @param int $made_since Unix seconds: the oldest creation time that has not expired.
	 * @throws WriteFailed When the database refused the statement.
	 */
	public function purge( int $made_since ): int {
		return $this->must(
			$this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE revoked_at > 0 OR created_at < %d', $this->table( 'share_links' ), $made_since ) ),
			'purge share links'
		);
	}

	/**
	 * Revokes one of an owner's links; true when this call revoked it, false when it is not
	 * theirs or was already revoked.
	 *
	 * @param int $link_id  Link ID.
	 * @param int $owner_id Sharer (someone else's link is never touched).
	 * @param int $now      Unix seconds.
	 * @throws WriteFailed When the database refused the statement (not taken for "already revoked").
	 */
	public function revoke( int $link_id, int $owner_id, int $now ): bool {
		$updated = $this->db->query(
			$this->db->prepare(
				'UPDATE %i SET revoked_at = %d WHERE id = %d AND owner_id = %d AND revoked_at = 0',
				$this->table( 'share_links' ),
				$now,
				$link_id,
				$owner_id
			)
		);
		return 1 === $this->must( $updated, 'revoke a share link' );
	}

	/**
	 * The record of a row.
	 *
	 * @param array<string, mixed> $row Columns of find()'s SELECT.
	 */
	private static function record( array $row ): ShareLinkRecord {
		return new ShareLinkRecord( (int) $row['id'], (int) $row['owner_id'], (int) $row['product_id'], (int) $row['created_at'], (int) $row['revoked_at'], (string) $row['recipient_email'], (int) $row['used_at'] );
	}

	/**
	 * A deleted sharer's links stop working.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		( new UserTable( $this->db, $this->table( 'share_links' ), array( 'owner_id' ) ) )->delete( $user_id, 'forget user' );
	}
}
