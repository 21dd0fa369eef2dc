<?php
/**
 * Records a learner's progress report.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Learning;

use LibraryPortal\Core\Events;
use LibraryPortal\Core\Items\ItemMedia;
use LibraryPortal\Core\Rows\Access;
use LibraryPortal\Core\Rows\PartProgress;
use LibraryPortal\Core\Rows\ProgressRepository;
use LibraryPortal\Core\Rows\ProgressRules;
use LibraryPortal\Platform\Rest\Refusal;

/**
 * The contract's progress rule: a whole 5% step, a part that exists, no jump beyond what the
 * item's watching time allows (ProgressLimit, one clock per learner and item), never lowered (writes that only raise: of two
 * tabs writing at once the larger value stays), and the seat activated in the same request once
 * the part reaches ACTIVATION_PERCENT. It decides from the part's progress row as read in this
 * request, never from a reply built from it.
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
	 * Seconds per 5% step for a part whose length is unknown (the setting `unknown_length_pace`).
	 *
	 * @var int
	 */
	private int $unknown_length_pace;

	/**
	 * How often a raise is judged again after a parallel report of the item spent the clock first
	 * (each round one of the racing raises wins, so this covers a burst of this many).
	 */
	private const CLAIM_ROUNDS = 10;

	/**
	 * Wires the recorder.
	 *
	 * @param ProgressRepository $progress            Progress rows.
	 * @param SeatActivation     $activation          Seat activation.
	 * @param int                $unknown_length_pace Seconds per step for a part of unknown length.
	 */
	public function __construct( ProgressRepository $progress, SeatActivation $activation, int $unknown_length_pace = ProgressRules::UNKNOWN_LENGTH_PACE_SECONDS ) {
		$this->progress            = $progress;
		$this->activation          = $activation;
		$this->unknown_length_pace = max( 1, $unknown_length_pace );
	}

	/**
	 * Judges and stores one report. Every judged report moves the part's watching clock, whether
	 * it raised the part, changed nothing or was refused (ProgressLimit).
	 *
	 * @param int                      $user_id  User.
	 * @param array<string, mixed>     $row      Library row with access granted (LearnerRow::pick()).
	 * @param array<int, PartProgress> $progress The item's progress rows by part, as read in this request.
	 * @param ItemMedia                $media    The item's parts.
	 * @param int                      $part     0-based part.
	 * @param int                      $percent  Reported percent.
	 * @param int                      $now      Unix seconds.
	 * @return array{activated: bool, activation: bool, changed: bool, progress: array<int, PartProgress>|null}|Refusal
	 *         `changed`: a part was raised, and `progress` is the item's progress after it;
	 *         `activation`: a seat was activated here or by a parallel request (seats, counts and
	 *         access of the row may differ); `activated`: by this request.
	 */
	public function report( int $user_id, array $row, array $progress, ItemMedia $media, int $part, int $percent, int $now ) {
		if ( ! ProgressLimit::is_step( $percent ) ) {
			return new Refusal( 'invalid_progress', __( 'Progress must be a whole 5% step between 0 and 100.', 'library-portal' ), 400 );
		}
		if ( $part < 0 || $part >= $media->part_count() ) {
			return new Refusal( 'invalid_part', __( 'This video has no such part.', 'library-portal' ), 400 );
		}

		$product_id = (int) $row['product_id'];
		$length     = ProgressLimit::judged_length( $media->parts[ $part ]['duration'], $this->unknown_length_pace );
		for ( $round = 1; ; $round++ ) {
			$stored = $progress[ $part ] ?? null;
			$read   = null === $stored ? null : $stored->percent;
			// One clock for the item: the time watched is spent once, whichever part claims it.
			$credited = ProgressLimit::credited_until( ItemClock::of( $progress ), $length, $now );
			$allowed  = ProgressLimit::allowed( (int) $read, $credited, $length, $now );
			if ( $percent > $allowed && $percent > (int) $read ) {
				// The report still moves the clock (a part never reported gets its row at 0), so the
				// learner's next reports are measured from now and not from a week ago.
				$this->progress->keep( $user_id, $product_id, $part, $progress, $credited, $now );
				return self::too_fast( $allowed );
			}
			$watched = max( $percent, (int) $read );
			if ( $watched <= (int) $read ) {
				$changed = $this->progress->keep( $user_id, $product_id, $part, $progress, $credited, $now );
				break;
			}
			$outcome = $this->progress->raise( $user_id, $product_id, $part, $watched, $progress, ProgressLimit::spend( $credited, (int) $read, $watched, $length, $now ), $now );
			if ( ProgressRepository::LOST !== $outcome ) {
				$changed = ProgressRepository::RAISED === $outcome;
				break;
			}
			if ( $round >= self::CLAIM_ROUNDS ) {
				// Reports for this item keep arriving at the same instant: the player sends it again.
				return self::too_fast( (int) $read );
			}
			// A parallel report spent the clock first: judge this one again by what it left.
			$progress = $this->progress->for_item( $user_id, $product_id );
		}
		$activated  = false;
		$activation = $watched >= ProgressRules::ACTIVATION_PERCENT && in_array( $row['access'], array( Access::CAN_ACTIVATE, Access::SHARED ), true );
		if ( $activation ) {
			$activated = SeatActivation::ACTIVATED === $this->activation->activate( $user_id, $row, $now );
		}
		if ( $changed ) {
			// This request stored exactly this value; the other parts are as read at its start (a
			// part another tab raised in between shows in that tab's reply and in the next one).
			$progress[ $part ] = new PartProgress( $percent, $now );
			self::announce( $user_id, $product_id, $part, $percent, (int) $read, $progress, $media->part_count() );
		}
		return array(
			'activated'  => $activated,
			'activation' => $activation,
			'changed'    => $changed,
			'progress'   => $changed ? $progress : null,
		);
	}

	/**
	 * The refusal of a report above what the time watched allows.
	 *
	 * @param int $allowed The highest percent the report could have claimed.
	 */
	private static function too_fast( int $allowed ): Refusal {
		return new Refusal(
			'progress_too_fast',
			__( 'This progress cannot be saved: more of the video was marked as watched than the time since the last report allows.', 'library-portal' ),
			409,
			array( 'allowed_percent' => $allowed )
		);
	}

	/**
	 * The actions of a raise (Core\Events). A raise is stored by one conditional write that a
	 * parallel report of the same item loses (one watching clock per item), and the loser judges
	 * again from what it reads then, so each step, part and item completes once. The item is
	 * complete when this raise took its last part to 100%.
	 *
	 * @param int                      $user_id    Learner.
	 * @param int                      $product_id Item.
	 * @param int                      $part       The part raised.
	 * @param int                      $percent    Its percent now.
	 * @param int                      $previous   Its percent before.
	 * @param array<int, PartProgress> $progress   The item's parts with this raise.
	 * @param int                      $parts      How many parts the item has.
	 */
	private static function announce( int $user_id, int $product_id, int $part, int $percent, int $previous, array $progress, int $parts ): void {
		Events::progress_step( $user_id, $product_id, $part, $percent, $previous );
		if ( ProgressRules::COMPLETE_PERCENT > $percent ) {
			return;
		}
		Events::part_completed( $user_id, $product_id, $part );
		for ( $index = 0; $index < $parts; $index++ ) {
			if ( ! isset( $progress[ $index ] ) || $progress[ $index ]->percent < ProgressRules::COMPLETE_PERCENT ) {
				return;
			}
		}
		Events::item_completed( $user_id, $product_id );
	}
}
