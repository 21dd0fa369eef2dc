<?php
/**
 * License counts of one library row.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

use LibraryPortal\Core\Rows\Expiry;

/**
 * Counts over the seats of one library row, as the items reply gives them.
 *
 * A seat is an array with holder_id, state (available | assigned | activated), shared,
 * activated_at and expires_at. Expired seats count only as expired.
 */
final class LicenseSummary {

	/**
	 * Every seat of the row.
	 *
	 * @var int
	 */
	public int $total = 0;

	/**
	 * Unexpired, activated seats.
	 *
	 * @var int
	 */
	public int $active = 0;

	/**
	 * Unexpired seats nobody holds yet.
	 *
	 * @var int
	 */
	public int $available = 0;

	/**
	 * Seats past their expiry.
	 *
	 * @var int
	 */
	public int $expired = 0;

	/**
	 * Whether the viewer's own seat is activated.
	 *
	 * @var bool
	 */
	public bool $activated = false;

	/**
	 * When the viewer's seat was activated (0 = not activated).
	 *
	 * @var int
	 */
	public int $activated_at = 0;

	/**
	 * Whether the viewer holds an unexpired seat (activated or not).
	 *
	 * @var bool
	 */
	public bool $holds_valid_seat = false;

	/**
	 * Latest expiry of the row's seats (0 = never).
	 *
	 * @var int
	 */
	public int $expiry = 0;

	/**
	 * Counts the seats of one row as seen by one user.
	 *
	 * @param Seat[] $seats     Seats of the row.
	 * @param int    $viewer_id User looking at the row.
	 * @param int    $now       Unix seconds.
	 */
	public static function of( array $seats, int $viewer_id, int $now ): self {
		$summary  = new self();
		$expiries = array();
		foreach ( $seats as $seat ) {
			$expires_at = $seat->expires_at;
			$expired    = Expiry::has_passed( $expires_at, $now );
			$state      = $seat->state;
			$expiries[] = $expires_at;
			++$summary->total;

			if ( $expired ) {
				++$summary->expired;
			} elseif ( SeatState::Activated === $state ) {
				++$summary->active;
			} elseif ( SeatState::Available === $state ) {
				++$summary->available;
			}

			if ( $seat->holder_id === $viewer_id ) {
				if ( SeatState::Activated === $state ) {
					$summary->activated    = true;
					$summary->activated_at = max( $summary->activated_at, $seat->activated_at );
				}
				$summary->holds_valid_seat = $summary->holds_valid_seat || ! $expired;
			}
		}
		$summary->expiry = Expiry::latest( $expiries );
		return $summary;
	}

	/**
	 * Whether the row has seats and every one of them has expired.
	 */
	public function all_expired(): bool {
		return $this->total > 0 && $this->expired === $this->total;
	}
}
