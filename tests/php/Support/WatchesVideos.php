<?php
/**
 * A learner watching: progress reports as the player sends them.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Support;

use LibraryPortal\Tests\Fixtures\WatchingClock;

/**
 * For TestCase classes whose subject follows from watching (the public actions, the reports): a
 * report of a part's percent through the real route, after the item's watching clock says enough
 * time went by for it (the server refuses a raise faster than the time watched).
 */
trait WatchesVideos {

	/**
	 * A progress report as the player sends it; the route must accept it.
	 *
	 * @param int $user    Learner.
	 * @param int $item    Item.
	 * @param int $part    Part.
	 * @param int $percent Percent.
	 */
	private function report( int $user, int $item, int $part, int $percent ): void {
		WatchingClock::age( $user, $item, 25 ); // Watching on: the item's clock, every part.
		$reply = $this->rest(
			'POST',
			'/library/v2/video/progress/' . $item,
			array(
				'progress' => $percent,
				'part'     => $part,
			),
			$user
		);
		$this->assertSame( 200, $reply->get_status(), (string) wp_json_encode( $reply->get_data() ) );
	}
}
