<?php
/**
 * One row of the seat audit trail.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

/**
 * Who changed which grant or seat, how and when.
 */
final class AuditEntry {

	/**
	 * Builds the entry.
	 *
	 * @param int    $id         Row ID.
	 * @param int    $actor_id   Who made the change (0: the system, WP-CLI, an order or a deleted account).
	 * @param string $action     grant, extend, take_back.
	 * @param int    $grant_id   Grant.
	 * @param int    $license_id Seat (0: the grant as a whole).
	 * @param int    $owner_id   Owner of the grant.
	 * @param int    $product_id Item.
	 * @param string $details    Short JSON of what changed.
	 * @param int    $created_at Unix seconds.
	 */
	public function __construct(
		public readonly int $id,
		public readonly int $actor_id,
		public readonly string $action,
		public readonly int $grant_id,
		public readonly int $license_id,
		public readonly int $owner_id,
		public readonly int $product_id,
		public readonly string $details,
		public readonly int $created_at
	) {}

	/**
	 * An entry from a database row.
	 *
	 * @param array<string, mixed> $row Row.
	 */
	public static function from_row( array $row ): self {
		return new self(
			(int) $row['id'],
			(int) $row['actor_id'],
			(string) $row['action'],
			(int) $row['grant_id'],
			(int) $row['license_id'],
			(int) $row['owner_id'],
			(int) $row['product_id'],
			(string) $row['details'],
			(int) $row['created_at']
		);
	}

	/**
	 * The details as an array (empty when they are not JSON).
	 *
	 * @return array<string, mixed>
	 */
	public function details(): array {
		$decoded = json_decode( $this->details, true );
		return is_array( $decoded ) ? $decoded : array();
	}
}
