<?php
/**
 * Catalogue items with video media for the learning tests.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Fixtures;

/**
 * Items whose meta reads like the catalogue's (docs/contract.md, "Catalogue meta of a `library_item` that the learning routes read"), and real
 * files under this test site's uploads folder (removed by cleanup()).
 */
final class LearningMedia {

	/**
	 * A multi-part item: parts with playlists and durations, one subtitle per part, an
	 * attachment and a test.
	 *
	 * @param string $title    Title.
	 * @param int    $parts    Number of parts (1 = a single video).
	 * @param int    $duration Seconds per part.
	 * @param string $type     Content type.
	 */
	public static function item( string $title, int $parts = 3, int $duration = 100, string $type = 'on-demand-workshop' ): int {
		$item_id = Library::item( $title, $type, $parts );
		$base    = self::url( (string) $item_id );
		if ( $parts >= 2 ) {
			$stored = array();
			for ( $i = 0; $i < $parts; $i++ ) {
				$stored[] = array(
					'title'    => 'Part ' . ( $i + 1 ),
					'url'      => "$base/part-$i/index.m3u8",
					'thumb'    => "$base/part-$i/thumb.jpg",
					'duration' => $duration,
				);
			}
			update_post_meta( $item_id, '_lp_video_parts', $stored );
		} else {
			update_post_meta( $item_id, '_lp_video_url', "$base/index.m3u8" );
			update_post_meta( $item_id, '_lp_video_duration', $duration );
		}
		$subtitles = array();
		$count     = max( 1, $parts );
		for ( $i = 0; $i < $count; $i++ ) {
			$subtitles[] = array(
				'url'      => "$base/part-$i/subtitles/en.vtt",
				'language' => 'English',
				'part'     => $i,
			);
		}
		update_post_meta( $item_id, '_lp_subtitles', $subtitles );
		update_post_meta( $item_id, '_lp_attachment_url', "$base/handout.pdf" );
		update_post_meta( $item_id, '_lp_video_id', 'hss-' . $item_id );
		update_post_meta(
			$item_id,
			'_lp_quiz',
			array(
				'pass_mark' => 0,
				'questions' => array(
					array(
						'id'      => 'q1',
						'text'    => 'One?',
						'answers' => array( 'a', 'b' ),
						'correct' => 1,
					),
				),
			)
		);
		return $item_id;
	}

	/**
	 * Writes a file under this site's uploads folder and returns its address.
	 *
	 * @param string $relative Path inside uploads/lp-media/.
	 * @param string $contents Contents.
	 */
	public static function file( string $relative, string $contents ): string {
		$path = self::root() . '/' . $relative;
		wp_mkdir_p( dirname( $path ) );
		file_put_contents( $path, $contents ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- a test fixture.
		return self::url( $relative );
	}

	/**
	 * Address of a path inside the fixtures' folder.
	 *
	 * @param string $relative Path inside it.
	 */
	public static function url( string $relative ): string {
		return content_url( substr( wp_normalize_path( self::root() ), strlen( wp_normalize_path( WP_CONTENT_DIR ) ) ) . '/' . $relative );
	}

	/**
	 * The fixtures' folder.
	 */
	public static function root(): string {
		return wp_upload_dir( null, false )['basedir'] . '/lp-media';
	}

	/**
	 * Removes every fixture file.
	 */
	public static function cleanup(): void {
		$root = self::root();
		if ( ! is_dir( $root ) ) {
			return;
		}
		$files = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $root, \FilesystemIterator::SKIP_DOTS ), \RecursiveIteratorIterator::CHILD_FIRST );
		foreach ( $files as $file ) {
			$file->isDir() ? rmdir( $file->getPathname() ) : unlink( $file->getPathname() ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir, WordPress.WP.AlternativeFunctions.unlink_unlink -- test fixtures.
		}
		rmdir( $root ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- test fixtures.
	}
}
