<?php
/**
 * A team member's status on one training.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Domain;

use LibraryPortal\Learning\TestReadiness;

/**
 * Spec point 4, "Playback status in the user table": completed with a certificate; Take Test
 * once the test may be taken and no certificate exists yet; in progress once started; else not
 * started. Take Test is TestReadiness's gate (every part at 95 % or more), as in the library
 * list (ItemStatus): parts at 100, 100 and 85 average 95 but the test is still locked. The values
 * are the list's status keys, so both tables read alike.
 */
final class PlaybackStatus {

	/**
	 * Every value, for the REST schemas.
	 *
	 * @return string[]
	 */
	public static function all(): array {
		return array( ItemStatus::NOT_STARTED, ItemStatus::IN_PROGRESS, ItemStatus::TAKE_TEST, ItemStatus::COMPLETED );
	}

	/**
	 * The status of a training.
	 *
	 * @param array{count: int, parts: array<int, array{count: int}>} $progress  Progress as LibraryService::progress_of() gives it.
	 * @param bool                                                     $certified Whether a valid certificate exists.
	 */
	public static function of( array $progress, bool $certified ): string {
		if ( $certified ) {
			return ItemStatus::COMPLETED;
		}
		if ( TestReadiness::all_parts_ready( array_map( 'intval', array_column( $progress['parts'], 'count' ) ) ) ) {
			return ItemStatus::TAKE_TEST;
		}
		return $progress['count'] > 0 ? ItemStatus::IN_PROGRESS : ItemStatus::NOT_STARTED;
	}
}
