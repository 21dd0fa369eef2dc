<?php
/**
 * Whether the test of an item may be taken.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

/**
 * Take Test: every part must be watched at least TAKE_TEST_PERCENT. One figure
 * for single videos too (docs/rules/README.md). The video reply, the quiz reply and the grading
 * route all ask this class, so the gate and its message cannot differ between them.
 */
final class TestReadiness {

	/**
	 * The contract's `test` object.
	 *
	 * @param array<int, array<string, mixed>> $parts_meta    The item's parts (at least `title`), in order; one entry for a single video.
	 * @param array<int, int>                  $part_percents Watched percent by 0-based part index (missing = 0).
	 * @param bool                             $has_questions Whether the item has a test.
	 * @return array{available: bool, ready: bool, incomplete_parts: array<int, array{index: int, title: string, percent: int}>, message: string}
	 */
	public static function for( array $parts_meta, array $part_percents, bool $has_questions ): array {
		$parts_meta = array_values( $parts_meta );
		if ( ! $parts_meta ) {
			$parts_meta = array( array( 'title' => '' ) );
		}

		$incomplete = array();
		foreach ( $parts_meta as $index => $part ) {
			$percent = max( 0, min( ProgressRules::COMPLETE_PERCENT, (int) ( $part_percents[ $index ] ?? 0 ) ) );
			if ( $percent >= ProgressRules::TAKE_TEST_PERCENT ) {
				continue;
			}
			$incomplete[] = array(
				'index'   => $index,
				'title'   => self::part_title( $part, $index ),
				'percent' => $percent,
			);
		}

		return array(
			'available'        => $has_questions,
			'ready'            => ! $incomplete,
			'incomplete_parts' => $incomplete,
			'message'          => $incomplete ? self::message( $incomplete, count( $parts_meta ) ) : '',
		);
	}

	/**
	 * The gate alone, for the library list's Take Test status: every part at
	 * TAKE_TEST_PERCENT or more. The same rule as for(), without building messages per row.
	 *
	 * @param int[] $part_percents Watched percent of every part (one entry for a single video).
	 */
	public static function all_parts_ready( array $part_percents ): bool {
		return $part_percents && min( $part_percents ) >= ProgressRules::TAKE_TEST_PERCENT;
	}

	/**
	 * A part's title, or "Part n" when the catalogue gives none.
	 *
	 * @param mixed $part  Part meta.
	 * @param int   $index 0-based index.
	 */
	private static function part_title( $part, int $index ): string {
		$title = is_array( $part ) ? trim( (string) ( $part['title'] ?? '' ) ) : '';
		/* translators: %d: 1-based part number. */
		return '' !== $title ? $title : sprintf( __( 'Part %d', 'library-portal' ), $index + 1 );
	}

	/**
	 * The spec's sentence for a learner who has not watched enough.
	 *
	 * @param array<int, array{index: int, title: string, percent: int}> $incomplete Parts below the threshold.
	 * @param int                                                        $count      Number of parts.
	 */
	private static function message( array $incomplete, int $count ): string {
		if ( $count <= 1 ) {
			return sprintf(
				/* translators: %d: percent of the video that must be watched. */
				__( 'You need to watch at least %d%% of the video before taking the test.', 'library-portal' ),
				ProgressRules::TAKE_TEST_PERCENT
			);
		}
		$listed = array_map(
			/* translators: 1: part title, 2: watched percent. */
			static fn( array $part ): string => sprintf( __( '%1$s (%2$d%%)', 'library-portal' ), $part['title'], $part['percent'] ),
			$incomplete
		);
		return sprintf(
			/* translators: 1: percent of each part that must be watched, 2: list of parts such as "Part 1 (40%), Part 3 (0%)". */
			__( 'You need to watch at least %1$d%% of each part before taking the test. Incomplete parts: %2$s', 'library-portal' ),
			ProgressRules::TAKE_TEST_PERCENT,
			implode( ', ', $listed )
		);
	}
}
