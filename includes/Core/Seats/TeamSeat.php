<?php
/**
 * A seat an owner gave to a team member, as the team screens need it.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

/**
 * What the team screens read of a shared seat: which seat, which item, who holds it, and whether
 * the owner may still take it back. Lighter than Seat (no grant join), because a team of 1,000
 * has thousands of them.
 */
final class TeamSeat {

	/**
	 * A shared seat.
	 *
	 * @param int       $id         Seat (license) ID.
	 * @param int       $product_id Catalogue item.
	 * @param int       $holder_id  Team member holding it.
	 * @param SeatState $state      Assigned (not started) or activated.
	 * @param int       $expires_at Unix seconds, 0 = never.
	 */
	public function __construct(
		public readonly int $id,
		public readonly int $product_id,
		public readonly int $holder_id,
		public readonly SeatState $state = SeatState::Assigned,
		public readonly int $expires_at = 0
	) {}

	/**
	 * Whether `POST revoke-share/{id}` would take the seat back now: nobody started it and it has
	 * not expired (LicenseRepository::revoke_seat()'s own condition).
	 *
	 * @param int $now Unix seconds.
	 */
	public function revocable( int $now ): bool {
		return SeatState::Assigned === $this->state && ( 0 === $this->expires_at || $this->expires_at > $now );
	}
}
