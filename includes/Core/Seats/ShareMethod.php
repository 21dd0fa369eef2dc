<?php
/**
 * How a seat was shared.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

/**
 * A seat reaches a team member through a share link or an e-mail invitation. Stored as the
 * string values.
 */
enum ShareMethod: string {
	case Link  = 'link';
	case Email = 'email';
}
