<?php
/**
 * Share records.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Repositories;

/**
 * Records who shared which seat with whom, and how.
 */
final class ShareRepository extends Repository implements UserRows {

	/**
	 * Records an accepted share of a seat.
	 *
	 * @param array{license_id: int, owner_id: int, product_id: int, recipient_id: int, recipient_email?: string, method?: string} $share Fields.
	 * @param int                                                                                                                  $now   Unix seconds.
	 */
	public function record_accepted( array $share, int $now ): int {
		$this->must(
			$this->db->insert(
				$this->table( 'shares' ),
				array(
					'license_id'      => $share['license_id'],
					'owner_id'        => $share['owner_id'],
					'product_id'      => $share['product_id'],
					'recipient_id'    => $share['recipient_id'],
					'recipient_email' => sanitize_email( $share['recipient_email'] ?? '' ),
					'method'          => 'email' === ( $share['method'] ?? 'link' ) ? 'email' : 'link',
					'status'          => 'accepted',
					'created_at'      => $now,
					'updated_at'      => $now,
				),
				array( '%d', '%d', '%d', '%d', '%s', '%s', '%s', '%d', '%d' )
			),
			'record accepted'
		);
		return (int) $this->db->insert_id;
	}

	/**
	 * Deletes the share records a deleted user made or received.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		$this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE owner_id = %d OR recipient_id = %d', $this->table( 'shares' ), $user_id, $user_id ) ), 'forget user' );
	}
}
