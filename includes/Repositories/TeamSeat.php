<?php
/**
 * A seat an owner gave to a team member, as the team screens need it.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Repositories;

/**
 * The three facts the team screens read of a shared seat: which seat, which item, who holds it.
 * Lighter than Seat (no grant join, no state), because a team of 1,000 has thousands of them.
 */
final class TeamSeat {

	/**
	 * A shared seat.
	 *
	 * @param int $id         Seat (license) ID.
	 * @param int $product_id Catalogue item.
	 * @param int $holder_id  Team member holding it.
	 */
	public function __construct(
		public readonly int $id,
		public readonly int $product_id,
		public readonly int $holder_id
	) {}
}
