<?php
/**
 * Durations filled from the playlists on save.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Learning;

use LibraryPortal\Learning\PlaylistDuration;
use LibraryPortal\Tests\Fixtures\LearningMedia;
use LibraryPortal\Tests\Fixtures\Library;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Saving an item whose duration is 0 sums its playlist's #EXTINF; a duration already set, a
 * playlist on another host or one that cannot be read leave the meta as it was.
 */
final class PlaylistDurationTest extends TestCase {

	private const PLAYLIST = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.000,\nseg0.ts\n#EXTINF:4.000,\nseg1.ts\n#EXTINF:2.600,\nseg2.ts\n#EXT-X-ENDLIST\n";

	public function tear_down() {
		LearningMedia::cleanup();
		parent::tear_down();
	}

	/**
	 * Saves a post as wp-admin does (save_post runs).
	 *
	 * @param int $item Item.
	 */
	private static function save( int $item ): void {
		wp_update_post(
			array(
				'ID'         => $item,
				'post_title' => get_the_title( $item ) . ' (edited)',
			)
		);
	}

	public function test_a_single_video_gets_the_sum_of_its_segments(): void {
		$item = Library::item( 'Webinar to time', 'on-demand-webinar' );
		update_post_meta( $item, '_lp_video_url', LearningMedia::file( 'w/index.m3u8', self::PLAYLIST ) );

		self::save( $item );

		$this->assertSame( '11', get_post_meta( $item, '_lp_video_duration', true ), '4 + 4 + 2.6 = 10.6, rounded.' );
	}

	public function test_parts_without_a_duration_are_filled_and_others_kept(): void {
		$item = Library::item( 'Workshop to time', 'on-demand-workshop', 3 );
		$url  = LearningMedia::file( 'p/index.m3u8', self::PLAYLIST );
		update_post_meta(
			$item,
			'_lp_video_parts',
			array(
				array(
					'title' => 'One',
					'url'   => $url,
				),
				array(
					'title'    => 'Two',
					'url'      => $url,
					'duration' => 99,
				),
				array(
					'title'    => 'Three',
					'url'      => 'https://cdn.example.net/p/index.m3u8',
					'duration' => 0,
				),
			)
		);

		self::save( $item );

		$this->assertSame( array( 11, 99, 0 ), array_map( static fn( $part ) => (int) ( $part['duration'] ?? 0 ), get_post_meta( $item, '_lp_video_parts', true ) ) );
	}

	public function test_a_master_playlist_is_followed_to_its_first_variant(): void {
		LearningMedia::file( 'm/720p/index.m3u8', self::PLAYLIST );
		$master = LearningMedia::file( 'm/master.m3u8', "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=1280x720\n720p/index.m3u8\n" );

		$this->assertSame( 11, PlaylistDuration::seconds( $master ) );
	}

	public function test_a_set_duration_another_host_or_a_missing_file_stay_as_they_are(): void {
		$set = Library::item( 'Timed webinar', 'on-demand-webinar' );
		update_post_meta( $set, '_lp_video_url', LearningMedia::file( 's/index.m3u8', self::PLAYLIST ) );
		update_post_meta( $set, '_lp_video_duration', 42 );
		$foreign = Library::item( 'Remote webinar', 'on-demand-webinar' );
		update_post_meta( $foreign, '_lp_video_url', 'https://cdn.example.net/w/index.m3u8' );

		self::save( $set );
		self::save( $foreign );

		$this->assertSame( '42', get_post_meta( $set, '_lp_video_duration', true ) );
		$this->assertSame( '', get_post_meta( $foreign, '_lp_video_duration', true ) );
		$this->assertSame( 0, PlaylistDuration::seconds( LearningMedia::url( 'missing/index.m3u8' ) ) );
		$this->assertSame( 0, PlaylistDuration::seconds( LearningMedia::url( 's/../../../wp-config.php' ) ) );
	}
}
