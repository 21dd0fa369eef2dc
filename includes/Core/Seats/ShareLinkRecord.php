<?php
/**
 * One stored share link.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

/**
 * A share link as the database holds it. Immutable: a revocation is a new read.
 */
final class ShareLinkRecord {

	/**
	 * Creates the record.
	 *
	 * @param int    $id              Link ID (in the payload).
	 * @param int    $owner_id        Sharer.
	 * @param int    $product_id      Item.
	 * @param int    $created_at      Unix seconds.
	 * @param int    $revoked_at      Unix seconds, 0 while the link works.
	 * @param string $recipient_email Address the link was e-mailed to ('' for a copied link).
	 * @param int    $used_at         Unix seconds an e-mailed link was accepted, 0 while it was not.
	 */
	public function __construct(
		public readonly int $id,
		public readonly int $owner_id,
		public readonly int $product_id,
		public readonly int $created_at,
		public readonly int $revoked_at,
		public readonly string $recipient_email = '',
		public readonly int $used_at = 0
	) {}

	/**
	 * Whether the sharer revoked the link.
	 */
	public function is_revoked(): bool {
		return $this->revoked_at > 0;
	}

	/**
	 * Whether an e-mailed link was accepted already (it works once).
	 */
	public function is_used(): bool {
		return $this->used_at > 0;
	}
}
