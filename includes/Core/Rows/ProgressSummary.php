<?php
/**
 * A row's watching progress.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

/**
 * `video_data.progress` of a library row, a share record or a team row, from the stored progress by part
 * (docs/rules/learning-and-progress.md, "Watching: progress, activation, subtitles, media").
 */
final class ProgressSummary {

	/**
	 * `video_data.progress` of a row: every part's percent and time, the rounded average, the
	 * latest time.
	 *
	 * @param int                      $part_count Parts of the item (1 for a single video).
	 * @param array<int, PartProgress> $progress   Stored progress by part.
	 * @return array{count: int, time: int, parts: array<int, array{count: int, time: int}>}
	 */
	public static function of( int $part_count, array $progress ): array {
		$parts = array();
		$count = max( 1, $part_count );
		for ( $i = 0; $i < $count; $i++ ) {
			$part    = $progress[ $i ] ?? null;
			$parts[] = array(
				'count' => $part ? $part->percent : 0,
				'time'  => $part ? $part->updated_at : 0,
			);
		}
		$last = 0;
		foreach ( $progress as $part ) {
			$last = max( $last, $part->updated_at );
		}
		return array(
			'count' => (int) round( max( 0, min( 100, array_sum( array_column( $parts, 'count' ) ) / count( $parts ) ) ) ),
			'time'  => $last,
			'parts' => $parts,
		);
	}
}
