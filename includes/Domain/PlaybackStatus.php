<?php
/**
 * A team member's status on one training.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Domain;

use LibraryPortal\Learning\ProgressRules;

/**
 * Spec point 4, "Playback status in the user table": completed with a certificate; Take Test
 * at 95% or more without one; in progress once started; else not started. The values are the
 * list's status keys, so both tables read alike.
 */
final class PlaybackStatus {

	/**
	 * The status of a training.
	 *
	 * @param int  $percent   Overall watched percent.
	 * @param bool $certified Whether a valid certificate exists.
	 */
	public static function of( int $percent, bool $certified ): string {
		if ( $certified ) {
			return ItemStatus::COMPLETED;
		}
		if ( $percent >= ProgressRules::TAKE_TEST_PERCENT ) {
			return ItemStatus::TAKE_TEST;
		}
		return $percent > 0 ? ItemStatus::IN_PROGRESS : ItemStatus::NOT_STARTED;
	}
}
