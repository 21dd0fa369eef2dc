<?php
/**
 * Stored share links.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Sharing;

use LibraryPortal\Repositories\Repository;
use LibraryPortal\Repositories\UserRows;
use LibraryPortal\Repositories\WriteFailed;

/**
 * The server-side half of a share link: its ID goes into the signed payload, so a link can be
 * revoked (and dies with its sharer) although the payload itself cannot be changed.
 */
final class ShareLinkRepository extends Repository implements UserRows {

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
			$this->db->prepare( 'SELECT id, owner_id, product_id, recipient_email, created_at, revoked_at FROM %i WHERE id = %d', $this->table( 'share_links' ), $link_id ),
			ARRAY_A
		);
		if ( ! is_array( $row ) ) {
			return null;
		}
		return new ShareLinkRecord( (int) $row['id'], (int) $row['owner_id'], (int) $row['product_id'], (int) $row['created_at'], (int) $row['revoked_at'], (string) $row['recipient_email'] );
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
	 * A deleted sharer's links stop working.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		$this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE owner_id = %d', $this->table( 'share_links' ), $user_id ) ), 'forget user' );
	}
}
