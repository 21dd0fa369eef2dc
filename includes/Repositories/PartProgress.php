<?php
/**
 * The stored progress of one part.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Repositories;

/**
 * How much of one part (video) of an item a user has watched, and when that was last raised.
 */
final class PartProgress {

	/**
	 * Builds the value.
	 *
	 * @param int $percent    Watched share, 0-100.
	 * @param int $updated_at Unix seconds of the last raise.
	 */
	public function __construct(
		public readonly int $percent,
		public readonly int $updated_at
	) {}
}
