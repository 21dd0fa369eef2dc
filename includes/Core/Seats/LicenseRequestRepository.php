<?php
/**
 * Team members' requests for a license.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Database\UserRows;
use LibraryPortal\Core\Database\UserTable;

/**
 * The latest request of a team member to a sharer for an item. Taking a request slot is one
 * conditional UPDATE (or the first INSERT), so two parallel requests notify the sharer once.
 */
final class LicenseRequestRepository extends Repository implements UserRows {

	/**
	 * Takes the request slot: 0 when the request may go out now, else the seconds until it may.
	 *
	 * @param int $requester_id Team member.
	 * @param int $owner_id     Sharer.
	 * @param int $product_id   Item.
	 * @param int $now          Unix seconds.
	 * @param int $window       Seconds between two requests.
	 */
	public function take( int $requester_id, int $owner_id, int $product_id, int $now, int $window ): int {
		$table = $this->table( 'license_requests' );
		$taken = $this->must(
			$this->db->query(
				$this->db->prepare(
					'UPDATE %i SET requested_at = %d WHERE requester_id = %d AND owner_id = %d AND product_id = %d AND requested_at <= %d',
					$table,
					$now,
					$requester_id,
					$owner_id,
					$product_id,
					$now - $window
				)
			),
			'record a license request'
		);
		if ( 0 === $taken ) {
			$taken = $this->must(
				$this->db->query(
					$this->db->prepare(
						'INSERT IGNORE INTO %i (requester_id, owner_id, product_id, requested_at) VALUES (%d, %d, %d, %d)',
						$table,
						$requester_id,
						$owner_id,
						$product_id,
						$now
					)
				),
				'record a license request'
			);
		}
		if ( 1 === $taken ) {
			return 0;
		}
		$last = (int) $this->db->get_var( $this->db->prepare( 'SELECT requested_at FROM %i WHERE requester_id = %d AND owner_id = %d AND product_id = %d', $table, $requester_id, $owner_id, $product_id ) );
		return max( 1, $last + $window - $now );
	}

	/**
	 * Deletes the requests a deleted user made or received.
	 *
	 * @param int $user_id Deleted user.
	 */
	public function forget_user( int $user_id ): void {
		( new UserTable( $this->db, $this->table( 'license_requests' ), array( 'requester_id', 'owner_id' ) ) )->delete( $user_id, 'forget user' );
	}
}
