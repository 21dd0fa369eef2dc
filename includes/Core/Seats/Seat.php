<?php
/**
 * One seat as read from the database.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

/**
 * A seat (license) with its grant's tag and contract: typed once here, so the services above
 * never cast database strings.
 */
final class Seat {

	/**
	 * Builds the seat.
	 *
	 * @param int       $id           Seat ID.
	 * @param int       $grant_id     Grant (purchase) it belongs to.
	 * @param int       $owner_id     Owner.
	 * @param int       $product_id   Item.
	 * @param int       $holder_id    Who holds it (0: nobody).
	 * @param SeatState $state        State.
	 * @param bool      $shared       Given to someone by its owner.
	 * @param int       $activated_at Unix seconds (0: not activated).
	 * @param int       $expires_at   Unix seconds (0: never).
	 * @param string    $tag          Grant tag ('' or 'member').
	 * @param int       $contract_id  Contract of the grant (0: none).
	 */
	public function __construct(
		public readonly int $id,
		public readonly int $grant_id,
		public readonly int $owner_id,
		public readonly int $product_id,
		public readonly int $holder_id,
		public readonly SeatState $state,
		public readonly bool $shared,
		public readonly int $activated_at,
		public readonly int $expires_at,
		public readonly string $tag,
		public readonly int $contract_id
	) {}

	/**
	 * A seat from a database row (ARRAY_A of LicenseRepository's seat columns).
	 *
	 * @param array<string, mixed> $row Row.
	 */
	public static function from_row( array $row ): self {
		return new self(
			(int) $row['id'],
			(int) $row['grant_id'],
			(int) $row['owner_id'],
			(int) $row['product_id'],
			(int) $row['holder_id'],
			SeatState::from( (string) $row['state'] ), // Throws on a state this code does not know.
			(bool) (int) $row['shared'],
			(int) $row['activated_at'],
			(int) $row['expires_at'],
			(string) $row['tag'],
			(int) $row['contract_id']
		);
	}
}
