<?php
/**
 * The team's progress as CSV rows.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Team;

use LibraryPortal\Platform\Rest\CsvResponse;

/**
 * One row per member and training (not in the spec: docs/rules/seats-and-sharing.md "Team progress"). Cells are text a person typed
 * (names, e-mails, titles), so each goes through CsvResponse::cell(): shown as typed, never run
 * as a formula.
 */
final class TeamCsv {

	/**
	 * Column titles.
	 *
	 * @return string[]
	 */
	public static function header(): array {
		return array(
			__( 'Member', 'library-portal' ),
			__( 'Email', 'library-portal' ),
			__( 'Training', 'library-portal' ),
			__( 'Status', 'library-portal' ),
			__( 'Percent', 'library-portal' ),
			__( 'Completed On', 'library-portal' ),
			__( 'Certificate', 'library-portal' ),
		);
	}

	/**
	 * The rows of a team (TeamProgress::for_owner()), header first, one at a time.
	 *
	 * @param array<int, array<string, mixed>> $team Team by user ID.
	 * @return \Generator<int, string[]>
	 */
	public static function rows( array $team ): \Generator {
		yield self::header();
		uasort( $team, static fn( array $a, array $b ) => array( strtolower( $a['name'] ), $a['id'] ) <=> array( strtolower( $b['name'] ), $b['id'] ) );
		foreach ( $team as $member ) {
			foreach ( $member['products'] as $product ) {
				$title        = '' !== $product['subtitle'] ? $product['title'] . ' - ' . $product['subtitle'] : $product['title'];
				$completed_at = (int) $product['video_data']['completed_at'];
				yield array_map(
					array( CsvResponse::class, 'cell' ),
					array(
						$member['name'],
						$member['email'],
						$title,
						self::status_label( $product['status'] ),
						(string) $product['video_data']['progress']['count'],
						$completed_at > 0 ? wp_date( 'Y-m-d', $completed_at ) : '',
						false !== $product['video_data']['pdf'] ? $product['video_data']['pdf'] : '',
					)
				);
			}
		}
	}

	/**
	 * The words of a playback status.
	 *
	 * @param string $status PlaybackStatus value.
	 */
	private static function status_label( string $status ): string {
		$labels = array(
			'completed'   => __( 'Completed', 'library-portal' ),
			'take-test'   => __( 'Take Test', 'library-portal' ),
			'in-progress' => __( 'In Progress', 'library-portal' ),
			'not-started' => __( 'Not Started', 'library-portal' ),
		);
		return $labels[ $status ] ?? $status;
	}
}
