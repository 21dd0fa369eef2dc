<?php
/**
 * Share records.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Database\UserRows;
use LibraryPortal\Core\Database\UserTable;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * Records who shared which seat with whom, and how.
 */
final class ShareRepository extends Repository implements UserRows {

	/**
	 * Records an accepted share of a seat and returns the record's ID.
	 *
	 * The e-mail is stored as given: whoever took it from a person has sanitised it.
	 *
	 * @param int         $license_id      Seat.
	 * @param int         $owner_id        Sharer.
	 * @param int         $product_id      Item.
	 * @param int         $recipient_id    Team member who accepted.
	 * @param ShareMethod $method          Link or e-mail.
	 * @param string      $recipient_email Address invited by e-mail ('' for a link).
	 * @param int         $now             Unix seconds.
	 * @param int         $link_id         The share link accepted (0: not known).
	 * @throws WriteFailed When the database refused the row.
	 */
	public function record_accepted( int $license_id, int $owner_id, int $product_id, int $recipient_id, ShareMethod $method, string $recipient_email, int $now, int $link_id = 0 ): int {
		$this->must(
			$this->db->insert(
				$this->table( 'shares' ),
				array(
					'license_id'      => $license_id,
					'owner_id'        => $owner_id,
					'product_id'      => $product_id,
					'recipient_id'    => $recipient_id,
					'recipient_email' => $recipient_email,
					'method'          => $method->value,
					'status'          => 'accepted',
					'created_at'      => $now,
					'updated_at'      => $now,
					'link_id'         => $link_id,
				),
				array( '%d', '%d', '%d', '%d', '%s', '%s', '%s', '%d', '%d', '%d' )
			),
			'record accepted'
		);
		return (int) $this->db->insert_id;
	}

	/**
	 * Closes the standing share record of a seat (revoked, or given back after a racing accept).
	 *
	 * @param int    $license_id Seat.
	 * @param string $status     'revoked', 'returned' or 'taken_back' (a refund or take-back removed the seat).
	 * @param int    $now        Unix seconds.
	 */
	public function close( int $license_id, string $status, int $now ): void {
		$this->must(
			$this->db->query(
				$this->db->prepare(
					"UPDATE %i SET status = %s, updated_at = %d WHERE license_id = %d AND status = 'accepted'",
					$this->table( 'shares' ),
					$status,
					$now,
					$license_id
				)
			),
			'close a share record'
		);
	}

	/**
	 * Whether the owner took back a seat of the item that the recipient had taken with this link.
	 * Shares recorded before links were (schema 9) count when revoked after the link was made.
	 *
	 * @param int $owner_id     Sharer.
	 * @param int $product_id   Item.
	 * @param int $recipient_id Team member.
	 * @param int $link_id      The link.
	 * @param int $link_made_at Unix seconds the link was made.
	 */
	public function revoked_with_link( int $owner_id, int $product_id, int $recipient_id, int $link_id, int $link_made_at ): bool {
		return null !== $this->db->get_var(
			$this->db->prepare(
				"SELECT id FROM %i WHERE recipient_id = %d AND owner_id = %d AND product_id = %d AND status = 'revoked' AND ( link_id = %d OR ( link_id = 0 AND updated_at >= %d ) ) LIMIT 1",
				$this->table( 'shares' ),
				$recipient_id,
				$owner_id,
				$product_id,
				$link_id,
				$link_made_at
			)
		);
	}

	/**
	 * Deletes the share records a deleted user made or received.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		( new UserTable( $this->db, $this->table( 'shares' ), array( 'owner_id', 'recipient_id' ) ) )->delete( $user_id, 'forget user' );
	}

	/**
	 * A page of the share records a user made (seats they gave), for a personal data export.
	 *
	 * @param int $owner_id User.
	 * @param int $limit    Rows per page.
	 * @param int $offset   Rows to skip.
	 * @return array<int, array{id: int, license_id: int, product_id: int, recipient_id: int, recipient_email: string, method: string, status: string, created_at: int}>
	 */
	public function export_sent_page( int $owner_id, int $limit, int $offset ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				'SELECT id, license_id, product_id, recipient_id, recipient_email, method, status, created_at FROM %i WHERE owner_id = %d ORDER BY id LIMIT %d OFFSET %d',
				$this->table( 'shares' ),
				$owner_id,
				max( 1, $limit ),
				max( 0, $offset )
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'id'              => (int) $row['id'],
				'license_id'      => (int) $row['license_id'],
				'product_id'      => (int) $row['product_id'],
				'recipient_id'    => (int) $row['recipient_id'],
				'recipient_email' => (string) $row['recipient_email'],
				'method'          => (string) $row['method'],
				'status'          => (string) $row['status'],
				'created_at'      => (int) $row['created_at'],
			),
			$rows
		);
	}
}
