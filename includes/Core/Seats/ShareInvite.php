<?php
/**
 * An opened share link.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

/**
 * What a working share link offers: whose seats, of which item, and how many are left.
 */
final class ShareInvite {

	/**
	 * Builds the invite.
	 *
	 * @param int    $link_id         Stored link.
	 * @param int    $sharer_id       Sharer.
	 * @param string $sharer_name     Sharer's display name.
	 * @param int    $product_id      Item.
	 * @param string $product_title   Item title.
	 * @param string $recipient_email Address the link was e-mailed to ('' for a copied link).
	 * @param int    $available       Seats nobody holds yet.
	 * @param int    $link_made_at    Unix seconds the link was made.
	 */
	public function __construct(
		public readonly int $link_id,
		public readonly int $sharer_id,
		public readonly string $sharer_name,
		public readonly int $product_id,
		public readonly string $product_title,
		public readonly string $recipient_email,
		public readonly int $available,
		public readonly int $link_made_at
	) {}
}
