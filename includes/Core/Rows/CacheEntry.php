<?php
/**
 * One stored library reply.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Rows;

/**
 * A user's items reply (the whole body, gzip-compressed), the number of items in it (a page's
 * X-WP-Total without expanding the list), the key it was built for and the time it stays right.
 */
final class CacheEntry {

	/**
	 * Builds the entry.
	 *
	 * @param string $cache_key   Key the entry is valid for.
	 * @param int    $valid_until Unix seconds.
	 * @param string $payload     The reply's body, gzip-compressed (binary).
	 * @param int    $rows        Items in the reply.
	 */
	public function __construct(
		public readonly string $cache_key,
		public readonly int $valid_until,
		public readonly string $payload,
		public readonly int $rows = 0
	) {}

	/**
	 * Whether the entry answers a request with this key at this time.
	 *
	 * @param string $key Current key.
	 * @param int    $now Unix seconds.
	 */
	public function is_valid_for( string $key, int $now ): bool {
		return $this->cache_key === $key && $now < $this->valid_until;
	}
}
