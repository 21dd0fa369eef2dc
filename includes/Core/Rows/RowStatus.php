<?php
/**
 * A library row's status and playback status, judged from its own fields.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

/**
 * The status and playback status of a row as sent: a built row and a row patched after a
 * progress report are judged alike (docs/rules/learning-and-progress.md, "Watching: progress, activation, subtitles, media").
 */
final class RowStatus {

	/**
	 * A row as sent, with new progress: what a progress report that raised a part (and spent no
	 * seat) answers with. Only `video_data.progress` and the status depend on progress, so the
	 * rest of the row stays as read and nothing else is queried. Same rules as item().
	 *
	 * @param array<string, mixed>     $row      Row as sent (ItemLookup).
	 * @param array<int, PartProgress> $progress The item's progress by part, as stored now.
	 * @return array<string, mixed>
	 */
	public static function with_progress( array $row, array $progress ): array {
		$watching                      = ProgressSummary::of( count( $row['video_data']['progress']['parts'] ), $progress );
		$row['video_data']['progress'] = $watching;
		$row['status']                 = self::status( $row );
		$row['playback_status']        = self::playback_status( $row );
		return $row;
	}

	/**
	 * Whether new progress may change a row's status or playback status. A certificate is earned
	 * or not whatever the progress does, so both cases are judged and either change counts: the
	 * caller then sends the whole row, read again with its certificate.
	 *
	 * @param array<string, mixed>     $row    Row as sent, or a seat row (seat_rows()).
	 * @param array<int, PartProgress> $before Progress by part before the report.
	 * @param array<int, PartProgress> $after  Progress by part after it.
	 */
	public static function moves_status( array $row, array $before, array $after ): bool {
		foreach ( array( false, true ) as $earned ) {
			$row['video_data']['pdf'] = $earned ? 'earned' : false;
			$then                     = self::with_progress( $row, $before );
			$now                      = self::with_progress( $row, $after );
			if ( $then['status'] !== $now['status'] || $then['playback_status'] !== $now['playback_status'] ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The status of a row, from the row's own fields, so a built row and a row patched
	 * after a progress report are judged alike.
	 *
	 * @param array<string, mixed> $row Row as sent.
	 */
	public static function status( array $row ): string {
		$parts = $row['video_data']['progress']['parts'];
		return ItemStatus::of(
			array(
				'content_type'       => (string) $row['content_type'],
				'tag'                => (string) $row['tag'],
				'share_user_id'      => (int) $row['share_user_id'],
				'activated'          => (bool) $row['activated'],
				'total_licenses'     => (int) $row['total_licenses'],
				'available_licenses' => (int) $row['available_licenses'],
				'expired_licenses'   => (int) $row['expired_licenses'],
				'progress'           => (int) $row['video_data']['progress']['count'],
				'test_ready'         => TestReadiness::all_parts_ready( array_map( 'intval', array_column( $parts, 'count' ) ) ),
				'has_certificate'    => false !== $row['video_data']['pdf'],
				'contract_ended'     => 'contract' === $row['tag'] && Access::NO_LICENSE === $row['access'],
			)
		);
	}

	/**
	 * The playback status of a row, the user table's column (Your Progress): the same
	 * rule as a team member's row (TeamProgress).
	 *
	 * @param array<string, mixed> $row Row as sent.
	 */
	public static function playback_status( array $row ): string {
		return PlaybackStatus::of( $row['video_data']['progress'], false !== $row['video_data']['pdf'], (string) $row['content_type'], self::expired( $row ) );
	}

	/**
	 * Whether a row has run out: its list status says Expired, or (an e-course or e-manual, whose
	 * list status stays Purchased) every seat has expired.
	 *
	 * @param array<string, mixed> $row Row as sent.
	 */
	public static function expired( array $row ): bool {
		return ItemStatus::EXPIRED === $row['status']
			|| ( 'member' !== $row['tag'] && (int) $row['total_licenses'] > 0 && (int) $row['expired_licenses'] >= (int) $row['total_licenses'] );
	}
}
