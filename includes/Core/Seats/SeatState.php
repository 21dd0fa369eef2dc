<?php
/**
 * The states of a seat.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

/**
 * A seat is available to its owner, assigned to a team member (shared, not started), or
 * activated (a person used it; it never comes back). Stored as the string values.
 */
enum SeatState: string {
	case Available = 'available';
	case Assigned  = 'assigned';
	case Activated = 'activated';
}
