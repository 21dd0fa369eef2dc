<?php
/**
 * Records a learner's progress report.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

use LibraryPortal\Domain\Access;
use LibraryPortal\Repositories\PartProgress;
use LibraryPortal\Repositories\ProgressRepository;
use LibraryPortal\Rest\ErrorReply;
use WP_Error;

/**
 * The contract's progress rule: a whole 5% step, a part that exists, no jump beyond what the
 * time since the last raise allows (ProgressLimit), never lowered (one upsert that only raises:
 * of two tabs writing at once the larger value stays), and the seat activated in the same
 * request once the part reaches ACTIVATION_PERCENT.
 */
final class ProgressRecorder {

	/**
	 * Progress rows.
	 *
	 * @var ProgressRepository
	 */
	private ProgressRepository $progress;

	/**
	 * Seat activation.
	 *
	 * @var SeatActivation
	 */
	private SeatActivation $activation;

	/**
	 * Wires the recorder.
	 *
	 * @param ProgressRepository $progress   Progress rows.
	 * @param SeatActivation     $activation Seat activation.
	 */
	public function __construct( ProgressRepository $progress, SeatActivation $activation ) {
		$this->progress   = $progress;
		$this->activation = $activation;
	}

	/**
	 * Judges and stores one report.
	 *
	 * @param int                  $user_id User.
	 * @param array<string, mixed> $row     Library row with access granted (LearnerRow::pick()).
	 * @param ItemMedia            $media   The item's parts.
	 * @param int                  $part    0-based part.
	 * @param int                  $percent Reported percent.
	 * @param int                  $now     Unix seconds.
	 * @return array{activated: bool, activation: bool, changed: bool, progress: array<int, \LibraryPortal\Repositories\PartProgress>|null}|WP_Error
	 *         `changed`: a part was raised, and `progress` is the item's progress after it;
	 *         `activation`: a seat was activated here or by a parallel request (seats, counts and
	 *         access of the row may differ); `activated`: by this request.
	 */
	public function report( int $user_id, array $row, ItemMedia $media, int $part, int $percent, int $now ) {
		if ( ! ProgressLimit::is_step( $percent ) ) {
			return ErrorReply::error( 'invalid_progress', __( 'Progress must be a whole 5% step between 0 and 100.', 'library-portal' ), 400 );
		}
		if ( $part < 0 || $part >= $media->part_count() ) {
			return ErrorReply::error( 'invalid_part', __( 'This video has no such part.', 'library-portal' ), 400 );
		}

		$product_id = (int) $row['product_id'];
		$stored     = self::stored( $row, $part );
		$allowed    = ProgressLimit::allowed( $stored, $media->parts[ $part ]['duration'], $now );
		if ( $percent > $allowed && ( null === $stored || $percent > $stored->percent ) ) {
			if ( null === $stored ) {
				// A learner who skips ahead at once gets a clock to measure the next reports by.
				$this->progress->record( $user_id, $product_id, $part, 0, $now );
			}
			return new WP_Error(
				'progress_too_fast',
				__( 'This progress cannot be saved: more of the video was marked as watched than the time since the last report allows.', 'library-portal' ),
				array(
					'status'          => 409,
					'allowed_percent' => $allowed,
				)
			);
		}
		$changed = false;
		if ( null === $stored || $percent > $stored->percent ) {
			$changed = $this->progress->record( $user_id, $product_id, $part, $percent, $now );
		}

		$watched    = max( $percent, null === $stored ? 0 : $stored->percent );
		$activated  = false;
		$activation = $watched >= ProgressRules::ACTIVATION_PERCENT && in_array( $row['access'], array( Access::CAN_ACTIVATE, Access::SHARED ), true );
		if ( $activation ) {
			$activated = SeatActivation::ACTIVATED === $this->activation->activate( $user_id, $row, $now );
		}
		return array(
			'activated'  => $activated,
			'activation' => $activation,
			'changed'    => $changed,
			'progress'   => $changed ? self::raised( $row, $part, $percent, $now ) : null,
		);
	}

	/**
	 * The part's progress as the row read it from the database in this request (ItemLookup builds
	 * rows from the tables, never from the cache), or null when the part has no row yet (a stored
	 * row always has a time). Saves reading the same row twice in the request every player sends.
	 *
	 * @param array<string, mixed> $row  Library row.
	 * @param int                  $part 0-based part.
	 */
	private static function stored( array $row, int $part ): ?PartProgress {
		$entry = $row['video_data']['progress']['parts'][ $part ] ?? null;
		return is_array( $entry ) && (int) $entry['time'] > 0 ? new PartProgress( (int) $entry['count'], (int) $entry['time'] ) : null;
	}

	/**
	 * The item's progress after this request raised a part: the write stored exactly this value
	 * and time, the other parts are as read at the start of the request (a part another tab
	 * raised in between shows in that tab's reply and in the next one of this tab).
	 *
	 * @param array<string, mixed> $row     Library row as read.
	 * @param int                  $part    The raised part.
	 * @param int                  $percent Its new percent.
	 * @param int                  $now     Unix seconds of the write.
	 * @return array<int, PartProgress>
	 */
	private static function raised( array $row, int $part, int $percent, int $now ): array {
		$progress = array();
		foreach ( array_keys( (array) $row['video_data']['progress']['parts'] ) as $index ) {
			$stored = self::stored( $row, (int) $index );
			if ( null !== $stored ) {
				$progress[ (int) $index ] = $stored;
			}
		}
		$progress[ $part ] = new PartProgress( $percent, $now );
		return $progress;
	}
}
