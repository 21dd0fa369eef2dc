<?php
/**
 * What taking back seats did.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

/**
 * Seats taken back from a grant, and how many of those asked for stayed because someone holds them.
 */
final class TakeBackResult {

	/**
	 * Builds the result.
	 *
	 * @param int[] $taken_ids IDs of the seats taken back.
	 * @param int   $kept      Seats that could not be taken: shared (assigned) or activated.
	 */
	public function __construct(
		public readonly array $taken_ids,
		public readonly int $kept
	) {}

	/**
	 * Number of seats taken back.
	 */
	public function taken(): int {
		return count( $this->taken_ids );
	}
}
