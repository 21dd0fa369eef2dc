<?php
/**
 * Grants whose licenses end this month, and the claim that each is told once.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Notifications;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Core\Items\ItemPostType;

/**
 * The SQL of ExpiryNotices: one SELECT of every due grant with what its message needs, and one
 * conditional UPDATE per grant that only one of two overlapping runs can win.
 */
final class ExpiryNoticeRepository extends Repository {

	/**
	 * Grants not yet told this month whose unexpired licenses end before next month, with the
	 * number of those licenses, the earliest end and the item's title. Contract grants are left
	 * out (contract users have no notifications), and so are items no longer published.
	 *
	 * @param int $now              Unix seconds.
	 * @param int $month_start      First second of this month (site time zone).
	 * @param int $next_month_start First second of next month (site time zone).
	 * @param int $limit            Most grants (0: all), by owner and item so one owner's item stays together.
	 * @return array<int, array{grant_id: int, owner_id: int, product_id: int, title: string, licenses: int, ends_at: int}>
	 */
	public function due( int $now, int $month_start, int $next_month_start, int $limit = 0 ): array {
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				// Seats copy their grant's expiry; the grant's indexed column picks the few candidates.
				"SELECT g.id AS grant_id, g.owner_id, g.product_id, p.post_title AS title, COUNT(l.id) AS licenses, MIN(l.expires_at) AS ends_at
				FROM %i g
				INNER JOIN %i l ON l.grant_id = g.id AND l.expires_at > %d AND l.expires_at < %d
				INNER JOIN %i p ON p.ID = g.product_id AND p.post_type = %s AND p.post_status = 'publish'
				WHERE g.expires_at > %d AND g.expires_at < %d AND g.contract_id = 0 AND g.expiry_notified_at < %d AND g.expiry_notified_at <> g.expires_at
				GROUP BY g.id, g.owner_id, g.product_id, p.post_title
				ORDER BY g.owner_id, g.product_id, g.id
				LIMIT %d",
				$this->table( 'grants' ),
				$this->table( 'licenses' ),
				$now,
				$next_month_start,
				$this->db->posts,
				ItemPostType::POST_TYPE,
				$now,
				$next_month_start,
				$month_start,
				$limit > 0 ? $limit : PHP_INT_MAX
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'grant_id'   => (int) $row['grant_id'],
				'owner_id'   => (int) $row['owner_id'],
				'product_id' => (int) $row['product_id'],
				'title'      => (string) $row['title'],
				'licenses'   => (int) $row['licenses'],
				'ends_at'    => (int) $row['ends_at'],
			),
			$rows
		);
	}

	/**
	 * Claims a grant's notice of its current expiry: true for exactly one caller, however many runs
	 * race, and never again for that expiry (an extension resets the claim: a new date is told).
	 *
	 * @param int $grant_id    Grant.
	 * @param int $month_start First second of this month: a claim from before it is stale.
	 * @param int $now         Unix seconds (at least $month_start); the claim stores the expiry told, not the time.
	 */
	public function claim( int $grant_id, int $month_start, int $now ): bool {
		// The grant's own expiry is stored as the one told about: the same expiry is never told twice,
		// even when a later month_start (a changed time zone) would let an older claim time through.
		return 1 === $this->must(
			$this->db->query( $this->db->prepare( 'UPDATE %i SET expiry_notified_at = expires_at WHERE id = %d AND expiry_notified_at < %d AND expiry_notified_at <> expires_at', $this->table( 'grants' ), $grant_id, $month_start ) ),
			'claim an expiry notice'
		);
	}

	/**
	 * Gives a claim back when its notice could not be stored, so the next run tries again.
	 *
	 * @param int $grant_id Grant.
	 * @param int $now      Unix seconds (unused: the claim holds the grant's expiry).
	 */
	public function release( int $grant_id, int $now ): void {
		$this->db->query( $this->db->prepare( 'UPDATE %i SET expiry_notified_at = 0 WHERE id = %d AND expiry_notified_at = expires_at', $this->table( 'grants' ), $grant_id ) );
	}
}
