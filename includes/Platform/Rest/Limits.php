<?php
/**
 * Upper bounds of the REST routes' integer arguments.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Platform\Rest;

/**
 * Every integer argument has a minimum and a maximum in its schema, so a huge number is refused
 * with 400 instead of overflowing (PHP_INT_MAX as a page used to wrap to page 1).
 */
final class Limits {

	/**
	 * Highest page of a paged list (a million rows at ten a page is far beyond any library).
	 */
	public const MAX_PAGE = 100000;

	/**
	 * Highest ID (item, seat, notification, contract): 2^53 - 1, the largest integer that
	 * JavaScript's Number holds exactly, so the browser never rounds an ID it sends back.
	 */
	public const MAX_ID = 9007199254740991;
}
